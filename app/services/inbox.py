"""The inbox of received comments: one row per (platform, comment id), whatever delivered it and how often.

Meta retries for up to 36 h and may deliver twice (docs/graph-api.md#signature-and-delivery): the unique key turns every
repeat into a no-op at insert. Only new comments of connected pages are kept; edits, removals, hides and
other feed items are acknowledged and dropped here. Storing rings the ingest doorbell: the workers drain the
inbox table in batches, so a burst of webhooks costs one Celery message per batch, not one per comment.
"""
from __future__ import annotations

import logging
import time
from datetime import datetime, timezone
from typing import Iterable

from sqlalchemy import select

from app import metrics, queue
from app.database import insert_ignore, session
from app.graph import CommentChange
from app.models import InboxEvent, SocialPage

log = logging.getLogger(__name__)
NEW_COMMENT_VERBS = {"add"}
# Pages seen connected are believed for this long without asking the database again. A page disconnected
# meanwhile costs at most a stored row, which ingest then drops (it checks the page itself).
CONNECTED_TTL_SECONDS = 30.0
_connected_until: dict[tuple[str, str], float] = {}


def store_changes(changes: Iterable[CommentChange], source: str) -> int:
    """Insert the new comments of connected pages, commit, and ring the ingest doorbell; returns how many were new."""
    wanted = [change for change in changes if change.verb in NEW_COMMENT_VERBS and change.comment_id]
    rows = [row for row in (_row(change, source) for change in wanted) if row is not None]
    connected = _connected_pages({(row["platform"], row["page_external_id"]) for row in rows})
    rows = [row for row in rows if (row["platform"], row["page_external_id"]) in connected]
    new_ids = insert_ignore(InboxEvent, rows, ["platform", "comment_id"])
    session.commit()
    metrics.comments_received(len(new_ids), source)
    if new_ids:
        queue.ring(queue.INGEST_INBOX)
    return len(new_ids)


def _connected_pages(keys: set[tuple[str, str]]) -> set[tuple[str, str]]:
    now = time.monotonic()
    unknown = {key for key in keys if _connected_until.get(key, 0.0) <= now}
    if unknown:
        found = session.execute(select(SocialPage.platform, SocialPage.external_id).where(
            SocialPage.is_connected.is_(True), SocialPage.external_id.in_({page_id for _p, page_id in unknown})))
        for key in {(platform, external_id) for platform, external_id in found} & unknown:
            _connected_until[key] = now + CONNECTED_TTL_SECONDS
    return {key for key in keys if _connected_until.get(key, 0.0) > now}


def forget_connected_pages() -> None:
    """Ask the database again for every page (a page was disconnected or deleted in this process)."""
    _connected_until.clear()


def _row(change: CommentChange, source: str) -> dict | None:
    """The inbox row of a change, or None when it cannot be Meta's (an id wider than its column, or with a
    control character in it). Whatever a comment holds must not fail the insert, nor the page look-up before it:
    one bad change would fail its whole delivery, and Meta would retry it for 36 hours with every good comment of
    the batch in it."""
    row = {"platform": change.platform, "comment_id": change.comment_id, "page_external_id": change.page_id,
           "post_external_id": change.post_id, "parent_id": change.parent_id, "from_id": change.from_id,
           "from_name": change.from_name, "message": change.message, "created_time": _utc(change.created_time),
           "verb": change.verb, "source": source}
    for name in ("comment_id", "page_external_id", "post_external_id", "parent_id", "from_id"):
        if row[name] is not None and (len(row[name]) > _width(name) or not row[name].isprintable()):
            log.warning("change %r skipped: its %s cannot be a Graph id", change.comment_id[:80], name)
            return None
    # PostgreSQL text cannot hold NUL characters; a display name longer than its column is cut.
    for name in ("from_name", "message"):
        if row[name] is not None:
            row[name] = row[name].replace("\x00", "")
    if row["from_name"] is not None:
        row["from_name"] = row["from_name"][:_width("from_name")]
    return row


def _width(column: str) -> int:
    return InboxEvent.__table__.c[column].type.length


def _utc(timestamp: int | None) -> datetime | None:
    try:
        return datetime.fromtimestamp(timestamp, timezone.utc).replace(tzinfo=None) if timestamp else None
    except (OverflowError, OSError, ValueError):  # not a time any comment was written at
        return None
