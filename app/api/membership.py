"""Team membership and invitations (spec 000 §4 "Invitation flow", §5 "Team", §6, §7): the calls of the team screen.

The answer body is the payload itself, never wrapped in `{"data": ...}`: the specification's `data` is the
original client's `response.data`, the body. The generate call answers `false`, an array of members or the new
invitation object (with `tokenPage`); adding and deleting a member and listing the team answer the team (an array);
sending the invitation mail answers `{"message"}`. Errors are 4xx JSON `{"message", "code"}` as everywhere.

`{pageId}` is the page's network id and `{platform}` facebook or instagram. Only the page's owner invites, adds
and removes; any team member lists the team; anyone else (and a page that does not exist) gets 403. Rules in
app/services/team.py.
"""
from __future__ import annotations

import re

from flask import current_app, jsonify
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields, validate

from app.api.blueprint import Blueprint
from app.api.pages_schemas import TeamMemberSchema
from app.api.security import current_user, signed_in
from app.services import mail, team

blp = Blueprint("membership", __name__, url_prefix="/api/v1/secure/membership",
                description="A page's team: members and invitations")

PAGE = "<string:pageId>/<any(facebook, instagram):platform>"
PLATFORM_ALIASES = {"facebook": "facebook", "fb": "facebook", "instagram": "instagram", "insta": "instagram"}
NETWORK_ID = re.compile(r"[0-9A-Za-z_.-]{1,64}")
SENT = "Invitation sent successfully"


class InvalidPageId(team.InvalidInput):
    code, message = "invalidPage", "Invalid page id"


def _network_id(**kwargs) -> fields.String:
    return fields.String(validate=validate.Regexp(f"^{NETWORK_ID.pattern}$"), metadata={"description": "a network id"},
                         **kwargs)


def _page_id(raw: str) -> str:
    if not NETWORK_ID.fullmatch(raw):
        raise InvalidPageId()
    return raw


class MemberSchema(TeamMemberSchema):
    """A team member as the team calls answer it: the page lists' member, with the platform and picture."""

    platform = fields.String()
    profilePictureUrl = fields.String(allow_none=True)


class InvitationSchema(Schema):
    tokenPage = fields.String(required=True, metadata={"description": "single use, valid 24 hours"})
    link = fields.String(metadata={"description": "the invitation link to share"})
    expiresAt = fields.String(metadata={"description": "when the invitation expires (an HTTP date)"})
    memberName = fields.String()


# Documented only: the generate view returns its answer as a ready Response (three shapes, no one schema dumps).
INVITATION_ANSWER = {
    "description": "false when the owner's plan has no seat left (errorOffer); an array of members of the owner's "
                   "other teams whose name matches (the picker); else the new invitation (with tokenPage)",
    "oneOf": [{"type": "boolean", "enum": [False]},
              {"type": "array", "items": MemberSchema},
              InvitationSchema]}


class SentAnswerSchema(Schema):
    message = fields.String(metadata={"description": "Invitation sent successfully"})


class SelectedMemberSchema(Schema):
    """The member picked in the picker, as listed by the generate call."""

    class Meta:
        unknown = EXCLUDE

    idFacebook = _network_id(required=True)
    firstName = fields.String(load_default="", validate=validate.Length(max=120))
    lastName = fields.String(load_default="", validate=validate.Length(max=120))
    role = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=32))
    idPage = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=64),
                           metadata={"description": "the page of the team the member was found in"})


class DeleteMemberSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    idFacebook = _network_id(required=True)
    idPage = _network_id(required=True)
    typePage = fields.String(required=True, validate=validate.OneOf(sorted(PLATFORM_ALIASES)),
                             metadata={"description": "the page's platform: facebook or instagram"})


class SendMailSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    email = fields.String(required=True, validate=validate.Length(max=254))
    nameUser = fields.String(required=True, validate=validate.Length(max=255),
                             metadata={"description": "the invited person's name, used in the mail's greeting"})
    token = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,128}$"),
                          metadata={"description": "the tokenPage of the generate call"})


@blp.route(f"/get/{PAGE}/<string:memberName>")
class GenerateInvitation(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, schema=INVITATION_ANSWER)
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, pageId, platform, memberName):
        """Generate an invitation into the page's team (owner only): false, matching members, or {tokenPage}."""
        page = team.owned_page(current_user(), _page_id(pageId), platform)
        answer = team.generate(current_user(), page, memberName)
        if isinstance(answer, dict):
            answer = {**answer, "link": mail.invitation_link(current_app.config, answer["tokenPage"])}
        return jsonify(answer)


@blp.route(f"/addExistingMember/{PAGE}")
class AddExistingMember(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(SelectedMemberSchema)
    @blp.response(200, MemberSchema(many=True), description="the team, its owner first")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body, pageId, platform):
        """Add a member of one of the owner's other teams to this page's team (owner only); the team."""
        page = team.owned_page(current_user(), _page_id(pageId), platform)
        team.add_existing(current_app.config, current_user(), page, body["idFacebook"])
        return team.members(page)


@blp.route("/deleteMember/<string:role>")
class DeleteMember(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(DeleteMemberSchema)
    @blp.response(200, MemberSchema(many=True), description="the team, its owner first")
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, body, role):
        """Remove a member from the page's team (owner only; never the owner); the refreshed team.

        `role` is taken as sent and not trusted: the roles stored on the team decide."""
        page = team.owned_page(current_user(), body["idPage"], PLATFORM_ALIASES[body["typePage"]])
        team.delete_member(page, body["idFacebook"])
        return team.members(page)


@blp.route(f"/sendMail/{PAGE}")
class SendInvitationMail(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(SendMailSchema)
    @blp.response(200, SentAnswerSchema)
    def post(self, body, pageId, platform):
        """Mail the invitation link to an address (owner only); the mail leaves from the mail queue."""
        page = team.owned_page(current_user(), _page_id(pageId), platform)
        team.send_invitation(current_user(), page, body["token"], body["email"], body["nameUser"])
        return {"message": SENT}


@blp.route(f"/listUser/{PAGE}")
class ListTeam(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, MemberSchema(many=True), description="the team, its owner first")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, pageId, platform):
        """The page's team (any team member), its owner first."""
        page, _role = team.team_page(current_user(), _page_id(pageId), platform)
        return team.members(page)

