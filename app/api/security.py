"""The one way to authorize: every `/api/v1/secure/` call needs a valid, unrevoked JWT.

The check runs before any view (so even an unknown secure path answers 401, not 404), and the JWT
errors answer the product's JSON error shape. Views read the signed-in user with `current_user()`; a view
outside the secure prefix that needs a session says so with `@signed_in(blp)`, which also documents it.
A token is only taken when its claims are the ones we sign: a numeric subject and a token id (without one
it could never be revoked).
"""
from __future__ import annotations

import re
from functools import wraps

from flask import Flask, jsonify, request
from flask_jwt_extended import get_current_user, jwt_required, verify_jwt_in_request

from app.database import session
from app.extensions import jwt
from app.models import User
from app.services import auth

SECURE_PREFIX = "/api/v1/secure/"
BEARER = "bearerAuth"
SUBJECT_PATTERN = re.compile(r"[1-9][0-9]{0,9}")


def install(app: Flask, api) -> None:
    app.before_request(_require_jwt_on_secure_paths)
    api.spec.components.security_scheme(BEARER, {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})


def signed_in(blp, *, forbidden: bool = False):
    """The view needs a session: checked, and documented with the bearer scheme and its 401 answer (and 403 when
    the view also checks the caller's rights)."""
    def decorate(view):
        view = blp.alt_response(401, response="UNAUTHORIZED")(_session_required(view))
        if forbidden:
            view = blp.alt_response(403, response="FORBIDDEN")(view)
        return blp.doc(security=[{BEARER: []}])(view)
    return decorate


def _session_required(view):
    checked = jwt_required()(view)

    @wraps(view)
    def run(*args, **kwargs):
        # On a secure path the before-request hook has verified the token already: checking it again would load
        # the user and look up the revoked tokens twice on every call.
        if request.path.startswith(SECURE_PREFIX):
            return view(*args, **kwargs)
        return checked(*args, **kwargs)
    return run


def current_user() -> User:
    return get_current_user()


def _require_jwt_on_secure_paths():
    if request.path.startswith(SECURE_PREFIX) and request.method != "OPTIONS":
        verify_jwt_in_request()


def _unauthorized(message: str):
    return jsonify(message=message, code="not_authenticated"), 401


@jwt.token_verification_loader
def _claims_are_ours(_header, payload) -> bool:
    subject, token_id = payload.get("sub"), payload.get("jti")
    return (isinstance(subject, str) and SUBJECT_PATTERN.fullmatch(subject) is not None
            and isinstance(token_id, str) and 0 < len(token_id) <= 64)


@jwt.token_verification_failed_loader
def _claims_not_ours(_header, _payload):
    return _unauthorized("Invalid authorization token")


@jwt.user_lookup_loader
def _load_user(_header, payload) -> User | None:
    return session.get(User, int(payload["sub"]))


@jwt.user_lookup_error_loader
def _unknown_user(_header, _payload):
    return _unauthorized("Unknown user")


@jwt.token_in_blocklist_loader
def _revoked(_header, payload) -> bool:
    # Runs before the claims check: a token without an id is refused there, as not ours.
    token_id = payload.get("jti")
    return isinstance(token_id, str) and auth.is_revoked(token_id)


@jwt.unauthorized_loader
def _missing_token(reason: str):
    return _unauthorized("Missing authorization token")


@jwt.invalid_token_loader
def _invalid_token(reason: str):
    return _unauthorized("Invalid authorization token")


@jwt.expired_token_loader
def _expired_token(_header, _payload):
    return _unauthorized("The session has expired, sign in again")


@jwt.revoked_token_loader
def _revoked_token(_header, _payload):
    return _unauthorized("The session was closed, sign in again")
