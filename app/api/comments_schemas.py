"""Request and answer shapes of the agent messages calls (spec 001 §3 "Log / comment", §7 "Comments"), with the
specification's spellings: `_id`, `comment_id`, `intent` (the matched intents), `manuelAnswer`, `publisher`.

Every log also carries `why` (docs/contracts.md "Agent messages"): what the matcher read in the comment, why it was
answered or not, and what was done on the network with its outcome.
"""
from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, pre_load, validate, validates

from app.api.fields import not_blank, row_id
from app.api.reply_fields import buttons_field, response_text

# A network id (digits), or a post id as Meta writes it (`{page id}_{post id}`).
POST_ID_PATTERN = r"^[0-9A-Za-z]{1,64}(?:_[0-9A-Za-z]{1,64})?$"
PUBLISHER_ID_PATTERN = r"^[0-9A-Za-z_.-]{1,64}$"
CURSOR_PATTERN = r"^[0-9]{1,20}$"


# Requests

class LogsQuerySchema(Schema):
    after = fields.String(validate=validate.Regexp(CURSOR_PATTERN, error="Must be a cursor from an earlier answer."),
                          metadata={"description": "the `cursor` of an earlier answer: only the logs created or "
                                                   "changed since then are answered"})


class RowRef(fields.Field):
    """One of our rows named by its `_id`: the object the client holds (`{"_id": 7, ...}`) or the bare id."""

    default_error_messages = {"invalid": "Must be an object with an _id, or an id."}

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, dict):
            value = value.get("_id", value.get("id"))
        if isinstance(value, bool) or value is None:
            raise self.make_error("invalid")
        return row_id().deserialize(value)


class ManualAnswerBodySchema(Schema):
    """POST .../logEvent/answer/comment/{platform}: `logs` (the log answered), `answer`, `project`, `buttons`."""

    class Meta:
        unknown = EXCLUDE

    logs = RowRef(required=True, metadata={"description": "the log answered: its `_id` or the log object"})
    answer = response_text(required=True, metadata={"description": "the private message, at most 640 characters"})
    project = RowRef(load_default=None, metadata={"description": "the agent (its `_id` or the object); when given "
                                                                 "it must be the log's agent"})
    buttons = buttons_field()

    @validates("answer")
    def _says_something(self, value, **_kwargs):
        not_blank(value)

    @pre_load
    def _null_buttons_are_none(self, data, **_kwargs):
        if isinstance(data, dict) and data.get("buttons") is None and "buttons" in data:
            data = {**data, "buttons": []}
        return data


class ProfileQuerySchema(Schema):
    idPage = fields.String(validate=validate.Regexp(r"^[0-9A-Za-z_.-]{1,64}$"),
                           metadata={"description": "only this page's profile of the commenter"})


# Answers

class NamesSchema(Schema):
    """How the network names a commenter (Instagram: a username, no first or last name)."""

    name = fields.String(allow_none=True)
    first_name = fields.String(allow_none=True)
    last_name = fields.String(allow_none=True)
    username = fields.String(allow_none=True)
    picture = fields.String(allow_none=True)


class PublisherSchema(NamesSchema):
    id = fields.String(allow_none=True)
    profile_picture_url = fields.String(allow_none=True)


class LogIntentSchema(Schema):
    intent = fields.String()
    score = fields.Float(metadata={"description": "0 to 1; the screen shows whole percentages"})
    resp = fields.String(allow_none=True, metadata={"description": "the answer sent for this intent"})
    buttons = fields.List(fields.Dict())


class ManualAnswerSchema(Schema):
    _id = fields.Integer()
    answer = fields.String()
    buttons = fields.List(fields.Dict())
    created_time = fields.String(metadata={"description": "ISO 8601, UTC"})
    sentBy = fields.String(allow_none=True, metadata={"description": "the team member's name"})
    message_id = fields.String(allow_none=True)
    error = fields.String(allow_none=True, metadata={"description": "Meta's refusal, \"code - message\""})
    status = fields.String(metadata={"description": "sent or failed"})


class WhyIntentSchema(Schema):
    intent = fields.String()
    score = fields.Float()
    inAgent = fields.Boolean(metadata={"description": "the agent has this intent"})
    aboveThreshold = fields.Boolean()


class WhyProductSchema(Schema):
    product = fields.String()
    category = fields.String()
    score = fields.Float()
    matchedBy = fields.String(allow_none=True, metadata={"description": "the catalogue spelling that matched: the "
                                                                        "product's name or one of its synonyms"})
    synonym = fields.Boolean(metadata={"description": "matchedBy is a synonym, not the name"})
    words = fields.String(allow_none=True, metadata={"description": "the comment's words that named it"})


class WhyActionSchema(Schema):
    kind = fields.String(metadata={"description": "private_reply, like, hide or public_reply"})
    manual = fields.Boolean(metadata={"description": "a team member's answer, not the agent's"})
    state = fields.String(metadata={"description": "planned, sending, done, failed, held or cancelled"})
    text = fields.String(allow_none=True, metadata={"description": "the private reply or public reply sent"})
    buttons = fields.List(fields.Dict())
    dueAt = fields.String(allow_none=True)
    sentAt = fields.String(allow_none=True)
    attempts = fields.Integer()
    error = fields.String(allow_none=True, metadata={"description": "the Graph API's error, \"code - message\""})
    resultId = fields.String(allow_none=True)
    note = fields.String(allow_none=True, metadata={
        "description": "on a done action whose call a crash cut off: sent (or liked) by an earlier attempt"})
    cancelled = fields.String(allow_none=True, metadata={
        "description": "why a cancelled action never went: removed (the comment was deleted by its author) or "
                       "too_old (past Meta's 7-day private-reply window)"})


class WhySchema(Schema):
    language = fields.String(allow_none=True, metadata={"description": "en, fr, ar or tn"})
    threshold = fields.Float(allow_none=True, metadata={"description": "the score an intent needs to match"})
    intents = fields.List(fields.Nested(WhyIntentSchema),
                          metadata={"description": "the best intents the model read, the agent's or not"})
    products = fields.List(fields.Nested(WhyProductSchema))
    answered = fields.Boolean(metadata={"description": "a private reply was planned or sent"})
    intent = fields.String(allow_none=True, metadata={"description": "the intent whose answer was sent"})
    product = fields.String(allow_none=True, metadata={"description": "the product whose answer was sent"})
    answerLanguage = fields.String(allow_none=True, metadata={
        "description": "the answer's version sent for the comment's language (en, fr, ar, tn), empty for the default "
                       "answer, null when the agent composed none"})
    reason = fields.String(allow_none=True, metadata={"description": "why nothing was answered (a key), or null"})
    reasonText = fields.String(allow_none=True, metadata={"description": "the reason in English"})
    negative = fields.Boolean()
    link = fields.Boolean()
    actions = fields.List(fields.Nested(WhyActionSchema))
    proposals = fields.List(fields.Dict(), metadata={"description": "the proposals this comment fed, not rejected: "
                                                                    "{_id, kind, value, target, state, agent}"})


class LogSchema(Schema):
    _id = fields.Integer()
    comment_id = fields.String()
    message = fields.String()
    created_time = fields.String(allow_none=True, metadata={"description": "ISO 8601, UTC"})
    success = fields.Boolean(metadata={"description": "matched"})
    intent = fields.List(fields.Nested(LogIntentSchema), metadata={"description": "the agent's matched intents"})
    publisher = fields.Nested(PublisherSchema)
    manuelAnswer = fields.List(fields.Nested(ManualAnswerSchema))
    treated = fields.Boolean(metadata={"description": "answered: by the agent (Treated) or by hand (Sent!)"})
    state = fields.String(metadata={"description": "treated, sent or untreated: what the screen shows"})
    link = fields.String(allow_none=True, metadata={"description": "the comment on the network"})
    idPost = fields.String(allow_none=True)
    idPage = fields.String()
    platform = fields.String()
    project = fields.Integer(allow_none=True, metadata={"description": "the agent's _id"})
    why = fields.Nested(WhySchema)


class LogsSchema(Schema):
    data = fields.List(fields.Nested(LogSchema), metadata={"description": "every log answered, oldest first"})
    matched = fields.List(fields.Nested(LogSchema), metadata={"description": "success true, newest first"})
    notMatched = fields.List(fields.Nested(LogSchema), metadata={"description": "success false, newest first"})
    matchedIntents = fields.List(fields.String(), metadata={"description": "distinct intent names of matched"})
    notMatchedIntents = fields.List(fields.String(),
                                    metadata={"description": "distinct intent names of not matched"})
    cursor = fields.String(metadata={"description": "pass as ?after= to get only what is newer or changed"})
    full = fields.Boolean(metadata={"description": "true: every log; false: only those changed since `after`"})


class LogAnswerSchema(Schema):
    data = fields.Nested(LogSchema, metadata={"description": "the updated log"})


class ProfileSchema(NamesSchema):
    publisherId = fields.String()
    idPage = fields.String()
    platform = fields.String()
    phone = fields.String(allow_none=True)
    email = fields.String(allow_none=True)
    birthday = fields.String(allow_none=True)
    adresse = fields.String(allow_none=True)
    comments = fields.Integer(metadata={"description": "comments this person wrote on the page"})


class ProfilesSchema(Schema):
    data = fields.List(fields.Nested(ProfileSchema),
                       metadata={"description": "the commenter's profile on each of the caller's pages, the most "
                                                "recently updated first: data[0] is the one the screen shows"})
