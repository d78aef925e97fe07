"""The inbox of received comments: one row per (platform, comment id), whatever delivered it and how often.

Meta retries for up to 36 h and may deliver twice (conformance/GRAPH.md §1.2): the unique key turns every
repeat into a no-op at insert. Only new comments of connected pages are kept; edits, removals, hides and
other feed items are acknowledged and dropped here.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable

from sqlalchemy import select

from app.database import insert_ignore, session
from app.graph import CommentChange
from app.models import InboxEvent, SocialPage

NEW_COMMENT_VERBS = {"add"}


def store_changes(changes: Iterable[CommentChange], source: str) -> list[int]:
    """Insert the new comments of connected pages; returns the ids of the rows this call created."""
    wanted = [change for change in changes if change.verb in NEW_COMMENT_VERBS and change.comment_id]
    connected = _connected_pages({(change.platform, change.page_id) for change in wanted})
    rows = [_row(change, source) for change in wanted if (change.platform, change.page_id) in connected]
    if not rows:
        return []
    new_ids = [insert_ignore(InboxEvent, row, ["platform", "comment_id"]) for row in rows]
    session.commit()
    return [row_id for row_id in new_ids if row_id is not None]


def _connected_pages(keys: set[tuple[str, str]]) -> set[tuple[str, str]]:
    if not keys:
        return set()
    found = session.execute(select(SocialPage.platform, SocialPage.external_id).where(
        SocialPage.is_connected.is_(True), SocialPage.external_id.in_({page_id for _p, page_id in keys})))
    return {(platform, external_id) for platform, external_id in found} & keys


def _row(change: CommentChange, source: str) -> dict:
    created = (datetime.fromtimestamp(change.created_time, timezone.utc).replace(tzinfo=None)
               if change.created_time else None)
    return {"platform": change.platform, "comment_id": change.comment_id, "page_external_id": change.page_id,
            "post_external_id": change.post_id, "parent_id": change.parent_id, "from_id": change.from_id,
            "from_name": change.from_name, "message": change.message, "created_time": created,
            "verb": change.verb, "source": source}

