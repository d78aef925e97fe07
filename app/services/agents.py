"""Agents, the specification's projects (spec 001 §3 "Project (agent)", §7 "Agents"): a page's agents, one agent,
creating one for a post or for the whole page (a generic agent), deleting one.

Every call names a page or an agent; the caller must be on that page's team (spec 001 §6: every team member has
the same rights over agents, so reading and changing need the same membership). A page is named by its network
id; an agent by our id. Another team's page answers 403 as a page no team has (app/services/access.py team_row); an
agent the caller cannot see answers 404 like a missing one (agent_for_member).
"""
from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from app.database import session
from app.errors import Conflict
from app.models import Agent, AgentIntent, CommentLog, SocialPage, User
from app.services import access


class AgentExists(Conflict):
    code, message = "agent_exists", "This post already has an agent: open it from My agents"


def team_page(user: User, external_id: str, platform: str | None = None) -> SocialPage:
    """The user's team's row of the page with this network id (403 outside its teams, as for no such page)."""
    return access.team_row(user, external_id, platform)


def _with_intents(query):
    return query.options(selectinload(Agent.intents).selectinload(AgentIntent.product_answers),
                         selectinload(Agent.page))


def page_agents(page: SocialPage, with_intents_only: bool = False) -> list[Agent]:
    """The page's agents, newest first (spec 001 §2 "My agents": by createDate, only those with intents)."""
    query = _with_intents(select(Agent)).where(Agent.page_id == page.id)
    if with_intents_only:
        query = query.where(exists().where(AgentIntent.agent_id == Agent.id))
    agents = list(session.scalars(query.order_by(Agent.created_at.desc(), Agent.id.desc())))
    note_logs(agents)
    return agents


def note_logs(agents: list[Agent]) -> None:
    """Mark each agent with whether it has comment logs (the list's "view comments" action), in one query."""
    ids = [agent.id for agent in agents]
    logged = set(session.scalars(select(CommentLog.agent_id).where(CommentLog.agent_id.in_(ids)).distinct())) \
        if ids else set()
    for agent in agents:
        agent.has_logs = agent.id in logged


def agent_for(user: User, agent_id: int) -> Agent:
    """One agent of a page the user is on the team of, with its intents and answers (404 otherwise)."""
    agent = access.agent_for_member(user, agent_id)
    note_logs([agent])
    return agent


def add(user: User, post: dict) -> Agent:
    """A new agent for a post, or for the page when idPost is the page id (generic). A post (or page) that has an
    agent with intents already keeps it (409); an abandoned one without intents is taken up again."""
    page = team_page(user, post["idPage"], post["typePage"])
    generic = post["idPost"] == page.external_id
    existing = session.scalars(select(Agent).where(Agent.page_id == page.id,
                                                   Agent.target_id == post["idPost"])).first()
    if existing is not None:
        if existing.intents:
            raise AgentExists()
        return existing
    agent = Agent(page_id=page.id, target_id=post["idPost"], is_generic=generic,
                  intent_kind="generic" if generic else "specific", post_message=post.get("message") or "",
                  post_picture=post.get("picture"), post_status=post.get("status"),
                  post_published=_published(post.get("published")), created_by_id=user.id)
    session.add(agent)
    try:
        session.commit()
    except IntegrityError:  # the same post's agent created by a teammate at the same moment
        session.rollback()
        raise AgentExists() from None
    return agent


def _published(value) -> str | None:
    """The post's scheduled or published date as the client sent it (a string; true/false kept as text)."""
    if value is None:
        return None
    return (str(value).lower() if isinstance(value, bool) else str(value))[:64]


def remove(user: User, agent_id: int) -> SocialPage:
    """Delete the agent (its intents and answers with it; its comment logs stay, unlinked); returns its page."""
    agent = access.agent_for_member(user, agent_id)
    page = agent.page
    session.delete(agent)
    session.commit()
    return page
