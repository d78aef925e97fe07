"""A page's posts for the wizard's post table (spec 001 §2 "Wizard" step 1, §7 "Wizard"), read from the Graph
API with the page's token, newest first, each with the status of its agent (spec 001 §4 "Agent status": no agent,
an agent without intents shows nothing, Active, Not Active, Draft)."""
from __future__ import annotations

from datetime import datetime
from itertools import islice
from typing import Iterator

from sqlalchemy import func, select

from app import graph
from app.database import session
from app.errors import Conflict, UpstreamUnavailable
from app.graph.client import MEDIA_FIELDS, POST_FIELDS
from app.models import Agent, AgentIntent, SocialPage
from app.services.graph_client import graph_client

# The table shows a page's recent posts; older ones are read no further (a page may hold years of posts).
MAX_POSTS = 200
FACEBOOK_FIELDS = POST_FIELDS + ",status_type"


class PageNotConnected(Conflict):
    code, message = "page_not_connected", "Connect the page again to read its posts"


def posts_of(settings: dict, page: SocialPage) -> list[dict]:
    if not page.access_token:
        raise PageNotConnected()
    try:
        items = list(islice(latest(settings, page), MAX_POSTS))
    except graph.GraphError as error:
        raise UpstreamUnavailable("Error while getting the posts") from error
    statuses = agent_statuses(page)
    for item in items:
        item["agent"] = statuses.get(item["id"])
    return sorted(items, key=lambda item: _sort_time(item["created_time"]), reverse=True)


def latest(settings: dict, page: SocialPage) -> Iterator[dict]:
    """The page's posts (an Instagram account's media) as the Graph API pages them, read with the page's token, each
    in one shape whatever the network (id, type, message, picture, permalink, created_time). Lazy: a GraphError
    comes while iterating."""
    client = graph_client(settings)
    if page.platform == "instagram":
        return map(_instagram, client.media(page.external_id, page.access_token, MEDIA_FIELDS))
    return map(_facebook, client.posts(page.external_id, page.access_token, FACEBOOK_FIELDS))


def _facebook(item: dict) -> dict:
    return {"id": item.get("id"), "idPost": item.get("id"), "type": item.get("status_type") or "post",
            "message": item.get("message") or "", "picture": item.get("full_picture"),
            "permalink": item.get("permalink_url"), "created_time": item.get("created_time")}


def _instagram(item: dict) -> dict:
    return {"id": item.get("id"), "idPost": item.get("id"), "type": item.get("media_type") or "IMAGE",
            "message": item.get("caption") or "", "picture": item.get("media_url"),
            "permalink": item.get("permalink"), "created_time": item.get("timestamp")}


def _sort_time(value) -> float:
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


def agent_statuses(page: SocialPage) -> dict[str, dict]:
    """The page's agents by post id, each with its status as the post table shows it."""
    rows = session.execute(
        select(Agent, func.count(AgentIntent.id)).outerjoin(AgentIntent, AgentIntent.agent_id == Agent.id)
        .where(Agent.page_id == page.id).group_by(Agent.id))
    return {agent.target_id: {"id": agent.id, "trained": agent.trained, "live": agent.live, "intent_count": count,
                              "status": status(agent, count)} for agent, count in rows}


def status(agent: Agent, intent_count: int) -> str:
    if intent_count == 0:
        return ""
    if agent.trained:
        return "Active" if agent.live else "Not Active"
    return "Draft"
