"""Path, query and answer shapes of the Home screen's calls: a page's day and its alerts."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, post_load, validate

from app.api.dashboard_schemas import PAGE_ID_PATTERN
from app.models.alerts import ALERT_KINDS
from app.models.pages import PLATFORMS

# Time zones run from UTC-12 to UTC+14: a browser's getTimezoneOffset() is UTC minus local time, in minutes.
UTC_OFFSET_RANGE = (-14 * 60, 12 * 60)


class PagePathSchema(Schema):
    pageId = fields.String(required=True,
                           validate=validate.Regexp(PAGE_ID_PATTERN, error="Must be a page id (digits)."))
    platform = fields.String(required=True, validate=validate.OneOf(PLATFORMS))


class SummaryQuerySchema(Schema):
    # ASCII digits only: int() would also read "٩" or " 9".
    tzOffset = fields.String(load_default="0", validate=validate.Regexp(r"^-?[0-9]{1,3}$"), metadata={
        "description": "the reader's Date.getTimezoneOffset() (UTC minus local time, minutes, -840 to 720): today "
                       "starts at their midnight"})

    @post_load
    def offset_in_range(self, data: dict, **_kwargs) -> dict:
        offset = int(data["tzOffset"])
        if not UTC_OFFSET_RANGE[0] <= offset <= UTC_OFFSET_RANGE[1]:
            raise ValidationError("No time zone is this far from UTC.", "tzOffset")
        return {"tzOffset": offset}


class SkippedSchema(Schema):
    reason = fields.String(metadata={"description": "why not answered: not_matched, plan_limit, agent_not_live..."})
    count = fields.Integer()


class AgentCountsSchema(Schema):
    live = fields.Integer(metadata={"description": "live and trained: answering"})
    notLive = fields.Integer(metadata={"description": "trained, not live (the agents list's Not Active)"})
    draft = fields.Integer(metadata={"description": "not trained, not live (the agents list's Draft)"})
    untrained = fields.Integer(metadata={"description": "set live but not trained: answering nothing"})


class PageRefSchema(Schema):
    id = fields.String(metadata={"description": "the page's network id"})
    platform = fields.String()
    name = fields.String()


class SummarySchema(Schema):
    page = fields.Nested(PageRefSchema)
    since = fields.String(metadata={"description": "the reader's last midnight, UTC (ISO 8601)"})
    comments = fields.Integer(metadata={"description": "comments received since"})
    answered = fields.Integer(metadata={"description": "of them, answered (a private reply planned or sent)"})
    hidden = fields.Integer(metadata={"description": "comments hidden since"})
    skipped = fields.List(fields.Nested(SkippedSchema), metadata={"description": "the others by reason, most first"})
    agents = fields.Nested(AgentCountsSchema)


class AlertActionSchema(Schema):
    kind = fields.String(metadata={"description": "reconnect, edit_agent, agents or plans"})
    route = fields.String(metadata={"description": "the app's route that fixes it"})
    agentId = fields.Integer(allow_none=True, metadata={"description": "edit_agent: the agent to open"})


class AlertSchema(Schema):
    id = fields.Integer()
    kind = fields.String(metadata={"description": " | ".join(ALERT_KINDS)})
    raisedAt = fields.DateTime()
    read = fields.Boolean(metadata={"description": "read by the caller"})
    details = fields.Dict(metadata={"description": "what the texts show: error and agent, used and limit, plan "
                                                   "and expiresAt, usualPerDay and hours"})
    action = fields.Nested(AlertActionSchema)
    page = fields.Nested(PageRefSchema)


class AlertsSchema(Schema):
    alerts = fields.List(fields.Nested(AlertSchema), metadata={"description": "the open alerts, newest first"})
    unread = fields.Integer()


class UnreadSchema(Schema):
    unread = fields.Integer()
