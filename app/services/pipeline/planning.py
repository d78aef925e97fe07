"""Turning a decision about a comment (app/services/pipeline/comment_decision.py) into planned action rows, each due
according to the page's delay.

The due time is drawn once and stored (docs/architecture.md#queue-rules rule 4): a worker restart or a Redis flush
cannot change when, or whether, a reply goes out.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from app.models import PlannedAction, SocialPage, utcnow
from app.services.pipeline.comment_decision import Action

MAX_DELAY_MS = (59 * 60 + 59) * 1000  # spec 000 §9: 0-59 minutes and 0-59 seconds


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


def action(page: SocialPage, log_id: int, comment_id: str, kind: str, due_at: datetime,
           payload: dict | None = None) -> PlannedAction:
    return PlannedAction(page_id=page.id, log_id=log_id, comment_id=comment_id, kind=kind, due_at=due_at,
                         payload=payload or {}, state="planned", attempts=0, claimed_at=None)


def planned(page: SocialPage, log_id: int, comment_id: str, actions: list[Action]) -> list[PlannedAction]:
    """A decision's actions as rows (app/services/pipeline/comment_decision.py): a hide due at once, the answer's
    actions (private reply, like, public reply) all at one reply time, drawn here."""
    now = utcnow()
    reply_at = reply_due_at(page, now) if any(item.delayed for item in actions) else now
    return [action(page, log_id, comment_id, item.kind, reply_at if item.delayed else now, item.payload)
            for item in actions]
