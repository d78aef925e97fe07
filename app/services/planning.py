"""Turning a decision about a comment into planned action rows, each due according to the page's delay.

The due time is drawn once and stored (docs/architecture.md#queue-rules rule 4): a worker restart or a Redis flush
cannot change when, or whether, a reply goes out.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from app.models import PlannedAction, SocialPage, utcnow

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


def answer_actions(page: SocialPage, log_id: int, comment_id: str, text: str, buttons: list) -> list[PlannedAction]:
    """The private reply, plus the like and the public reply when the page has them on (Facebook only)."""
    due = reply_due_at(page)
    planned = [action(page, log_id, comment_id, "private_reply", due, {"text": text, "buttons": buttons})]
    if page.platform == "facebook" and page.likes_comment:
        planned.append(action(page, log_id, comment_id, "like", due))
    if page.platform == "facebook" and page.public_reply_enabled and page.public_reply_message.strip():
        planned.append(action(page, log_id, comment_id, "public_reply", due,
                              {"message": page.public_reply_message}))
    return planned
