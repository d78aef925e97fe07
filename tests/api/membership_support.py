"""What the team screen's API tests share (tests/api/test_membership_*.py): the membership calls' prefix, the
signed-in owner on a plan with seats, her pages and their team rows made in the database, the invitation call, and a
count of invitations and memberships to show that a refused call changed nothing."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from app.database import session
from app.models import Invitation, SocialPage, TeamMembership
from app.services.billing import grants

BASE = "/api/v1/secure/membership"


def make_page(owner, external_id="5550001", platform="facebook", name="Boutique Amira"):
    page = SocialPage(platform=platform, external_id=external_id, name=name, owner_id=owner.id, is_connected=True)
    session.add(page)
    session.commit()
    return page


def join(page, user, role="invited_member"):
    session.add(TeamMembership(page_id=page.id, user_id=user.id, role=role))
    session.commit()


def counts():
    """(invitations, memberships, the invitations' mail addresses): what a refused call must leave as it was."""
    session.expire_all()
    return (session.scalar(select(func.count(Invitation.id))),
            session.scalar(select(func.count(TeamMembership.id))),
            tuple(session.scalars(select(Invitation.email).order_by(Invitation.id))))


@pytest.fixture
def owner(signed_in):
    user, headers, network = signed_in("Olfa", "Owner")
    grants.grant(user.facebook_id, "SME/Artisans")  # 3 seats: the owner and two more
    return user, headers, network


def generate(client, headers, page, name):
    return client.get(f"{BASE}/get/{page.external_id}/{page.platform}/{name}", headers=headers)
