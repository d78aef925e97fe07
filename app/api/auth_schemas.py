"""Request and answer shapes of sign-in, with the specification's field spellings."""
from marshmallow import Schema, fields, validate

from app.api.fields import not_blank

# Meta's access tokens run to a few hundred characters and ours to 43; a longer one is no token, and goes no further
# (neither to the Graph API nor into a query).
NETWORK_TOKEN_MAX, INVITATION_TOKEN_MAX = 2048, 128


class LoginFacebookSchema(Schema):
    token = fields.String(required=True, validate=[not_blank, validate.Length(max=NETWORK_TOKEN_MAX)],
                          metadata={"description": "the network access token from the login dialog"})
    tokenMemberShip = fields.String(load_default=None, allow_none=True,
                                    validate=validate.Length(max=INVITATION_TOKEN_MAX),
                                    metadata={"description": "an invitation token, or null"})
    language = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(("en", "fr")),
                             metadata={"description": "the screens' language (en, fr): the user's mails are written "
                                                      "in it"})


class PackSchema(Schema):
    name = fields.String()
    type = fields.String()
    expyriedate = fields.DateTime()


class UserSchema(Schema):
    access_token = fields.String(attribute="access_token")
    create_at = fields.DateTime(attribute="created_at")
    email = fields.String(allow_none=True)
    first_name = fields.String()
    idFacebook = fields.String(attribute="facebook_id")
    isConnected = fields.Boolean(attribute="is_connected")
    last_name = fields.String()
    last_signin = fields.DateTime(attribute="last_signin_at")
    profilePictureUrl = fields.String(attribute="picture_url", allow_none=True)
    pack = fields.Nested(PackSchema, allow_none=True)


class LoginAnswerSchema(Schema):
    token = fields.String(metadata={"description": "the product's JWT, sent as a Bearer token"})
    user = fields.Nested(UserSchema)
    invitation = fields.String(allow_none=True,
                               metadata={"description": "accepted, used, expired or invalid when a token was sent"})


class MessageSchema(Schema):
    message = fields.String()
