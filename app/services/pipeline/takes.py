"""Comments that kill their worker process are counted and set aside, so they are not taken again forever.

A comment whose decision raises is counted by the drain (docs/architecture.md#queue-rules rule 8). One that kills
the worker process instead (out of memory, a crash in a C extension) raises nothing: its message comes back
(task_reject_on_worker_lost), its row is still unprocessed, and the next drain takes it again. So each take is
counted in `inbox_takes` and committed before the comment is decided, on a connection of its own: committing the
drain's transaction would release the row locks that keep two drains off the same comments. A batch that ends,
whatever it decided, removes its takes; one left over is a worker that died with the comment in hand.

After a crash, the comments it held are suspects: they are decided one at a time, so the next crash counts only
against the comment that caused it, and its neighbours are answered. A comment taken MAX_CRASHES times by workers
that died is set aside: marked processed with its why (`inbox_events.set_aside_why`), logged, counted
(autoreply_comments_set_aside_total) and shown in Flower as an `ingest.comment_set_aside` task.
"""
from __future__ import annotations

import logging
import os

from sqlalchemy import delete, update

from app import metrics, queue
from app.database import session, upsert
from app.models import InboxEvent, InboxTake, utcnow

log = logging.getLogger(__name__)
MAX_CRASHES = 3


def take(batch: list[InboxEvent], settings: dict) -> list[InboxEvent]:
    """Count this take of the batch's comments (committed now) and return those to decide: the batch, or after a
    crash its first suspect alone. Comments past MAX_CRASHES are set aside instead (an empty list then)."""
    crashes = _count([event.id for event in batch])
    suspects = [event for event in batch if crashes[event.id]]
    if suspects:
        chosen = suspects[0]
        _uncount([event.id for event in batch if event is not chosen])  # not taken this time after all
        if crashes[chosen.id] >= MAX_CRASHES:
            set_aside(chosen, crashes[chosen.id])
            return []
        batch = [chosen]
    _crash_if_planted(batch, settings)
    return batch


def release(batch: list[InboxEvent]) -> None:
    """The batch ended (decided, left for later or failed with an exception): its takes are no crashes."""
    _committed_now(delete(InboxTake).where(InboxTake.inbox_event_id.in_([event.id for event in batch])))


def set_aside(event: InboxEvent, crashes: int) -> None:
    why = f"set aside after {crashes} worker crashes"
    event.processed_at, event.set_aside_why = utcnow(), why
    session.execute(delete(InboxTake).where(InboxTake.inbox_event_id == event.id))
    session.commit()
    metrics.comment_set_aside()
    log.error("inbox event %s (comment %s) %s: never decided", event.id, event.comment_id, why)
    queue.enqueue(queue.COMMENT_SET_ASIDE, event.id, event.comment_id, why)


def _count(event_ids: list[int]) -> dict[int, int]:
    """Each comment's takes before this one that never ended (worker crashes), this one counted and committed."""
    now = utcnow()
    with _own_transaction() as connection:
        counted = upsert(InboxTake, [{"inbox_event_id": event_id, "takes": 1, "taken_at": now}
                                     for event_id in event_ids], ["inbox_event_id"],
                         lambda proposed: {"takes": InboxTake.takes + 1, "taken_at": proposed.taken_at},
                         returning=(InboxTake.inbox_event_id, InboxTake.takes), connection=connection)
        return {event_id: takes - 1 for event_id, takes in counted}


def _uncount(event_ids: list[int]) -> None:
    if event_ids:
        _committed_now(update(InboxTake).where(InboxTake.inbox_event_id.in_(event_ids))
                       .values(takes=InboxTake.takes - 1))


def _committed_now(statement) -> None:
    with _own_transaction() as connection:
        connection.execute(statement)


def _own_transaction():
    """A write committed at its end without ending the drain's transaction: on PostgreSQL a connection of its own (the
    drain keeps its row locks) in autocommit: each write here is one statement, so it needs no BEGIN and COMMIT of
    their own (two round trips saved on each, four a batch); SQLite locks no rows, and a second writer would wait on
    the session's own, so the session's connection there."""
    engine = session.get_bind()
    if engine.dialect.name == "postgresql":
        return engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    return _SessionTransaction()


class _SessionTransaction:
    def __enter__(self):
        return session.connection()

    def __exit__(self, kind, _error, _traceback):
        if kind is None:
            session.commit()


def _crash_if_planted(batch: list[InboxEvent], settings: dict) -> None:
    """Tests only (APP_ENV=test and CRASH_ON_COMMENT set): taking a comment with exactly that text kills the worker
    process, as running out of memory would. No product path sets the setting, and no other environment reads it."""
    planted = settings.get("CRASH_ON_COMMENT")
    if planted and settings.get("APP_ENV") == "test" and any(event.message == planted for event in batch):
        os._exit(70)
