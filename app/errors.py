"""Typed domain errors and the one handler that turns every error into JSON `{"message", "code"}`.

Services raise `DomainError` subclasses with an HTTP status; views never catch them. HTTP errors from Flask,
werkzeug and flask-smorest (404, 405, 413, 422 validation) get the same JSON shape, never an HTML page.
"""
from __future__ import annotations

import logging

from flask import Flask, jsonify
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException

from app import database
from nlp.training import ModelUnavailable

log = logging.getLogger(__name__)


class DomainError(Exception):
    status = 400
    code = "bad_request"
    message = "Bad request"

    def __init__(self, message: str | None = None, *, code: str | None = None, status: int | None = None):
        super().__init__(message or self.message)
        self.message = message or self.message
        self.code = code or self.code
        self.status = status or self.status


class NotAuthenticated(DomainError):
    status, code, message = 401, "not_authenticated", "Authentication required"


class LoginFailed(DomainError):
    status, code, message = 401, "login_failed", "Connexion error with the server try again !"


class Forbidden(DomainError):
    status, code, message = 403, "forbidden", "You are not allowed to do this"


class NotFound(DomainError):
    status, code, message = 404, "not_found", "Not found"


class Conflict(DomainError):
    status, code, message = 409, "conflict", "Conflict"


class PlanLimitReached(DomainError):
    status, code, message = 403, "plan_limit", "You've reached the limit of your offer"


class UpstreamUnavailable(DomainError):
    status, code, message = 502, "upstream_unavailable", "The social network did not answer, try again"


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(DomainError, _domain_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(DBAPIError, _database_error)
    app.register_error_handler(ModelUnavailable, _model_unavailable)
    app.register_error_handler(Exception, _unexpected_error)


def _domain_error(error: DomainError):
    return jsonify(message=error.message, code=error.code), error.status


def _http_error(error: HTTPException):
    message = error.description or error.name
    errors = (getattr(error, "data", None) or {}).get("messages")
    body = {"message": message, "code": error.code}
    if errors:  # flask-smorest validation details: {location: {field: [messages]}}
        body["message"] = "Invalid request"
        body["errors"] = errors
    # The exception's own headers stay (Allow on a 405, Retry-After on a 429); the body is ours.
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    return jsonify(body), error.code, headers


def _database_error(error: DBAPIError):
    """A connection the database refused or cut (a restart, a failover, an administrator's kill) is a moment's
    unavailability, not a bug: 503 and Retry-After, so callers (Meta's webhook retries too) try again."""
    if not database.unavailable(error):
        return _unexpected_error(error)
    log.warning("database unavailable: %s", type(error.orig).__name__)
    return jsonify(message="The service is briefly unavailable, try again", code="database_unavailable"), 503, \
        {"Retry-After": "1"}


def _model_unavailable(error: ModelUnavailable):
    """The intent model is built at install (`python -m nlp train`), never inside a request (it takes a minute): until
    it is, what needs it (the chat simulator, proposals) answers 503, and /readyz says so."""
    log.error("%s", error)
    return jsonify(message="Comment matching is not available yet, try again later",
                   code="intent_model_unavailable"), 503


def _unexpected_error(error: Exception):
    if isinstance(error, HTTPException):
        return _http_error(error)
    log.exception("unexpected error")
    return jsonify(message="Internal server error", code=500), 500
