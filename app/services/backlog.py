"""How much work waits, read when /metrics is scraped: the inbox, the due actions and the Celery queues.

Each reading is short and bounded (a statement timeout on PostgreSQL, socket timeouts on Redis), so a slow
database or an absent Redis makes a scrape lose those figures, never hang.
"""
from __future__ import annotations

from dataclasses import dataclass

import redis
from sqlalchemy import func, select, text

from app import queue
from app.database import session
from app.models import InboxEvent, PlannedAction, utcnow

READ_TIMEOUT_SECONDS = 1.0
# kombu's Redis transport keeps each priority level of a queue in its own list: "name", then "name\x06\x163"...
PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


@dataclass
class Backlog:
    inbox_unprocessed: int
    inbox_oldest_age_seconds: float
    actions_due: int
    actions_oldest_due_age_seconds: float


def database_backlog() -> Backlog:
    """Unprocessed inbox rows and planned actions past their due time, with the age of the oldest of each."""
    now = utcnow()
    try:
        if session.get_bind().dialect.name == "postgresql":
            session.execute(text(f"SET LOCAL statement_timeout = {int(READ_TIMEOUT_SECONDS * 1000)}"))
        inbox_count, inbox_oldest = session.execute(
            select(func.count(), func.min(InboxEvent.received_at)).where(InboxEvent.processed_at.is_(None))).one()
        due_count, due_oldest = session.execute(
            select(func.count(), func.min(PlannedAction.due_at))
            .where(PlannedAction.state == "planned", PlannedAction.due_at <= now)).one()
    finally:
        session.rollback()
    return Backlog(inbox_count, _age(now, inbox_oldest), due_count, _age(now, due_oldest))


def queue_depths(settings: dict) -> dict[str, int]:
    """Messages waiting in each Celery queue of app/queue.py (reserved ones, being worked on, are not counted)."""
    client = redis.Redis.from_url(settings["REDIS_URL"], socket_timeout=READ_TIMEOUT_SECONDS,
                                  socket_connect_timeout=READ_TIMEOUT_SECONDS)
    prefix = settings.get("CELERY_KEY_PREFIX") or ""
    try:
        pipeline = client.pipeline(transaction=False)
        for name in queue.QUEUES:
            for suffix in PRIORITY_SUFFIXES:
                pipeline.llen(f"{prefix}{name}{suffix}")
        lengths = pipeline.execute()
    finally:
        client.close()
    steps = len(PRIORITY_SUFFIXES)
    return {name: sum(lengths[i * steps:(i + 1) * steps]) for i, name in enumerate(queue.QUEUES)}


def _age(now, oldest) -> float:
    return max((now - oldest).total_seconds(), 0.0) if oldest is not None else 0.0
