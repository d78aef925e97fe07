"""Meta's app callbacks, called with a `signed_request` form field (docs/graph-api.md#app-removal-and-data-deletion):
deauthorize, when a person removes the app from their account, and data deletion, when they ask for their data to
be deleted. No JWT: the signature, keyed with the app secret, is the proof that Meta sent it. A field that is
missing, malformed or not signed by Meta is refused with 400 and changes nothing (refusals are throttled per
address, app/webhooks/refusals.py).
"""
from __future__ import annotations

from flask import current_app, jsonify
from flask.views import MethodView
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import UnprocessableEntity

from app import graph
from app.api.blueprint import Blueprint, stacked
from app.errors import DomainError
from app.services import app_removal, data_deletion
from app.webhooks.refusals import refuse

blp = Blueprint("meta_app", __name__, url_prefix="/api/v1/webhooks/meta",
                description="Meta's app callbacks: deauthorize and data deletion (signed_request, no JWT)")

# Meta's signed requests are a few hundred characters; this bounds what is hashed.
SIGNED_REQUEST_MAX = 4096


class SignedRequestRefused(DomainError):
    status, code, message = 400, "signed_request_invalid", "The signed request is not valid"


class SignedRequestForm(Schema):
    signed_request = fields.String(required=True, validate=validate.Length(min=1, max=SIGNED_REQUEST_MAX),
                                   metadata={"description": "<base64url signature>.<base64url JSON payload>"})


class DeauthorizedSchema(Schema):
    success = fields.Boolean()


class DeletionAnswerSchema(Schema):
    url = fields.String(metadata={"description": "the request's status page"})
    confirmation_code = fields.String()


@blp.errorhandler(UnprocessableEntity)
def _missing_field(error: UnprocessableEntity):
    """No signed_request field, or one too long: the same 400 as one that fails its check."""
    errors = (getattr(error, "data", None) or {}).get("messages") or {}
    return jsonify(message=SignedRequestRefused.message, code=SignedRequestRefused.code, errors=errors), 400


def _person(form: dict) -> str:
    """The app-scoped id of the person Meta's signed request is about."""
    try:
        return graph.parse_signed_request(form["signed_request"], current_app.config["META_APP_SECRET"]).user_id
    except graph.SignedRequestInvalid as error:
        refuse(SignedRequestRefused(f"The signed request is not valid: {error}"))


def _signed_callback(answer_schema):
    """What both callbacks are: the signed form in, `answer_schema` out, and the refusals documented."""
    return stacked(blp.arguments(SignedRequestForm, location="form"), blp.response(200, answer_schema),
                   blp.alt_response(400, response="BAD_REQUEST"), blp.alt_response(429, response="TOO_MANY_REQUESTS"))


@blp.route("/deauthorize")
class Deauthorize(MethodView):
    @_signed_callback(DeauthorizedSchema)
    def post(self, form):
        """The person removed the app: their tokens are forgotten and the pages they connected stop being answered,
        marked to reconnect."""
        app_removal.forget_user(_person(form))
        return {"success": True}


@blp.route("/data-deletion")
class DataDeletion(MethodView):
    @_signed_callback(DeletionAnswerSchema)
    def post(self, form):
        """The person asked for their data to be deleted: the request is stored and a worker deletes; the answer is
        the address where the person follows it and its confirmation code, as Meta specifies."""
        request = data_deletion.request_deletion(_person(form))
        return {"url": data_deletion.status_url(current_app.config, request.confirmation_code),
                "confirmation_code": request.confirmation_code}
