"""Turning a decision about a comment (app/services/pipeline/comment_decision.py) into planned action rows, each due
according to the page's delay, and Meta's private-reply window that ends an answer.

The due time is drawn once and stored (docs/architecture.md#queue-rules rule 4): a worker restart or a Redis flush
cannot change when, or whether, a reply goes out. Meta accepts a private reply only within 7 days of the comment
(docs/graph-api.md#private-replies): an answer due later is not planned (`too_late`), and one planned in time but
not sent by then (a backlog, retries) is cancelled at its turn rather than sent (`expires_at`).
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from app.models import PlannedAction, SocialPage, utcnow
from app.services.pipeline.comment_decision import Action

MAX_DELAY_MS = (59 * 60 + 59) * 1000  # spec 000 §9: 0-59 minutes and 0-59 seconds
PRIVATE_REPLY_WINDOW = timedelta(days=7)


def reply_due_at(page: SocialPage, now: datetime | None = None) -> datetime:
    """immediatly: now; Exactly: now + T; Randomly: now + uniform(from, to); times in milliseconds."""
    now = now or utcnow()
    times = [min(max(int(t), 0), MAX_DELAY_MS) for t in (page.delay_times_ms or [])]
    if page.delay_mode == "Exactly" and times:
        return now + timedelta(milliseconds=times[0])
    if page.delay_mode == "Randomly" and len(times) >= 2:
        low, high = sorted(times[:2])
        return now + timedelta(milliseconds=random.uniform(low, high))
    return now


def window_end(created_time: datetime | None) -> datetime | None:
    """When Meta stops accepting a private reply to a comment written at `created_time` (None: not known)."""
    return created_time + PRIVATE_REPLY_WINDOW if created_time is not None else None


def too_late(created_time: datetime | None, reply_at: datetime) -> bool:
    """An answer due at `reply_at` would reach Meta after the comment's private-reply window."""
    end = window_end(created_time)
    return end is not None and reply_at >= end


def expired(end: datetime | None) -> bool:
    """Past an action's `expires_at`."""
    return end is not None and utcnow() >= end


def action(page: SocialPage, log_id: int, comment_id: str, kind: str, due_at: datetime,
           payload: dict | None = None, expires_at: datetime | None = None) -> PlannedAction:
    return PlannedAction(page_id=page.id, log_id=log_id, comment_id=comment_id, kind=kind, due_at=due_at,
                         payload=payload or {}, state="planned", attempts=0, claimed_at=None, expires_at=expires_at)


def planned(page: SocialPage, log_id: int, comment_id: str, actions: list[Action], reply_at: datetime,
            created_time: datetime | None) -> list[PlannedAction]:
    """A decision's actions as rows (app/services/pipeline/comment_decision.py): a hide due at once, the answer's
    actions (private reply, like, public reply) all at `reply_at` (drawn by `reply_due_at`) and ending with the
    private-reply window of the comment written at `created_time`: the like and the public reply go with the
    private reply they announce, or not at all."""
    now, end = utcnow(), window_end(created_time)
    return [action(page, log_id, comment_id, item.kind, reply_at if item.delayed else now, item.payload,
                   end if item.delayed else None) for item in actions]
