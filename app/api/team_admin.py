"""The owner's team administration beyond the specification's calls (issue 42 §4): a member's role, and the
invitations not yet used, listed, mailed again and revoked (rules in app/services/team.py and
app/services/team_invitations.py).

`{pageId}` is the page's network id and `{platform}` facebook or instagram, as in the membership calls: a page
outside the caller's teams (or none) is 403 page_not_in_team, a member of its team who is not its owner 403
ownerOnly. An invitation is named by its id: one of a page outside the caller's teams is 404 invitation_not_found,
as a missing one.
"""
from __future__ import annotations

from flask import current_app
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields, validate

from app.api.blueprint import Blueprint
from app.api.fields import path_row_id
from app.api.membership import PAGE, MemberSchema, _network_id, _page_id
from app.api.security import current_user, signed_in
from app.services import mail, team, team_invitations

blp = Blueprint("team_admin", __name__, url_prefix="/api/v1/secure/membership",
                description="A page's team: roles and the invitations not yet used (owner only)")

INVITATION = "<int(signed=True):invitationId>"


class RoleSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    idFacebook = _network_id(required=True)
    role = fields.String(required=True, validate=validate.OneOf(["invited_admin", "invited_member"]),
                         metadata={"description": "invited_admin or invited_member (the owner: make owner)"})


class PendingInvitationSchema(Schema):
    id = fields.Integer()
    memberName = fields.String()
    email = fields.String(allow_none=True, metadata={"description": "null until it is mailed"})
    tokenPage = fields.String(metadata={"description": "the token sendMail takes"})
    link = fields.String(metadata={"description": "the invitation link to share"})
    createdAt = fields.String()
    expiresAt = fields.String()
    expired = fields.Boolean(metadata={"description": "past its 24 hours: mail it again or revoke it"})


def _listed(invitations: list[dict]) -> list[dict]:
    return [{**item, "link": mail.invitation_link(current_app.config, item["tokenPage"])} for item in invitations]


def _invitation_id(value: int) -> int:
    return path_row_id(value, team_invitations.InvitationNotFound())


@blp.route(f"/role/{PAGE}")
class ChangeRole(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(RoleSchema)
    @blp.response(200, MemberSchema(many=True), description="the team, its owner first")
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, pageId, platform):
        """Make a member an admin or a member of the team (owner only; never the owner's own role)."""
        page = team.owned_page(current_user(), _page_id(pageId), platform)
        team.change_role(page, body["idFacebook"], body["role"])
        return team.members(page)


@blp.route(f"/invitations/{PAGE}")
class PendingInvitations(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, PendingInvitationSchema(many=True), description="newest first")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, pageId, platform):
        """The page's invitations nobody has used yet, open or expired (owner only)."""
        page = team.owned_page(current_user(), _page_id(pageId), platform)
        return _listed(team_invitations.pending(page))


@blp.route(f"/invitations/resend/{INVITATION}")
class ResendInvitation(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, PendingInvitationSchema, description="the invitation, valid 24 hours from now")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, invitationId):
        """Mail the invitation again to its address (owner only); it is valid 24 hours from now."""
        return _listed([team_invitations.resend(current_user(), _invitation_id(invitationId))])[0]


@blp.route(f"/invitations/revoke/{INVITATION}")
class RevokeInvitation(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, PendingInvitationSchema(many=True), description="the page's invitations left")
    @blp.alt_response(404, response="NOT_FOUND")
    def delete(self, invitationId):
        """Revoke the invitation (owner only): its link joins nobody any more; the page's invitations left."""
        page = team_invitations.revoke(current_user(), _invitation_id(invitationId))
        return _listed(team_invitations.pending(page))
