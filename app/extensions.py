"""Flask extensions, created unbound here and bound to the app in create_app()."""
from flask_jwt_extended import JWTManager
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_smorest import Api
from marshmallow import Schema, fields


class ErrorSchema(Schema):
    """Every error answer of the API (app/errors.py writes them)."""

    message = fields.String(required=True, metadata={"description": "what went wrong, for a person"})
    code = fields.Raw(required=True, metadata={"description": "a stable error key, or the HTTP status"})
    errors = fields.Dict(metadata={"description": "invalid fields by location: {location: {field: [messages]}}"})


class ProductApi(Api):
    ERROR_SCHEMA = ErrorSchema


jwt = JWTManager()
api = ProductApi()
# Throttles the calls a stranger can make without a session (login, the contact form) per client address; the
# counters live in Redis, so every web process counts together.
limiter = Limiter(key_func=get_remote_address)
