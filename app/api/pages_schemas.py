"""Request and answer shapes of the page calls, with the specification's field spellings (spec 000 §3, §7)."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from app.models.pages import DELAY_MODES, PLATFORMS
from app.services.pages import GROUPS
from app.services.pipeline.planning import MAX_DELAY_MS

# The Graph API limits a comment to 8000 characters; a longer public reply could never be posted.
PUBLIC_REPLY_MAX = 8000
NETWORK_ID_PATTERN = r"^[0-9]{1,64}$"


class NetworkId(fields.String):
    """A page's (or a person's) id on the network: its digits, as a string or as a JSON number."""

    def __init__(self, **kwargs):
        super().__init__(validate=validate.Regexp(NETWORK_ID_PATTERN, error="Must be a network id (digits)."),
                         **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        # The original client sends the ids it was given, but a JSON number names the same page.
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            value = str(value)
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """true or false only: a switch sent as "yes" or 1 is a client bug, not a setting."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


# Requests

class PageIdSchema(Schema):
    id = NetworkId(required=True, metadata={"description": "the page's (Instagram: the account's) network id"})


class OwnerSchema(PageIdSchema):
    idFacebook = NetworkId(required=True, metadata={"description": "the network id of the new owner"})


class DelaySchema(Schema):
    statut = fields.String(required=True, validate=validate.OneOf(DELAY_MODES))
    time = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_DELAY_MS)),
                       load_default=list, validate=validate.Length(max=2),
                       metadata={"description": "milliseconds: minutes x 60000 + seconds x 1000 (0-59 each); "
                                                "one for Exactly, from and to for Randomly"})

    @validates_schema
    def _times_fit_the_mode(self, data, **_kwargs):
        mode, times = data["statut"], data.get("time") or []
        if any(time % 1000 for time in times):
            raise ValidationError("Times are whole seconds in milliseconds.", "time")
        if mode == "Exactly" and len(times) != 1:
            raise ValidationError("Exactly takes one time.", "time")
        if mode == "Randomly" and (len(times) != 2 or times[0] > times[1]):
            raise ValidationError("Randomly takes a from time and a to time, from not after to.", "time")


class PreferencesSchema(Schema):
    platforme = fields.String(validate=validate.OneOf(PLATFORMS), metadata={"description": "facebook or instagram"})
    # Absent leaves the setting as it is (the original client sends no hideComment); null is no setting.
    likesComment = StrictBoolean(load_default=None, allow_none=False)
    spam = StrictBoolean(load_default=None, allow_none=False)
    hideComment = StrictBoolean(load_default=None, allow_none=False)
    keepComplaints = StrictBoolean(load_default=None, allow_none=False,
                                   metadata={"description": "with hideComment, hide abuse only and keep "
                                                            "complaints about the shop visible"})
    respReplies = fields.Nested(DelaySchema, load_default=None, allow_none=False)


class PublicReplySchema(Schema):
    statut = StrictBoolean(required=True)
    message = fields.String(load_default="", validate=validate.Length(max=PUBLIC_REPLY_MAX))

    @validates_schema
    def _a_reply_on_says_something(self, data, **_kwargs):
        if data["statut"] and not data["message"].strip():
            raise ValidationError("A public reply that is on needs a message.", "message")


# Answers

class TeamMemberSchema(Schema):
    idFacebook = fields.String()
    first_name = fields.String()
    last_name = fields.String()
    name = fields.String()
    role = fields.String(metadata={"description": "owner, invited_admin or invited_member"})
    idPage = fields.String()


class PublicReplyStateSchema(Schema):
    statut = fields.Boolean()
    message = fields.String()


class DelayStateSchema(Schema):
    statut = fields.String()
    time = fields.List(fields.Integer())


class PageSettingsSchema(Schema):
    idPage = fields.String()
    platform = fields.String()
    spam = fields.Boolean()
    likesComment = fields.Boolean()
    hideComment = fields.Boolean()
    keepComplaints = fields.Boolean()
    public_reply = fields.Nested(PublicReplyStateSchema)
    delay = fields.String()
    respReplies = fields.Nested(DelayStateSchema)
    whiteSet = fields.Boolean()


class PageSchema(PageSettingsSchema):
    id = fields.String()
    name = fields.String()
    namePage = fields.String()
    picture = fields.String(allow_none=True)
    imageUrl = fields.String(allow_none=True)
    isConnectedPage = fields.Boolean()
    isConnected = fields.Boolean()
    status = fields.String(metadata={"description": "the page's group"})
    user = fields.List(fields.Nested(TeamMemberSchema), metadata={"description": "the team (empty outside it)"})
    admins = fields.List(fields.Nested(TeamMemberSchema))
    fans = fields.Integer(metadata={"description": "fans (Instagram: followers)"})
    interactions = fields.Integer(metadata={"description": "new likes (Instagram: posts)"})
    fan_count = fields.Integer()
    new_like_count = fields.Integer()
    followers_count = fields.Integer()
    media_count = fields.Integer()
    username = fields.String(allow_none=True)
    profile_picture_url = fields.String(allow_none=True)
    needsReconnect = fields.Boolean(metadata={"description": "its comments are not answered until its owner connects "
                                                             "it again (shown to its team only)"})
    reconnectReason = fields.String(allow_none=True, metadata={"description": "why, when known: app_removed (the "
                                                                              "app was removed from the account that "
                                                                              "connected it), token_revoked, "
                                                                              "token_expired, token_expiring (the "
                                                                              "daily token check)"})


GroupsSchema = Schema.from_dict({group: fields.List(fields.Nested(PageSchema)) for group in GROUPS},
                                name="PageGroupsSchema")


class BothNetworksSchema(Schema):
    facebookPages = fields.Nested(GroupsSchema)
    instaPages = fields.Nested(GroupsSchema)


# The answer body of connect, disconnect, delete and make owner is a bare JSON true or false (the original client
# reads `data`: the body itself). Documented only: the views return it as a ready Response.
CONNECT_ANSWER = {"type": "boolean", "description": "true: connected; false: refused, the free offer"}
OWNER_ANSWER = {"type": "boolean",
                "description": "true: handed over; false: the new owner's offer does not allow this operation"}
DONE_ANSWER = {"type": "boolean", "enum": [True], "description": "true: done"}
