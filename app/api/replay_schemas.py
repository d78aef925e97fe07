"""Request and answer shapes of the replay calls (docs/contracts.md "Replay before going live")."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from app.services.replay_results import GROUPS
from app.services.why import REASONS

INTENT_PATTERN = r"^[A-Za-z0-9_ -]{1,64}$"


class ReplayCommentsQuerySchema(Schema):
    group = fields.String(load_default="answered", validate=validate.OneOf(sorted(GROUPS)),
                          metadata={"description": "answered (the default), hidden, unanswered, or against the "
                                                   "previous replay: new (newly answered), lost (no longer "
                                                   "answered), changed"})
    reason = fields.String(validate=validate.OneOf(sorted(REASONS)),
                           metadata={"description": "only the unanswered comments with this reason"})
    intent = fields.String(validate=validate.Regexp(INTENT_PATTERN),
                           metadata={"description": "only the comments answered (or matched) with this intent"})
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=10_000))
    perPage = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class ReplyShape(Schema):
    text = fields.String()
    buttons = fields.List(fields.Dict())


class BestIntentSchema(Schema):
    intent = fields.String()
    score = fields.Float()
    inAgent = fields.Boolean()


class ReplayCommentSchema(Schema):
    commentId = fields.String()
    postId = fields.String(allow_none=True)
    message = fields.String()
    author = fields.String(allow_none=True)
    createdTime = fields.String(allow_none=True)
    language = fields.String(allow_none=True)
    answered = fields.Boolean()
    hidden = fields.Boolean()
    reason = fields.String(allow_none=True, metadata={"description": "why it stays unanswered (the agent messages "
                                                                     "screen's reasons); null when answered"})
    intent = fields.String(allow_none=True)
    product = fields.String(allow_none=True)
    reply = fields.Nested(ReplyShape, allow_none=True, metadata={"description": "the private reply it would get"})
    bestIntent = fields.Nested(BestIntentSchema, allow_none=True,
                               metadata={"description": "the model's best intent, whether the agent has it or not"})
    missingIntent = fields.String(allow_none=True, metadata={"description": "an intent above the threshold that "
                                                                            "the agent lacks"})
    change = fields.String(allow_none=True, metadata={"description": "new, lost or changed against the previous "
                                                                     "replay"})
    previous = fields.Dict(allow_none=True, metadata={"description": "the previous replay's answer: intent, "
                                                                     "product, reply, buttons"})


class ReplayCommentsSchema(Schema):
    items = fields.List(fields.Nested(ReplayCommentSchema))
    total = fields.Integer()
    page = fields.Integer()
    perPage = fields.Integer()


class ProgressSchema(Schema):
    commentsRead = fields.Integer()
    commentsDecided = fields.Integer()
    postsRead = fields.Integer(metadata={"description": "posts whose comments are all read"})
    postsTotal = fields.Integer(allow_none=True, metadata={"description": "posts the replay reads, null until known"})
    rateLimited = fields.Integer(metadata={"description": "rate-limit answers met (each waited out, then retried)"})


class ReplaySchema(Schema):
    id = fields.Integer()
    agentId = fields.Integer()
    agentVersion = fields.Integer(metadata={"description": "the agent version the replay ran"})
    agentVersionNow = fields.Integer()
    state = fields.String(metadata={"description": "running, done, cancelled or failed"})
    cancelRequested = fields.Boolean()
    progress = fields.Nested(ProgressSchema)
    startedAt = fields.String()
    finishedAt = fields.String(allow_none=True)
    error = fields.String(allow_none=True)
    summary = fields.Dict(allow_none=True, metadata={
        "description": "decided, answered, unanswered, hidden, byIntent, byProduct, byReason (counts)"})
    changes = fields.Dict(allow_none=True, metadata={
        "description": "against the previous finished replay: previousId, previousVersion, previousFinishedAt, "
                       "compared, new, lost, changed"})
    samples = fields.Dict(allow_none=True, metadata={
        "description": "the first comments of each group: answered, hidden, unanswered by reason, new, lost, "
                       "changed"})


class LatestReplaySchema(Schema):
    replay = fields.Nested(ReplaySchema, allow_none=True, metadata={"description": "null when never replayed"})
