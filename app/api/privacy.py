"""The status of a data deletion request, read by the /deletion/<code> page (public: the code is the key, random and
long, docs/graph-api.md#app-removal-and-data-deletion)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields

from app.api.blueprint import Blueprint
from app.errors import NotFound
from app.services import data_deletion

blp = Blueprint("privacy", __name__, url_prefix="/api/v1/deletion", description="Data deletion requests (no session)")


class DeletedSchema(Schema):
    account = fields.Integer(metadata={"description": "1 when the person's account was deleted, else 0"})
    comments = fields.Integer(metadata={"description": "their comments, on every page"})
    profiles = fields.Integer(metadata={"description": "their commenter profiles, one a page"})


class DeletionStatusSchema(Schema):
    confirmationCode = fields.String(attribute="confirmation_code")
    status = fields.String(attribute="state", metadata={"description": "pending or done"})
    requestedAt = fields.DateTime(attribute="requested_at")
    completedAt = fields.DateTime(attribute="completed_at", allow_none=True)
    deleted = fields.Nested(DeletedSchema, metadata={"description": "what was deleted, once done"})


class DeletionNotFound(NotFound):
    code, message = "deletion_not_found", "No data deletion request has this confirmation code"


@blp.route("/<string:code>")
class DeletionStatus(MethodView):
    @blp.response(200, DeletionStatusSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, code: str):
        """The request's status and, once done, what was deleted."""
        request = data_deletion.find(code)
        if request is None:
            raise DeletionNotFound()
        return request
