"""Meta's webhook callback: the GET verification handshake and signed POST deliveries of comment changes.

A delivery is answered 200 only after its comment changes are committed to the inbox; matching happens in
the workers (Chatwoot: perform_later, then render :ok), which the inbox's doorbell wakes.
"""
from __future__ import annotations

import json

from flask import Response, current_app, request
from flask.views import MethodView
from app import graph, log_context
from app.api.blueprint import Blueprint
from app.errors import DomainError, Forbidden
from app.services.pipeline import inbox
from app.webhooks.refusals import refuse

blp = Blueprint("webhooks", __name__, url_prefix="/api/v1/webhooks",
                description="Meta webhooks (X-Hub-Signature-256, no JWT)")


# Ids and times are far shorter; anything longer is no number Meta sends.
MAX_INTEGER_DIGITS = 40


class PayloadInvalid(DomainError):
    status, code, message = 400, "payload_invalid", "The body is not a webhook delivery"


def _graph_integer(digits: str) -> int | str:
    """A JSON integer of the delivery: Python refuses to read one of more than 4,300 digits as a number, which would
    refuse the whole delivery; as a string, it is one change's id that no row can hold."""
    return int(digits) if len(digits) <= MAX_INTEGER_DIGITS else digits


@blp.route("/meta")
class MetaWebhook(MethodView):
    @blp.alt_response(200, success=True, content_type="text/plain", description="the challenge, as the raw body")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    def get(self):
        """Verification handshake: the challenge back as the raw body when the verify token is ours."""
        challenge = graph.handshake(request.args, current_app.config["WEBHOOK_VERIFY_TOKEN"])
        if challenge is None:
            refuse(Forbidden("Verification failed", code="verification_failed"))
        return Response(challenge, mimetype="text/plain")

    @blp.alt_response(200, success=True, content_type="text/plain", description="EVENT_RECEIVED")
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    def post(self):
        """A signed delivery: every comment change is stored once, then queued for the workers."""
        raw = request.get_data(cache=False)
        if not graph.verify_signature(raw, request.headers.get("X-Hub-Signature-256"),
                                      current_app.config["META_APP_SECRET"]):
            refuse(Forbidden("Invalid signature", code="invalid_signature"))
        try:
            changes = graph.parse_changes(json.loads(raw, parse_int=_graph_integer))
        except (ValueError, RecursionError, graph.WebhookPayloadInvalid) as error:  # not JSON, too deep, not Meta's
            raise PayloadInvalid() from error
        # Signed, so the delivery is answered 200 whatever its changes hold: each one no row can hold is logged and
        # dropped here, before its ids are bound to the request's log lines, and its neighbours are stored.
        changes = inbox.storable_changes(changes)
        log_context.bind_changes(changes)
        inbox.store_changes(changes, source="webhook")
        return Response("EVENT_RECEIVED", mimetype="text/plain")
