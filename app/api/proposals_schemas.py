"""Request and answer shapes of the proposals calls (docs/contracts.md "Proposals")."""
from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from app.api.fields import row_id
from app.services import intent_catalogue
from nlp.answer import MAX_CHARACTERS

KINDS = ("synonym", "intent", "phrasing")


class AcceptBodySchema(Schema):
    """POST .../proposals/{proposalId}/accept: every field optional; an empty body accepts as proposed."""

    class Meta:
        unknown = EXCLUDE

    productId = row_id(load_default=None, allow_none=True,
                       metadata={"description": "synonym: the product it is added to (required when the proposal "
                                                "names none)"})
    genericAnswer = fields.String(load_default=None, allow_none=True,
                                  validate=validate.Length(max=MAX_CHARACTERS),
                                  metadata={"description": "intent: its generic answer (else the default one)"})
    intent = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(
        sorted(entry["name"] for entry in intent_catalogue.CATALOGUE)),
        metadata={"description": "phrasing: the intent its sentences are examples of (else the closest one)"})


class EvidenceSchema(Schema):
    logId = fields.Integer(allow_none=True, metadata={"description": "the comment's log (null for a replay's)"})
    message = fields.String()
    source = fields.String(validate=validate.OneOf(("page", "replay")))


class ProposalSchema(Schema):
    _id = fields.Integer(data_key="_id")
    kind = fields.String(validate=validate.OneOf(KINDS))
    state = fields.String(validate=validate.OneOf(("open", "accepted", "rejected")))
    value = fields.String()
    comments = fields.Integer()
    commenters = fields.Integer()
    product = fields.String(allow_none=True)
    productId = fields.Integer(allow_none=True)
    category = fields.String(allow_none=True)
    how = fields.String(allow_none=True)
    intent = fields.String(allow_none=True)
    intentLabel = fields.String(allow_none=True)
    intentLabelFr = fields.String(allow_none=True)
    defaultAnswer = fields.String(allow_none=True)
    evidence = fields.List(fields.Nested(EvidenceSchema))


class ProposalsByKindSchema(Schema):
    synonym = fields.List(fields.Nested(ProposalSchema))
    intent = fields.List(fields.Nested(ProposalSchema))
    phrasing = fields.List(fields.Nested(ProposalSchema))


class ProductChoiceSchema(Schema):
    _id = fields.Integer(data_key="_id")
    name = fields.String()
    category = fields.String()


class ProposalsSchema(Schema):
    data = fields.Nested(ProposalsByKindSchema)
    products = fields.List(fields.Nested(ProductChoiceSchema))
    minCommenters = fields.Integer()


class DecidedSchema(Schema):
    data = fields.Nested(ProposalSchema)
