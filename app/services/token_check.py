"""The daily check of the pages' tokens (docs/graph-api.md#tokens).

Meta revokes a page token when the person it came through changes their password, removes the app or loses their
role on the page, and a token can reach its end. Rather than learn it from a reply that fails, each connected
page's token is asked of `debug_token` once a day: the beat task tokens.check_pages runs every CHECK_INTERVAL and
takes the pages checked longest ago, for CHECK_SECONDS at most. A page whose token Meta no longer takes, or whose
token ends before the next check, is marked for reconnection: its replies held, its team's pages screen saying why
(app/services/page_reconnect.py), its owner mailed at once by the page's alert (app/services/alerts.py). A check
Meta does not answer (down, rate limited) is made again at the next run.
"""
from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta, timezone

from sqlalchemy import or_, select

from app import graph
from app.database import session
from app.models import SocialPage, utcnow
from app.services import page_reconnect
from app.services.graph_client import graph_client

log = logging.getLogger(__name__)

CHECK_EVERY = timedelta(days=1)
CHECK_INTERVAL = 3600.0  # seconds between two runs of the beat task: each page's turn comes within the hour
CHECK_SECONDS = 30.0  # a run stops asking Meta after this long, well inside Celery's time limit; the next goes on
EXPIRED_SUBCODE = 463


def check_pages(settings: dict) -> dict:
    """Check the tokens of the connected pages whose turn it is; what was checked and which pages were marked."""
    now, deadline = utcnow(), time.monotonic() + CHECK_SECONDS
    client, checked, marked = graph_client(settings), 0, {}
    for page_id in _due(now):
        if time.monotonic() > deadline:
            break
        page = session.get(SocialPage, page_id)
        try:
            reason = _verdict(client, page.access_token, now)
        except graph.GraphError as error:  # Meta did not say: every page waits for the next run
            log.warning("token check stopped: %s", error.reason)
            break
        page.token_checked_at = now
        session.commit()
        checked += 1
        if reason is not None and page_reconnect.mark({page.id}, reason):  # its owner told at once
            marked[page.external_id] = reason
    return {"checked": checked, "marked": marked}


def _due(now: datetime) -> list[int]:
    """The connected pages with a token Meta has not been asked about for a day, those asked longest ago first."""
    due = list(session.scalars(select(SocialPage.id).where(
        SocialPage.is_connected, SocialPage.needs_reconnect.is_(False), SocialPage.access_token.is_not(None),
        or_(SocialPage.token_checked_at.is_(None), SocialPage.token_checked_at <= now - CHECK_EVERY))
        .order_by(SocialPage.token_checked_at.nulls_first(), SocialPage.id)))
    session.commit()
    return due


def _verdict(client, token: str, now: datetime) -> str | None:
    """Why the page must be reconnected, or None while its token serves past the next check. GraphError when Meta
    did not answer about the token itself (a refused app token, Meta down)."""
    try:
        data = client.debug_token(token)
    except graph.TokenInvalid as refused:
        if refused.status != 200:  # the call itself was refused, not the page's token (debug_token answers 200)
            raise
        return page_reconnect.TOKEN_EXPIRED if refused.subcode == EXPIRED_SUBCODE else page_reconnect.TOKEN_REVOKED
    ends = data.get("expires_at") or 0  # Unix seconds; 0 for a token that does not expire
    if ends and datetime.fromtimestamp(ends, timezone.utc).replace(tzinfo=None) <= now + CHECK_EVERY:
        return page_reconnect.TOKEN_EXPIRING
    return None
