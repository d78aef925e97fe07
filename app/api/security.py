"""The one way to authorize: every `/api/v1/secure/` call needs a valid, unrevoked JWT.

The check runs before any view (so even an unknown secure path answers 401, not 404), and the JWT
errors answer the product's JSON error shape. Views read the signed-in user with `current_user()`.
"""
from __future__ import annotations

from flask import Flask, jsonify, request
from flask_jwt_extended import get_current_user, verify_jwt_in_request

from app.database import session
from app.extensions import jwt
from app.models import User
from app.services import auth

SECURE_PREFIX = "/api/v1/secure/"


def install(app: Flask) -> None:
    app.before_request(_require_jwt_on_secure_paths)


def current_user() -> User:
    return get_current_user()


def _require_jwt_on_secure_paths():
    if request.path.startswith(SECURE_PREFIX) and request.method != "OPTIONS":
        verify_jwt_in_request()


def _unauthorized(message: str):
    return jsonify(message=message, code="not_authenticated"), 401


@jwt.user_lookup_loader
def _load_user(_header, payload) -> User | None:
    return session.get(User, int(payload["sub"]))


@jwt.user_lookup_error_loader
def _unknown_user(_header, _payload):
    return _unauthorized("Unknown user")


@jwt.token_in_blocklist_loader
def _revoked(_header, payload) -> bool:
    return auth.is_revoked(payload["jti"])


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
