"""What the page API tests share: paid plans, sandbox pages administered by a signed-in user, connecting them."""
from __future__ import annotations

from datetime import timedelta

import requests
from sqlalchemy import select

from app.database import session
from app.models import Plan, SocialPage, Subscription, TeamMembership, User, utcnow

SECURE = "/api/v1/secure"
PREFIX = {"facebook": "pages", "instagram": "pagesInsta"}
GROUPS = ("listPageConnectedOwner", "listPageInviteAdmin", "listPageInvite", "listPageConnectedOtherTeam",
          "listPageNotConnected")


def give_plan(user: User, name: str = "SME/Artisans") -> Plan:
    """A paid plan bought after the Free Trial every new user starts with (it replaces the trial)."""
    plan = session.scalars(select(Plan).where(Plan.name == name)).one()
    now = utcnow()
    session.add(Subscription(user_id=user.id, plan_id=plan.id, started_at=now + timedelta(seconds=1),
                             expires_at=now + timedelta(days=30)))
    session.commit()
    return plan


def paid_user(signed_in, first_name: str = "Amira", plan: str = "Agencies"):
    user, headers, network_user = signed_in(first_name=first_name)
    give_plan(user, plan)
    return user, headers, network_user


def connect(client, headers, platform: str, page_id: str):
    return client.post(f"{SECURE}/{PREFIX[platform]}/connect/", json={"id": page_id}, headers=headers)


def connected_page(client, sandbox, headers, network_user, name: str = "Boutique Amira",
                   platform: str = "facebook", **page_fields) -> tuple[SocialPage, dict]:
    """A sandbox page (with an Instagram account when asked) the user administers, connected through the API."""
    page = sandbox.admin.page(name=name, owner_ids=[network_user["id"]], **page_fields)
    external_id = page["id"]
    if platform == "instagram":
        external_id = sandbox.admin.instagram(page_id=page["id"], username=name.lower().replace(" ", "."))["id"]
    answer = connect(client, headers, platform, external_id)
    assert answer.status_code == 200 and answer.get_json() is True, answer.get_json()
    row = session.scalars(select(SocialPage).where(SocialPage.platform == platform,
                                                   SocialPage.external_id == external_id,
                                                   SocialPage.is_connected)).one()
    return row, page


def join_team(row: SocialPage, user: User, role: str) -> None:
    session.add(TeamMembership(page_id=row.id, user_id=user.id, role=role))
    session.commit()


def page_subscribed(app, sandbox_page: dict) -> bool:
    """Whether the app is in the Facebook page's subscribed_apps, as the sandbox (Meta) says."""
    url = f"{app.config['GRAPH_API_URL']}/{app.config['GRAPH_API_VERSION']}/{sandbox_page['id']}/subscribed_apps"
    answer = requests.get(url, params={"access_token": sandbox_page["access_token"]}, timeout=10)
    return bool(answer.json()["data"])


def all_pages(body: dict) -> list[dict]:
    return [page for group in GROUPS for page in body[group]]
