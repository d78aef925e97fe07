"""Team membership checks: every call that names a page goes through here
(docs/architecture.md#rules-on-every-request)."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.errors import Forbidden, NotFound
from app.models import Agent, SocialPage, TeamMembership, User


class PageNotInTeam(Forbidden):
    code, message = "page_not_in_team", "This page belongs to another team"


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
        raise Forbidden("Only the page owner can do this", code="owner_only")


def agent_for_member(user: User, agent_id: int) -> Agent:
    """The agent, when the user is on its page's team. Another team's agent answers exactly as a missing one, so
    that ids cannot be probed for agents that exist."""
    agent = session.get(Agent, agent_id)
    if agent is None or role_on(user, session.get(SocialPage, agent.page_id)) is None:
        raise NotFound("Agent not found", code="agent_not_found")
    return agent
