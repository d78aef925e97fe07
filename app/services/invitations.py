"""Invitations into a page's team: single use, valid 24 hours (spec 000 §4 "Invitation flow")."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import Invitation, TeamMembership, User, utcnow


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
    invitation.used_at, invitation.used_by_id = utcnow(), user.id
    already = session.scalars(select(TeamMembership).where(
        TeamMembership.page_id == invitation.page_id, TeamMembership.user_id == user.id)).first()
    if already is None:
        role = "invited_admin" if invitation.page.external_id in admin_page_ids else "invited_member"
        session.add(TeamMembership(page_id=invitation.page_id, user_id=user.id, role=role))
    return "accepted"
