"""The Graph API room: the one client that talks to Meta (or the sandbox), its typed errors, and the
webhook checks app/webhooks uses. Imports neither Flask nor the database; it takes plain settings.
"""
from app.graph.client import GraphClient
from app.graph.errors import (AlreadyReplied, GraphError, NotFound, Permanent, PermissionDenied, RateLimited,
                              TokenInvalid, Transient, classify)
from app.graph.signed_request import SignedRequest, SignedRequestInvalid
from app.graph.signed_request import parse as parse_signed_request
from app.graph.webhooks import CommentChange, WebhookPayloadInvalid, handshake, parse_changes, verify_signature

__all__ = [
    "GraphClient",
    "GraphError", "RateLimited", "TokenInvalid", "PermissionDenied", "NotFound", "AlreadyReplied", "Transient",
    "Permanent", "classify",
    "CommentChange", "WebhookPayloadInvalid", "verify_signature", "handshake", "parse_changes",
    "SignedRequest", "SignedRequestInvalid", "parse_signed_request",
]
