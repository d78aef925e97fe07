"""Sending planned actions through the Graph API, each effect at most once.

A worker claims a row (planned -> sending, a compare-and-set) before calling the Graph API, so redelivered
tasks, sweeps and racing workers never send twice (../shared/QUEUE.md rule 2). Errors are mapped, not
swallowed: rate limits and transient failures go back to `planned` with a later due time (the backoff lives in
the database, like every delay); an invalid token holds the page's actions until it is reconnected; anything
else fails the action with "code - message", shown on the log event.
"""
from __future__ import annotations

import logging
import random
from datetime import timedelta

from sqlalchemy import update

from app import graph
from app.database import session
from app.models import CommentLog, PlannedAction, SocialPage, utcnow
from app.services.graph import graph_client

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 8
BACKOFF_BASE_SECONDS = 2.0
BACKOFF_CAP_SECONDS = 600.0


def claim(action_id: int) -> bool:
    """planned -> sending for this worker only; False when someone else has it or it is not due."""
    claimed = session.execute(
        update(PlannedAction)
        .where(PlannedAction.id == action_id, PlannedAction.state == "planned",
               PlannedAction.due_at <= utcnow() + timedelta(seconds=1))
        .values(state="sending", claimed_at=utcnow(), attempts=PlannedAction.attempts + 1)
    ).rowcount
    session.commit()
    return claimed == 1


def perform(action_id: int, settings: dict) -> None:
    """Call the Graph API for a claimed (sending) action and record the outcome."""
    action = session.get(PlannedAction, action_id)
    page = session.get(SocialPage, action.page_id)
    if page.needs_reconnect or not page.access_token:
        finish(action, "held", error="the page needs to be reconnected")
        return
    try:
        result_id = _call(graph_client(settings), action, page)
    except graph.AlreadyReplied:
        finish(action, "done")  # Meta's one-reply rule: an earlier attempt sent it; its id was lost with it
    except graph.RateLimited as error:
        _retry_later(action, max(error.retry_after or 0, _backoff(action.attempts)), error)
    except graph.TokenInvalid as error:
        _hold_page(page, action, error)
    except graph.Transient as error:
        if error.status is None and action.kind == "public_reply":
            return  # no answer: it may have been posted; stays `sending` until sweeps.reconcile reads the replies
        _retry_later(action, _backoff(action.attempts), error)
    except graph.GraphError as error:
        finish(action, "failed", error=error.reason)
    else:
        finish(action, "done", result_id=result_id)


def _call(client, action: PlannedAction, page: SocialPage) -> str | None:
    if action.kind == "private_reply":
        sender = page.linked_page_external_id if page.platform == "instagram" and page.linked_page_external_id \
            else page.external_id
        answer = client.private_reply(sender, page.access_token, action.comment_id, action.payload["text"],
                                      action.payload.get("buttons") or None)
        return answer.get("message_id")
    if action.kind == "like":
        client.like(action.comment_id, page.access_token)
        return None
    if action.kind == "hide":
        client.hide(action.comment_id, page.access_token, page.platform)
        return None
    if action.kind == "public_reply":
        return client.public_reply(action.comment_id, page.access_token, action.payload["message"], page.platform)
    raise ValueError(f"unknown action kind {action.kind}")


def _backoff(attempts: int) -> float:
    ceiling = min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** max(attempts - 1, 0))
    return random.uniform(ceiling / 2, ceiling)  # full jitter keeps retries of a burst apart


def _retry_later(action: PlannedAction, seconds: float, error: Exception) -> None:
    if action.attempts >= MAX_ATTEMPTS:
        finish(action, "failed", error=f"gave up after {action.attempts} attempts: {error}")
        return
    action.state, action.error = "planned", str(error)
    action.due_at = utcnow() + timedelta(seconds=seconds)
    session.commit()


def _hold_page(page: SocialPage, action: PlannedAction, error: Exception) -> None:
    page.needs_reconnect = True
    session.execute(update(PlannedAction).where(PlannedAction.page_id == page.id, PlannedAction.state == "planned")
                    .values(state="held", error="the page needs to be reconnected"))
    finish(action, "held", error=str(error))


def finish(action: PlannedAction, state: str, result_id: str | None = None, error: str | None = None) -> None:
    """Record the outcome on the action and, for a private reply, on the log event the team reads."""
    action.state, action.result_id, action.error = state, result_id, error
    action.done_at = utcnow() if state == "done" else None
    if action.kind == "private_reply" and action.log_id:
        entry = session.get(CommentLog, action.log_id)
        entry.reply_message_id, entry.reply_error = result_id, error
    session.commit()
