"""What becomes of a comment after it was written: its author edits it or deletes it (Facebook `feed` changes with
`verb` `edited` or `remove`; Instagram sends neither, docs/graph-api.md#comment-payloads).

A removal is recorded and cancels every action of the comment that has not left, in one transaction, so no action
of a removed comment is claimed after the removal is recorded:
- a comment still in the inbox is marked processed (and removed), so no drain decides it; a drain deciding it at
  that moment holds its inbox row locked (PostgreSQL), and the removal waits for that drain's commit, then cancels
  what it planned. SQLite reads the batch without a lock: the drain finds the removal when it marks its batch
  processed (`mark_processed`) and cancels in its own transaction;
- `planned` and `held` actions become `cancelled` (the claim is a compare-and-set on `planned`, so either the claim
  or the removal wins, never both); one in flight (`sending`) is marked too, and its outcome keeps `cancelled`
  unless the call went through or failed for good (app/services/pipeline/outcome_writer.py): it is never retried;
- a removal delivered before its comment (Meta does not keep the order) leaves a processed inbox row, on which the
  comment's own delivery is a no-op.
An edit changes the text kept in the inbox (a comment not decided yet is decided on its new words) and on the log
the agent messages screen shows; what was decided on the old words stands. An edit of a comment the product never
stored is dropped: it may be years old.
"""
from __future__ import annotations

from sqlalchemy import func, select, update

from app.database import session, upsert
from app.graph import CommentChange
from app.models import CommentLog, InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.pipeline.comment_decision import REMOVED
from app.storable import cleaned

REMOVE, EDITED = "remove", "edited"
VERBS = frozenset({REMOVE, EDITED})
# The states of an action that has not left (or is in flight: its outcome decides, see above).
NOT_LEFT = ("planned", "held", "sending")


def apply(changes: list[CommentChange]) -> None:
    """Each removal or edit of the delivery, in its order, committed one by one (a delivery's last word wins)."""
    for change in changes:
        if change.verb == REMOVE:
            _remove(change)
        elif change.verb == EDITED:
            _edit(change)
        session.commit()


def mark_processed(event_ids: list[int]) -> None:
    """Mark a drained batch processed, in the drain's transaction; a comment of it removed since it was read has
    what was just planned for it cancelled in the same transaction."""
    marked = session.execute(update(InboxEvent).where(InboxEvent.id.in_(event_ids)).values(processed_at=utcnow())
                             .returning(InboxEvent.platform, InboxEvent.page_external_id, InboxEvent.comment_id,
                                        InboxEvent.removed_at), execution_options={"synchronize_session": False})
    for platform, page_external_id, comment_id, removed_at in list(marked):
        if removed_at is not None:
            _cancel(platform, page_external_id, comment_id, removed_at)


def _remove(change: CommentChange) -> None:
    now = utcnow()
    # First, so a drain deciding the comment now is waited for (its lock on the row), and what it planned is seen.
    upsert(InboxEvent, [_tombstone(change, now)], ["platform", "comment_id"], lambda proposed: {
        "removed_at": func.coalesce(InboxEvent.__table__.c.removed_at, proposed.removed_at),
        "processed_at": func.coalesce(InboxEvent.__table__.c.processed_at, proposed.processed_at)})
    _cancel(change.platform, change.page_id, change.comment_id, now)


def _cancel(platform: str, page_external_id: str, comment_id: str, removed_at) -> None:
    pages = _page_rows(platform, page_external_id)
    session.execute(update(CommentLog).where(CommentLog.page_id.in_(pages), CommentLog.comment_id == comment_id,
                                             CommentLog.removed_at.is_(None)).values(removed_at=removed_at),
                    execution_options={"synchronize_session": False})
    session.execute(update(PlannedAction).where(PlannedAction.page_id.in_(pages),
                                                PlannedAction.comment_id == comment_id,
                                                PlannedAction.state.in_(NOT_LEFT))
                    .values(state="cancelled", error=REMOVED), execution_options={"synchronize_session": False})


def _edit(change: CommentChange) -> None:
    if change.message is None:
        return  # a sticker or a photo: no words to show instead
    message = cleaned(change.message)
    session.execute(update(InboxEvent).where(InboxEvent.platform == change.platform,
                                             InboxEvent.comment_id == change.comment_id).values(message=message),
                    execution_options={"synchronize_session": False})
    session.execute(update(CommentLog).where(CommentLog.page_id.in_(_page_rows(change.platform, change.page_id)),
                                             CommentLog.comment_id == change.comment_id).values(message=message),
                    execution_options={"synchronize_session": False})


def _page_rows(platform: str, page_external_id: str):
    """Every team's row of the page, connected or not: the comment is gone (or changed) for all of them."""
    return select(SocialPage.id).where(SocialPage.platform == platform, SocialPage.external_id == page_external_id)


def _tombstone(change: CommentChange, now) -> dict:
    """The inbox row of a removal whose comment was not stored: processed, so its late delivery stores nothing."""
    return {"platform": change.platform, "comment_id": change.comment_id, "page_external_id": change.page_id,
            "post_external_id": change.post_id, "parent_id": change.parent_id, "from_id": change.from_id,
            "from_name": None, "message": None, "created_time": None, "verb": REMOVE, "source": "webhook",
            "removed_at": now, "processed_at": now}
