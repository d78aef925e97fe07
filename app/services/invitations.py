"""Invitations into a page's team: single use, valid 24 hours (spec 000 §4 "Invitation flow")."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import Invitation, SocialPage, TeamMembership, User, utcnow


def accept(token: str, user: User, admin_page_ids: set[str]) -> str:
    """Join the invitation's team; answers accepted, expired, used or invalid (the login goes on anyway).

    A user who administers the page on the network joins as invited admin, anyone else as invited member.
    """
    invitation = session.scalars(select(Invitation).where(Invitation.token == token)).first()
    if invitation is None:
        return "invalid"
    if invitation.used_at is not None:
        return "used"
    if invitation.expires_at <= utcnow():
        return "expired"
    if invitation.page.owner_id == user.id:
        return "accepted"  # the owner opening their own link is on the team already, and leaves it unused
    invitation.used_at, invitation.used_by_id = utcnow(), user.id
    already = session.scalars(select(TeamMembership).where(
        TeamMembership.page_id == invitation.page_id, TeamMembership.user_id == user.id)).first()
    if already is None:
        session.add(TeamMembership(page_id=invitation.page_id, user_id=user.id,
                                   role=role_for(invitation.page, admin_page_ids)))
    return "accepted"


def role_for(page: SocialPage, admin_page_ids: set[str]) -> str:
    """invited_admin for a user who administers the page on the network (an Instagram account: its linked Facebook
    page), invited_member for anyone else."""
    administers = {page.external_id, page.linked_page_external_id} & admin_page_ids
    return "invited_admin" if administers else "invited_member"
