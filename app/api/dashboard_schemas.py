"""Path and answer shapes of the dashboard calls (spec 001 §3 "Dashboard intent row", "Dashboard post row", §7)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from app.models.pages import PLATFORMS
from app.services.dashboard import PERIODS

# The page's network id as the page calls take it (digits on both networks).
PAGE_ID_PATTERN = r"^[0-9]{1,64}$"


class DashboardPathSchema(Schema):
    pageId = fields.String(required=True,
                           validate=validate.Regexp(PAGE_ID_PATTERN, error="Must be a page id (digits)."))
    platform = fields.String(required=True, validate=validate.OneOf(PLATFORMS))
    period = fields.String(required=True, validate=validate.OneOf(tuple(PERIODS)),
                           metadata={"description": "all, week (the last 7 days) or day (the last 30 days)"})


class PostsPathSchema(DashboardPathSchema):
    # Kept for the original client's path only: never read, never a credential (the page token is the server's).
    accessToken = fields.String(required=True, metadata={"description": "ignored; any value"})


class IntentRowSchema(Schema):
    title = fields.String(metadata={"description": "the intent's English label"})
    title_fr = fields.String(metadata={"description": "its French label"})
    name = fields.String(metadata={"description": "the intent's name"})
    value = fields.Integer(metadata={"description": "comments whose best intent it is"})
    color = fields.String(metadata={"description": "the pie slice's colour"})


class DashboardPostSchema(Schema):
    id = fields.String()
    idPost = fields.String()
    message = fields.String()
    created_time = fields.String(allow_none=True)
    full_picture = fields.String(allow_none=True, metadata={"description": "Facebook posts"})
    media_url = fields.String(allow_none=True, metadata={"description": "Instagram media"})
    permalink_url = fields.String(allow_none=True, metadata={"description": "Facebook posts"})
    permalink = fields.String(allow_none=True, metadata={"description": "Instagram media"})


class PostRowSchema(Schema):
    post = fields.Nested(DashboardPostSchema)
    comments = fields.Integer()
    matched = fields.Integer()
    performance = fields.Integer(metadata={"description": "matched comments in percent, rounded"})


class PostsAnswerSchema(Schema):
    data = fields.List(fields.Nested(PostRowSchema), metadata={"description": "the most commented posts first"})
