"""The owner's view of a team's invitations not yet used (issue 42 §4): listed with their state, mailed again, or
revoked. The invitation flow itself (generate, mail, accept) is spec 000 §4's, in app/services/team.py and
app/services/invitations.py.

An invitation is named by its id; one of a page outside the caller's teams answers 404 `invitation_not_found`
exactly as a missing one (docs/contracts.md "Pages across teams": ids never tell what other teams have). On a page
of the caller's team, only its owner lists, resends and revokes (403 `ownerOnly`, as for every other team change:
spec 000 §6). A link works once and for 24 hours: mailing an invitation again gives it 24 more hours, which needs a
free seat when it had expired (an open link holds a seat, an expired one does not).
"""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from app.database import session
from app.errors import Conflict, NotFound, PlanLimitReached
from app.models import Invitation, SocialPage, User, utcnow
from app.services import access, mail, team
from app.services.why import iso


class InvitationNotFound(NotFound):
    code, message = "invitation_not_found", "No invitation with this id"


class NeverMailed(Conflict):
    code, message = "neverMailed", "This invitation has no e-mail address: send it by e-mail first"


class NoSeatLeft(PlanLimitReached):
    code, message = "errorOffer", "You cannot add a new member, you've reached the limit of your offer"


def pending(page: SocialPage) -> list[dict]:
    """The page's invitations nobody has used, newest first: open ones and expired ones (to mail again or
    revoke)."""
    rows = session.scalars(select(Invitation).where(Invitation.page_id == page.id, Invitation.used_at.is_(None))
                           .order_by(Invitation.created_at.desc(), Invitation.id.desc()))
    return [_shown(invitation) for invitation in rows]


def _shown(invitation: Invitation) -> dict:
    return {"id": invitation.id, "memberName": invitation.member_name, "email": invitation.email,
            "tokenPage": invitation.token, "createdAt": iso(invitation.created_at),
            "expiresAt": iso(invitation.expires_at), "expired": invitation.expires_at <= utcnow()}


def owned_invitation(user: User, invitation_id: int) -> Invitation:
    """The unused invitation, when the user owns its page: 404 when it is used, missing or of a page outside the
    user's teams; 403 ownerOnly for a member of its page's team."""
    invitation = session.get(Invitation, invitation_id)
    page = session.get(SocialPage, invitation.page_id) if invitation is not None else None
    role = access.role_on(user, page) if page is not None else None
    if role is None or invitation.used_at is not None:
        raise InvitationNotFound()
    if role != team.OWNER:
        raise team.OwnerOnly()
    return invitation


def resend(user: User, invitation_id: int) -> dict:
    """Mail the invitation again to its address, valid 24 hours from now (through the mail queue)."""
    invitation = owned_invitation(user, invitation_id)
    if not invitation.email:
        raise NeverMailed()
    if invitation.expires_at <= utcnow() and not team.has_free_seat(user):
        raise NoSeatLeft()
    invitation.expires_at = utcnow() + timedelta(hours=team.INVITATION_HOURS)
    session.commit()
    mail.enqueue_invitation(invitation.id)
    return _shown(invitation)


def revoke(user: User, invitation_id: int) -> SocialPage:
    """Delete the invitation: its link joins nobody any more and its seat is free. The page, for its list."""
    invitation = owned_invitation(user, invitation_id)
    page = invitation.page
    session.delete(invitation)
    session.commit()
    return page
