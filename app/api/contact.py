"""The public site's contact form, newsletter sign-up and demo request (spec 000 §2, §5): no session needed,
so each client address may send only a few a minute."""
from __future__ import annotations

from flask import current_app, jsonify
from flask.views import MethodView
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import UnprocessableEntity

from app.api.auth_schemas import MessageSchema
from app.api.blueprint import Blueprint
from app.api.fields import required_text
from app.extensions import ErrorSchema, limiter
from app.services import contact

blp = Blueprint("contact", __name__, url_prefix="/api/v1/contact", description="Contact requests (no session)")
SENT = "Your contact request has been sent successfully"
TOO_MANY_REQUESTS = "Too many requests from your address, try again in a moment"
MESSAGE_MAX_LENGTH = 5000


class ContactSchema(Schema):
    """The fields and lengths of a contact request; the newsletter sends '----' for the ones it does not ask."""

    name = required_text(120)
    last_name = required_text(120)
    org = required_text(255)
    email = fields.Email(required=True, validate=validate.Length(max=254))
    phone = required_text(64)
    subject = required_text(255)
    msg = required_text(MESSAGE_MAX_LENGTH)
    # The original client sends the new request's status (false, spec 000 §3); a request is always stored
    # unanswered, whatever it says.
    status = fields.Boolean(load_only=True, metadata={"description": "sent as false by the client; ignored"})


# spec 000 §5 "Contact form": the fields are checked in this order, each failure with its message key.
VALIDATION_KEYS = (("name", "validNameErr"), ("last_name", "validLastNameErr"), ("org", "validOrgErr"),
                   ("email", "validEmailErr"), ("phone", "validPhoneErr"), ("subject", "validSubjectErr"),
                   ("msg", "validMsgErr"))


class ContactErrorSchema(ErrorSchema):
    key = fields.String(metadata={"description": "the message key of the first invalid field in the form's order "
                                                 "(validNameErr, validLastNameErr, validOrgErr, validEmailErr, "
                                                 "validPhoneErr, validSubjectErr, validMsgErr)"})


@blp.errorhandler(UnprocessableEntity)
def _invalid_contact(error: UnprocessableEntity):
    """The usual 422 (`errors` by location and field), plus `key`: the first failing field's message key."""
    errors = (getattr(error, "data", None) or {}).get("messages") or {}
    body = {"message": "Invalid request", "code": 422, "errors": errors} if errors else {
        "message": error.description or error.name, "code": 422}
    invalid = (errors.get("json") or {}) if isinstance(errors.get("json"), dict) else {}
    key = next((key for field, key in VALIDATION_KEYS if field in invalid), None)
    if key:
        body["key"] = key
    return jsonify(body), 422


@blp.route("/addContact")
class AddContact(MethodView):
    @limiter.limit(lambda: current_app.config["CONTACT_RATE_LIMIT"], error_message=TOO_MANY_REQUESTS)
    @blp.arguments(ContactSchema)
    @blp.response(200, MessageSchema)
    @blp.alt_response(422, schema=ContactErrorSchema, description="An invalid field (the first one's message key "
                                                                    "as `key`)")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    def post(self, body):
        """Record a contact, newsletter or demo request."""
        contact.record_request({name: value for name, value in body.items() if name != "status"})
        return {"message": SENT}
