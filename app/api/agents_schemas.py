"""Request and answer shapes of the agent calls (the specification's projects), with its field spellings
(spec 001 §3 "Project (agent)", "Intent", "Product answer", "Button", §7 "Agents").

The answers dump the ORM rows directly: `ProjectSchema().dump(agent)`.
"""
from __future__ import annotations

from datetime import timezone

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, pre_load, validate, validates_schema

from app.api.fields import row_id
from app.api.pages_schemas import NetworkId, StrictBoolean
from app.models.pages import PLATFORMS
from app.services import intent_catalogue

POST_MESSAGE_MAX = 63206  # Facebook's longest post (Instagram captions stop at 2200)
PICTURE_URL_MAX = 4096


def unwrap(key: str):
    """The original client sends some bodies wrapped (`{"post": {...}}`, `{"project": {...}}`): both are taken."""
    @pre_load
    def _unwrap(self, data, **_kwargs):
        if isinstance(data, dict) and isinstance(data.get(key), dict):
            return data[key]
        return data
    return _unwrap


# Answers

class UtcDateTime(fields.DateTime):
    """A stored time (naive UTC, app/models/base.py) written with its zone: 2026-11-20T10:00:00+00:00."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return super()._serialize(value, attr, obj, **kwargs)


class ButtonSchema(Schema):
    type = fields.String(metadata={"description": "web_url or phone_number"})
    title = fields.String()
    url = fields.String(metadata={"description": "web_url only"})
    webview_height_ratio = fields.String(metadata={"description": "web_url only: tall"})
    payload = fields.String(metadata={"description": "phone_number only: the number"})


class ProductAnswerSchema(Schema):
    _id = fields.Integer(attribute="id")
    product = fields.String(attribute="product_name")
    preAnswer = fields.String(attribute="answer", metadata={"description": "the specific answer for this product"})
    answers = fields.Dict(metadata={"description": "preAnswer in other languages, by language (en, fr, ar, tn)"})
    categorie = fields.String(attribute="category_name", allow_none=True)
    buttons = fields.List(fields.Nested(ButtonSchema))
    default = fields.Boolean(attribute="is_default")


class AgentIntentSchema(Schema):
    _id = fields.Integer(attribute="id")
    name = fields.Method("_label", metadata={"description": "the catalogue's English label (e.g. Price)"})
    name_fr = fields.Method("_label_fr")
    key = fields.String(attribute="intent_name", metadata={"description": "the matching engine's name (e.g. price)"})
    status = fields.String(metadata={"description": "old once saved (new is the client's unsaved state)"})
    genericAnswer = fields.String(attribute="generic_answer")
    answer = fields.Function(lambda intent: intent.generic_answer, metadata={"description": "same as genericAnswer"})
    answers = fields.Dict(metadata={"description": "genericAnswer in other languages, by language (en, fr, ar, tn)"})
    buttons = fields.List(fields.Nested(ButtonSchema))
    products = fields.List(fields.Nested(ProductAnswerSchema), attribute="product_answers")

    def _label(self, intent) -> str:
        return intent_catalogue.entry(intent.intent_name)["intent"]

    def _label_fr(self, intent) -> str:
        return intent_catalogue.entry(intent.intent_name)["intent_fr"]


class AgentPostSchema(Schema):
    """The agent's post as the client stored it (spec 001 §3: the post of a project)."""
    idPage = fields.String(attribute="page.external_id")
    name = fields.String(attribute="page.name", metadata={"description": "the page's name"})
    typePage = fields.String(attribute="page.platform", metadata={"description": "facebook or instagram"})
    idPost = fields.String(attribute="target_id", metadata={"description": "the page id itself for a generic agent"})
    picture = fields.String(attribute="post_picture", allow_none=True)
    message = fields.String(attribute="post_message")
    status = fields.String(attribute="post_status", allow_none=True)
    published = fields.String(attribute="post_published", allow_none=True)


class ProjectSchema(Schema):
    _id = fields.Integer(attribute="id")
    post = fields.Function(lambda agent: AgentPostSchema().dump(agent))
    intents = fields.List(fields.Nested(AgentIntentSchema))
    generic = fields.Boolean(attribute="is_generic")
    intentType = fields.Method("_intent_type", metadata={"description": "generic or default (specific)"})
    createDate = UtcDateTime(attribute="created_at")
    lastUpdate = UtcDateTime(attribute="updated_at")
    trained = fields.Boolean()
    live = fields.Boolean()
    pending = fields.Boolean()
    version = fields.Integer(metadata={"description": "bumped by every change of intents or answers"})
    trainedVersion = fields.Integer(attribute="trained_version", allow_none=True)
    logs = fields.Method("_logs", metadata={"description": "1 when the agent has comment logs, else 0"})
    published = fields.String(attribute="post_published", allow_none=True)

    def _intent_type(self, agent) -> str:
        return "generic" if agent.is_generic else "default"

    def _logs(self, agent) -> int:
        # Set by app/services/agents.py note_logs() on the rows it lists (one query for the whole list).
        return 1 if getattr(agent, "has_logs", False) else 0


class ActiveProjectPostSchema(Schema):
    idPost = fields.String(attribute="target_id")


class ActiveProjectSchema(Schema):
    """One entry of the wizard's agents of a page (spec 001 §3 "Active-project entry")."""
    _id = fields.Integer(attribute="id")
    post = fields.Function(lambda agent: ActiveProjectPostSchema().dump(agent))
    intents = fields.List(fields.Nested(AgentIntentSchema))
    trained = fields.Boolean()
    live = fields.Boolean()


class LiveAnswerSchema(Schema):
    status = fields.Boolean(metadata={"description": "false: refused, msg says why"})
    msg = fields.String(metadata={"description": "the English text, also the client's translation key"})
    code = fields.String(metadata={"description": "done, agent_limit, plan_expired, no_intents"})
    live = fields.Boolean()
    pending = fields.Boolean()
    trained = fields.Boolean(metadata={"description": "trained on its current version (an agent set live is "
                                                      "trained first): live and trained is an answering agent"})


# Requests

def _date_or_flag(value) -> None:
    if not isinstance(value, (str, bool)) or len(str(value)) > 64:
        raise ValidationError("Must be a date (a string) or true/false.")


class RequestSchema(Schema):
    """The original client sends its objects whole: fields a call does not read are ignored."""

    class Meta:
        unknown = EXCLUDE


class ProjectAddSchema(RequestSchema):
    _unwrap = unwrap("post")
    idPage = NetworkId(required=True)
    name = fields.String(load_default="", validate=validate.Length(max=255))
    typePage = fields.String(required=True, validate=validate.OneOf(PLATFORMS))
    idPost = fields.String(required=True, validate=validate.Regexp(r"^[0-9_]{1,128}$",
                                                                   error="Must be a post id or the page id."))
    picture = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=PICTURE_URL_MAX))
    message = fields.String(load_default="", allow_none=True, validate=validate.Length(max=POST_MESSAGE_MAX))
    status = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=32))
    published = fields.Raw(load_default=None, allow_none=True, validate=_date_or_flag,
                           metadata={"description": "the scheduled or published date (a string), or true/false"})


class ProjectRefSchema(RequestSchema):
    """`{"project": {"_id": 7}}`, `{"_id": 7}` or `{"id": 7}`; loads as `{"id": 7}`."""
    _unwrap = unwrap("project")
    _id = row_id(load_default=None)
    id = row_id(load_default=None)

    @validates_schema
    def _names_a_project(self, data, **_kwargs):
        if data["_id"] is None and data["id"] is None:
            raise ValidationError("The project's _id is required.", "_id")

    @post_load
    def _the_id(self, data, **_kwargs) -> dict:
        return {"id": data["_id"] or data["id"]}


class LiveSchema(RequestSchema):
    live = StrictBoolean(required=True)
    pending = StrictBoolean(load_default=None)
