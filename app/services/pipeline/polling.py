"""Polling for pages that receive no webhooks: new comments on the posts of live agents since the last one seen,
into the same inbox as the webhooks (Meta keeps no webhook history, so this is also the recovery path).
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone

from sqlalchemy import select

from app import graph
from app.database import session
from app.graph import CommentChange
from app.models import Agent, SocialPage, utcnow
from app.services.graph_client import page_client
from app.services.pipeline import inbox

log = logging.getLogger(__name__)
FIRST_LOOK_BACK = timedelta(hours=1)
GENERIC_AGENT_RECENT_POSTS = 10


def poll_pages(settings: dict) -> int:
    """One round over the connected pages without webhooks; returns how many new comments were stored."""
    pages = list(session.scalars(select(SocialPage).where(
        SocialPage.is_connected.is_(True), SocialPage.webhook_subscribed.is_(False),
        SocialPage.needs_reconnect.is_(False))))
    return sum(poll_page(page.id, settings) for page in pages)


def poll_page(page_id: int, settings: dict) -> int:
    page = session.get(SocialPage, page_id)
    client = page_client(settings, page)
    since = page.last_polled_at or utcnow() - FIRST_LOOK_BACK
    started = utcnow()
    stored = 0
    try:
        for object_id in _watched_objects(client, page):
            changes = [change_of(page, object_id, item) for item in
                       client.comments(object_id, page.access_token, since=since, platform=page.platform)]
            stored += inbox.store_changes(inbox.storable_changes(changes), source="poll")
    except graph.TokenInvalid:
        page.needs_reconnect = True
        session.commit()
        return stored
    except graph.GraphError:
        log.warning("polling page %s stopped for this round", page.external_id, exc_info=True)
        return stored  # rate limited or down: the next round starts from the same checkpoint
    page.last_polled_at = started
    session.commit()
    return stored


def _watched_objects(client, page: SocialPage) -> list[str]:
    """Posts with their own live agent, plus recent posts when the page has a live generic agent."""
    agents = list(session.scalars(select(Agent).where(Agent.page_id == page.id, Agent.live.is_(True),
                                                      Agent.trained.is_(True))))
    watched = [agent.target_id for agent in agents if not agent.is_generic]
    if any(agent.is_generic for agent in agents):
        recent = client.media(page.external_id, page.access_token) if page.platform == "instagram" \
            else client.posts(page.external_id, page.access_token)
        for index, post in enumerate(recent):
            if index >= GENERIC_AGENT_RECENT_POSTS:
                break
            watched.append(post["id"])
    return list(dict.fromkeys(watched))


def change_of(page: SocialPage, object_id: str, item: dict) -> CommentChange:
    """A comment as the Graph API reads it (Facebook or Instagram fields), in the webhooks' shape."""
    author = item.get("from") or {}
    parent = item.get("parent") or {}
    return CommentChange(
        platform=page.platform, page_id=page.external_id, comment_id=str(item["id"]), post_id=object_id,
        parent_id=parent.get("id") or item.get("parent_id") or object_id, from_id=author.get("id"),
        from_name=author.get("name") or author.get("username") or item.get("username"),
        message=item.get("message") if "message" in item else item.get("text"),
        created_time=_unix(item.get("created_time") or item.get("timestamp")), verb="add",
        field="feed" if page.platform == "facebook" else "comments", media_product_type=None)


def _unix(value) -> int | None:
    if not value:
        return None
    return int(datetime.strptime(value, "%Y-%m-%dT%H:%M:%S%z").astimezone(timezone.utc).timestamp())
