"""Request and answer shapes of the wizard calls (spec 001 §3, §5 "Validation rules", §7 "Wizard").

Responses and buttons are checked as Meta checks them when a private reply is sent (app/api/reply_fields.py), with
the specification's limits and messages. Whether the agent may have buttons at all (Facebook only) is the service's
check, since it depends on the agent.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from app.api.agents_schemas import ButtonSchema, RequestSchema
from app.api.fields import row_id
from app.api.pages_schemas import NetworkId
from app.api.reply_fields import answers_field, buttons_field, response_text
from app.models.pages import PLATFORMS
from app.services import intent_catalogue

NAME_MAX = 255
TEST_MESSAGE_MAX = 8000  # the Graph API's longest comment


class IntentField(fields.Field):
    """An intent of the catalogue: its name (price) or a label (Price, Prix), or a catalogue entry
    (`{"intent": "Price", "intent_fr": "Prix"}` or `{"name": ...}`). Loads as the intent's name."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, dict):
            value = value.get("intent") or value.get("name") or value.get("key")
        if not isinstance(value, str) or not value.strip():
            raise ValidationError("Must be an intent of the catalogue.")
        name = intent_catalogue.resolve(value)
        if name is None:
            raise ValidationError(f"Unknown intent: {value[:64]}.")
        return name


# Requests

class GenericAnswerSchema(RequestSchema):
    intent = IntentField(required=True)
    genericAnswer = response_text(required=True)
    answers = answers_field()
    buttons = buttons_field()

    @validates_schema
    def _not_empty(self, data, **_kwargs):
        if not data["genericAnswer"].strip():
            raise ValidationError("The generic response cannot be empty.", "genericAnswer")


class IntentRefSchema(RequestSchema):
    intent = IntentField(required=True)


class EntityRemoveSchema(IntentRefSchema):
    answer = row_id(required=True, metadata={"description": "the product answer's _id"})


class ProductAnswerInSchema(RequestSchema):
    """firstupdate, update and entitiesupdate: the specific answer of an intent for one product."""
    idPage = NetworkId(load_default=None)
    typePage = fields.String(load_default=None, validate=validate.OneOf(PLATFORMS))
    entity = fields.String(required=True, validate=validate.Length(min=1, max=NAME_MAX),
                           metadata={"description": "the product's name"})
    intent = IntentField(required=True)
    genericAnswer = response_text(load_default="")
    specificAnswer = response_text(required=True)
    answers = answers_field()  # specificAnswer's versions
    categorie = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=NAME_MAX),
                              metadata={"description": "the category the product is in (or is added to)"})
    buttons = buttons_field()

    @validates_schema
    def _named_and_answered(self, data, **_kwargs):
        if not data["entity"].strip():
            raise ValidationError("The product name is required.", "entity")
        if not data["specificAnswer"].strip():
            raise ValidationError("The specific answer is required.", "specificAnswer")


class ProductAnswerWithCategorySchema(ProductAnswerInSchema):
    """update: the first-update body plus the category the new product goes in."""
    categorie = fields.String(required=True, validate=validate.Length(min=1, max=NAME_MAX))

    @validates_schema
    def _category_named(self, data, **_kwargs):
        if not data["categorie"].strip():
            raise ValidationError("The category is required.", "categorie")


class TestTextSchema(RequestSchema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=TEST_MESSAGE_MAX))


class TestMessageSchema(RequestSchema):
    message = fields.Nested(TestTextSchema, required=True)
    idPost = fields.String(required=True, validate=validate.Regexp(r"^[0-9_]{1,128}$",
                                                                   error="Must be a post id or the page id."),
                           metadata={"description": "the page id for a generic agent, else the post id"})


# Answers

class IntentDefinitionSchema(Schema):
    _id = fields.Integer(attribute="id")
    name = fields.String(metadata={"description": "the matching engine's name"})
    intent = fields.String(attribute="label")
    intent_fr = fields.String(attribute="label_fr")
    kind = fields.String(metadata={"description": "generic or specific"})


class PostAgentSchema(Schema):
    _id = fields.Integer(attribute="id")
    trained = fields.Boolean()
    live = fields.Boolean()
    intents = fields.Integer(attribute="intent_count", metadata={"description": "how many intents it has"})
    status = fields.String(metadata={"description": "Active, Not Active, Draft, or empty when it has no intents"})


class PagePostSchema(Schema):
    id = fields.String()
    idPost = fields.String()
    type = fields.String(allow_none=True)
    message = fields.String()
    picture = fields.String(allow_none=True)
    permalink = fields.String(allow_none=True)
    created_time = fields.String(allow_none=True)
    agent = fields.Nested(PostAgentSchema, allow_none=True,
                          metadata={"description": "null when the post has no agent"})


class TestReplyTextSchema(Schema):
    text = fields.String()
    buttons = fields.List(fields.Nested(ButtonSchema))


class TestWhySchema(Schema):
    why = fields.Boolean(load_default=False, metadata={"description": "true: each reply with the comment's why"})


class TestReplySchema(Schema):
    response = fields.Nested(TestReplyTextSchema, allow_none=True,
                             metadata={"description": "null when the agent would not answer (with ?why=true only)"})
    intent = fields.String(metadata={"description": "the intent the reply answers"})
    product = fields.String(allow_none=True)
    commentLanguage = fields.String(metadata={"description": "the test comment's language (en, fr, ar, tn)"})
    answerLanguage = fields.String(metadata={"description": "the answer's version sent (en, fr, ar, tn), empty for "
                                                            "the default answer"})
    why = fields.Dict(metadata={"description": "with ?why=true: the test comment's why, as the agent messages give "
                                               "a live comment's (GET logEvent/post/{postId}/all), without actions"})


# firstupdate and update answer 'exist' (the intent already answers this product), 'not exist' (firstupdate only:
# the product is not in the page's catalogue, so the client asks for its category and calls update) or the project.
FIRST_UPDATE_ANSWER = {"oneOf": [{"type": "string", "enum": ["exist", "not exist"]}, {"type": "object"}],
                       "description": "'exist', 'not exist' or the project (as GET project/get/project answers it)"}
