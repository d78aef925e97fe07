"""Team membership checks: every call that names a page goes through here
(docs/architecture.md#rules-on-every-request).

A page row is one team's connection of a network page (docs/contracts.md "Pages across teams"): a network page may
have a row per team that connected it, at most one of them connected. A page is named by its network id, so these
checks pick the row of the caller's team; another team's page and a page no team has are refused alike, so that
network ids cannot be probed for pages that use the product.
"""
from __future__ import annotations

import re

from sqlalchemy import or_, select

from app.database import session
from app.errors import Forbidden, NotFound
from app.models import Agent, SocialPage, TeamMembership, User

NETWORK_ID = re.compile(r"[0-9]{1,64}")


class PageNotInTeam(Forbidden):
    code, message = "page_not_in_team", "You are not on this page's team"


class OwnerOnly(Forbidden):
    code, message = "owner_only", "Only the page owner can do this"


class MemberNotFound(NotFound):
    code, message = "memberNotFound", "This person is not on the team"


def role_on(user: User, page: SocialPage) -> str | None:
    if page.owner_id == user.id:
        return "owner"
    return session.scalar(select(TeamMembership.role).where(TeamMembership.page_id == page.id,
                                                            TeamMembership.user_id == user.id))


def require_member(user: User, page: SocialPage) -> str:
    """The user's role on the page (owner, invited_admin, invited_member); 403 for anyone else."""
    role = role_on(user, page)
    if role is None:
        raise PageNotInTeam()
    return role


def require_owner(user: User, page: SocialPage) -> None:
    if role_on(user, page) != "owner":
        raise OwnerOnly()


def team_row(user: User, external_id: str, platform: str | None = None) -> SocialPage:
    """The row of the page (by its network id) of a team the user is on: the connected one when it is the user's
    team's, else the one changed last (disconnected, handed over). 403 `page_not_in_team` when the user is on no
    team of the page, whether other teams have it or none does. Without a platform, a Facebook page and an
    Instagram account sharing an id (never seen on Meta) resolve to the one the user may see."""
    row = next(iter(_team_rows(user, external_id, platform)), None)
    if row is None:
        raise PageNotInTeam()
    return row


def owned_row(user: User, external_id: str, platform: str) -> SocialPage:
    """The user's own row of the page, for the owner's calls: 403 `owner_only` for a member of the page's team,
    403 `page_not_in_team` for anyone else (no such page included)."""
    owned = own_row(user, external_id, platform)
    if owned is not None:
        return owned
    raise OwnerOnly() if _team_rows(user, external_id, platform) else PageNotInTeam()


def own_row(user: User, external_id: str, platform: str) -> SocialPage | None:
    """The user's own row of the page, None when they own none: of two (one handed over to them), the connected
    one, else the one changed last."""
    return next((row for row in _team_rows(user, external_id, platform) if row.owner_id == user.id), None)


def _team_rows(user: User, external_id: str, platform: str | None) -> list[SocialPage]:
    if not NETWORK_ID.fullmatch(external_id):  # names no page (and PostgreSQL refuses some characters)
        return []
    teams = select(TeamMembership.page_id).where(TeamMembership.user_id == user.id)
    query = select(SocialPage).where(SocialPage.external_id == external_id,
                                     or_(SocialPage.owner_id == user.id, SocialPage.id.in_(teams)))
    if platform is not None:
        query = query.where(SocialPage.platform == platform)
    return list(session.scalars(query.order_by(SocialPage.is_connected.desc(), SocialPage.updated_at.desc(),
                                               SocialPage.id.desc())))


def agent_of_target(user: User, target_id: str, *options) -> Agent | None:
    """The agent of a post (a page's network id: its generic agent) on a page of the user's teams, None when there
    is none: the callers answer 404 for it, whether other teams' pages have one or not."""
    agents = session.scalars(select(Agent).options(*options).where(Agent.target_id == target_id).order_by(Agent.id))
    return next((agent for agent in agents if role_on(user, session.get(SocialPage, agent.page_id)) is not None),
                None)


def agent_for_member(user: User, agent_id: int) -> Agent:
    """The agent, when the user is on its page's team. Another team's agent answers exactly as a missing one, so
    that ids cannot be probed for agents that exist."""
    agent = session.get(Agent, agent_id)
    if agent is None or role_on(user, session.get(SocialPage, agent.page_id)) is None:
        raise NotFound("Agent not found", code="agent_not_found")
    return agent
