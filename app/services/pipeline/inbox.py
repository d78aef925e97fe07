"""The inbox of received comments: one row per (platform, comment id), whatever delivered it and how often.

Meta retries for up to 36 h and may deliver twice (docs/graph-api.md#signature-and-delivery): the unique key turns every
repeat into a no-op at insert. Only new comments of connected pages are kept; edits and removals change what is
stored (app/services/pipeline/lifecycle.py); hides and other feed items are acknowledged and dropped here. Storing
rings the ingest doorbell: the workers drain the inbox table in batches, so a burst of webhooks costs one Celery
message per batch, not one per comment.
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
from app.services.pipeline import lifecycle
from app.storable import cleaned

log = logging.getLogger(__name__)
NEW_COMMENT_VERBS = {"add"}
# Each id of a change and the inbox column that keeps it.
ID_COLUMNS = (("comment_id", "comment_id"), ("page_id", "page_external_id"), ("post_id", "post_external_id"),
              ("parent_id", "parent_id"), ("from_id", "from_id"))
# Pages seen connected are believed for this long without asking the database again. A page disconnected
# meanwhile costs at most a stored row, which ingest then drops (it checks the page itself).
CONNECTED_TTL_SECONDS = 30.0
_connected_until: dict[tuple[str, str], float] = {}


def storable_changes(changes: Iterable[CommentChange]) -> list[CommentChange]:
    """The changes a row can hold, for `store_changes`; each other one is logged on its own (its id cut short) and
    left out. Whatever a comment holds must not fail the insert, nor the page look-up before it: one bad change
    would fail its whole delivery, and Meta would retry it for 36 hours with every good comment of the batch in it.
    Callers drop them before anything else sees them (a 100,000-digit id bound to every log line of a request)."""
    kept = []
    for change in changes:
        flaw = _flaw(change)
        if flaw is None:
            kept.append(change)
        else:
            log.warning("change %r skipped: %s", change.comment_id[:80], flaw)
    return kept


def store_changes(changes: Iterable[CommentChange], source: str) -> int:
    """Insert the new comments of connected pages (changes that passed `storable_changes`), commit, and ring the
    ingest doorbell, then apply the edits and removals (after the adds: a delivery may hold a comment and its
    removal); returns how many comments were new."""
    changes = list(changes)
    wanted = [change for change in changes if change.verb in NEW_COMMENT_VERBS and change.comment_id]
    rows = [_row(change, source) for change in wanted]
    connected = _connected_pages({(row["platform"], row["page_external_id"]) for row in rows})
    rows = [row for row in rows if (row["platform"], row["page_external_id"]) in connected]
    new_ids = insert_ignore(InboxEvent, rows, ["platform", "comment_id"])
    session.commit()
    metrics.comments_received(len(new_ids), source)
    if new_ids:
        queue.ring(queue.INGEST_INBOX)
    lifecycle.apply([change for change in changes if change.verb in lifecycle.VERBS])
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


def _flaw(change: CommentChange) -> str | None:
    """Why no row can hold the change: an id wider than its column (a Graph id is a few dozen digits) or with a
    control character in it (or a lone surrogate, which is no printable character either)."""
    for attribute, column in ID_COLUMNS:
        value = getattr(change, attribute)
        if value is not None and (len(value) > _width(column) or not value.isprintable()):
            return f"its {column} cannot be a Graph id"
    return None


def _row(change: CommentChange, source: str) -> dict:
    """The inbox row of a storable change. Its texts are the person's words, kept: cleaned of what no column holds
    (app/storable.py), a display name longer than its column cut."""
    from_name = cleaned(change.from_name)[:_width("from_name")] if change.from_name is not None else None
    message = cleaned(change.message) if change.message is not None else None
    return {"platform": change.platform, "comment_id": change.comment_id, "page_external_id": change.page_id,
            "post_external_id": change.post_id, "parent_id": change.parent_id, "from_id": change.from_id,
            "from_name": from_name, "message": message, "created_time": _utc(change.created_time),
            "verb": change.verb, "source": source}


def _width(column: str) -> int:
    return InboxEvent.__table__.c[column].type.length


def _utc(timestamp: int | None) -> datetime | None:
    try:
        return datetime.fromtimestamp(timestamp, timezone.utc).replace(tzinfo=None) if timestamp else None
    except (OverflowError, OSError, ValueError):  # not a time any comment was written at
        return None
