"""Sending due actions through the Graph API, each effect at most once, and recording each outcome as it happens.

An action is claimed (planned -> sending, a compare-and-set in the database) right before its own call, and its
outcome is written as soon as that call returns, in the same statement round as the next action's claim. So a
worker killed in the middle of a batch leaves at most the call it had in flight in `sending`: what it sent is
recorded as sent, what it had not reached is still `planned` for dispatch_due (docs/architecture.md#queue-rules
rules 2 and 7). Errors are mapped, not swallowed: rate limits and transient failures go back to `planned` with a
later due time (the backoff lives in the database, like every delay); an invalid token holds the page's actions
until it is reconnected; anything else fails the action with "code - message", shown on the log event. An answer
past Meta's private-reply window is cancelled instead of sent (`expires_at`, app/services/pipeline/planning.py), and
so is what a comment's removal caught before its claim (app/services/pipeline/lifecycle.py).
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select, update

from app import graph, log_context, metrics
from app.database import session
from app.models import PlannedAction, SocialPage, utcnow
from app.graph.errors import Paced, ReplyWindowClosed
from app.services.graph_client import page_client
from app.services.pipeline import outcome_writer, planning
from app.services.pipeline.comment_decision import TOO_OLD

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 8
# A task stops calling the Graph API this long after it started, well inside Celery's 45 s soft time limit, and
# leaves what it did not reach `planned` (a slow Graph API must not get a batch killed mid-way).
SEND_SECONDS = 30.0
# Rows a batch is about to send are reserved this long (claimed_at set, still `planned`): dispatch_due leaves them
# to that batch, and takes them over if the batch died or is still busy after it.
RESERVE_SECONDS = 3.0
BACKOFF_BASE_SECONDS = 2.0
BACKOFF_CAP_SECONDS = 600.0
# Small enough that two dispatching processes share a burst of due actions rather than one taking it all.
DISPATCH_BATCH = 25
# A dispatch waits for an action falling due this soon (a beat period) rather than leaving it to the next message.
LOOK_AHEAD_SECONDS = 1.0
# At least this long between two looks at the table, so actions falling due a few ms apart go in one claim.
SHORTEST_WAIT_SECONDS = 0.05
# A page's turn this close is waited for in the call; a later one puts the page's actions off, and the batch goes on
# with the other pages' (one page near its limit never holds up the rest).
PACE_INLINE_SECONDS = 0.5
RECONNECT = "the page needs to be reconnected"
# Meta keeps one private reply per comment and answers a second one with (#10900), without the first one's id: the
# reply went out with an earlier attempt (one cut off by a crash or a timeout), so the row is done without an id.
EARLIER_ATTEMPT = "sent by an earlier attempt (Meta refused a second reply with #10900; the message id is not known)"
LIKED_EARLIER = "liked by an earlier attempt (the comment already shows the page's like)"


@dataclass
class Outcome:
    """What became of one claimed action; `sending` means nobody knows yet (sweeps.reconcile finds out)."""

    action: PlannedAction
    state: str
    result_id: str | None = None
    error: str | None = None
    due_at: datetime | None = None
    page_token_invalid: bool = False
    window_closed: bool = False  # Meta refused the private reply as too late: the rest of the answer is cancelled


def dispatch_due(settings: dict) -> int:
    """Send every planned action whose due time has come, a batch at a time, and those falling due meanwhile: while
    one falls due within LOOK_AHEAD_SECONDS the task waits for it rather than for the next beat message, so a
    delayed action leaves at its time, not up to a beat period later, and a dispatch under way carries on while
    Redis restarts (beat cannot publish then). Returns how many this call sent."""
    sent, deadline = 0, time.monotonic() + SEND_SECONDS
    while time.monotonic() < deadline:
        reserved = claim_due(DISPATCH_BATCH)
        if reserved:
            sent += send(reserved, settings, deadline)
            session.close()  # the rows were written on another connection; the next batch reads afresh
            continue
        wait = seconds_to_next_due()
        if wait is None or wait > LOOK_AHEAD_SECONDS:
            return sent
        time.sleep(max(wait, SHORTEST_WAIT_SECONDS))
    return sent


def seconds_to_next_due() -> float | None:
    """How long until the next planned action falls due (None when none is planned later than now)."""
    now = utcnow()
    next_due = session.scalar(select(func.min(PlannedAction.due_at)).where(PlannedAction.state == "planned",
                                                                           PlannedAction.due_at > now))
    session.commit()  # no transaction held open while waiting
    return None if next_due is None else (next_due - now).total_seconds()


def claim_due(limit: int) -> list[tuple[PlannedAction, SocialPage]]:
    """Reserve up to `limit` due actions for this caller, in one statement (rows another worker holds, or reserved
    by a live batch, are skipped); send() then claims each one right before its call."""
    now = utcnow()
    due = (select(PlannedAction.id).where(PlannedAction.state == "planned", PlannedAction.due_at <= now,
                                          or_(PlannedAction.claimed_at.is_(None),
                                              PlannedAction.claimed_at <= now - timedelta(seconds=RESERVE_SECONDS)))
           .order_by(PlannedAction.due_at).limit(limit).with_for_update(skip_locked=True))
    reserved_ids = list(session.scalars(
        update(PlannedAction).where(PlannedAction.id.in_(due.scalar_subquery()), PlannedAction.state == "planned")
        .values(claimed_at=now).returning(PlannedAction.id), execution_options={"synchronize_session": False}))
    session.commit()
    return with_pages(reserved_ids)


def with_pages(action_ids: list[int]) -> list[tuple[PlannedAction, SocialPage]]:
    if not action_ids:
        return []
    found = session.execute(select(PlannedAction, SocialPage).join(SocialPage)
                            .where(PlannedAction.id.in_(action_ids)).order_by(PlannedAction.id)
                            .execution_options(populate_existing=True))
    return [(action, page) for action, page in found]


def send(due: list[tuple[PlannedAction, SocialPage]], settings: dict, deadline: float | None = None,
         reclaimed: bool = False) -> int:
    """Claim, call and record each action in turn: `planned` rows are claimed right before their call (skipped when
    another worker won them). `sending` rows are sent only when `reclaimed` (a sweep's re-claim made them the
    caller's); else another worker claimed them after this one reserved them and before it read them (a batch
    slower than RESERVE_SECONDS), and their call is that worker's. Past `deadline` (time.monotonic()) the rest stay
    `planned` for dispatch_due. Returns how many actions were attempted."""
    writer, clients, held_pages, put_off, attempted = outcome_writer.Writer(), {}, set(), {}, 0
    try:
        for action, page in due:
            log_context.bind_action(action, page)
            if (deadline is not None and time.monotonic() > deadline) or page.id in held_pages:
                continue  # not reached (or the page was just held with its planned actions): nothing claimed
            if action.state != ("sending" if reclaimed else "planned"):
                continue  # cancelled meanwhile (its comment was removed), or in another worker's hands
            client = clients.get(page.id) or clients.setdefault(page.id, page_client(settings, page))
            if not reclaimed and _turn_is_far(client, action, page, put_off):
                continue  # put off to the page's turn below, unclaimed
            if not reclaimed and not writer.claim(action):
                continue  # another worker claimed it first, or its comment was removed (lifecycle.py)
            outcome = _attempt(client, action, page)
            attempted += 1
            metrics.action_outcome(outcome)
            writer.settle(outcome)
            if outcome.page_token_invalid:
                writer.flush()
                held_pages.add(page.id)
                _hold_pages({page.id})
                session.commit()
            if outcome.window_closed:
                _cancel_answer(action)  # before its like and public reply are claimed, next in this batch
                session.commit()
        _put_off(put_off)
    finally:
        writer.flush()  # the last outcome, or the one known before something unexpected raised
        _forget_loaded(due)
    return attempted


def _turn_is_far(client, action: PlannedAction, page: SocialPage, put_off: dict[int, tuple[float, list]]) -> bool:
    """Whether the page's next Graph turn is too far to wait for now; the page's actions are then put off to it.
    A turn close enough is taken for the action's call."""
    if page.id not in put_off:
        wait = client.take_turn(PACE_INLINE_SECONDS)
        if wait <= PACE_INLINE_SECONDS:
            return False
        put_off[page.id] = (wait, [])
    put_off[page.id][1].append(action.id)
    return True


def _put_off(put_off: dict[int, tuple[float, list]]) -> None:
    """The paced pages' actions due at their page's turn, released for whichever worker takes them then."""
    for page_id, (wait, action_ids) in put_off.items():
        session.execute(update(PlannedAction).where(PlannedAction.id.in_(action_ids), PlannedAction.state == "planned")
                        .values(due_at=utcnow() + timedelta(seconds=wait), claimed_at=None),
                        execution_options={"synchronize_session": False})
        log.info("page %s near its Graph usage limit: %s actions put off %.1f s", page_id, len(action_ids), wait)
    if put_off:
        session.commit()


def _forget_loaded(due: list[tuple[PlannedAction, SocialPage | None]]) -> None:
    """The rows were written on the writer's connection: a later read in this session loads them afresh."""
    for action, _page in due:
        if action in session:
            session.expire(action)


def _attempt(client, action: PlannedAction, page: SocialPage) -> Outcome:
    if page.needs_reconnect or not page.access_token:
        return Outcome(action, "held", error=RECONNECT)
    if planning.expired(action.expires_at):
        return Outcome(action, "cancelled", error=TOO_OLD)  # Meta would refuse it: no call wasted
    try:
        result_id = _call(client, action, page)
    except graph.AlreadyReplied:
        return Outcome(action, "done", error=EARLIER_ATTEMPT)  # Meta's one-reply rule; the first id is lost
    except Paced as paced:  # the page's turn came later than it looked: nothing was sent nor refused
        return Outcome(action, "planned", due_at=utcnow() + timedelta(seconds=paced.retry_after))
    except ReplyWindowClosed:  # Meta's clock saw the window closed before ours
        return Outcome(action, "cancelled", error=TOO_OLD, window_closed=True)
    except graph.RateLimited as error:
        return _retry_later(action, max(error.retry_after or 0, _backoff(action.attempts)), error)
    except graph.TokenInvalid as error:
        return Outcome(action, "held", error=str(error), page_token_invalid=True)
    except graph.Transient as error:
        if error.status is None and action.kind == "public_reply":
            # No answer: it may have been posted. It stays `sending` until sweeps.reconcile reads the replies.
            return Outcome(action, "sending")
        return _retry_later(action, _backoff(action.attempts), error)
    except graph.GraphError as error:
        return Outcome(action, "failed", error=error.reason)
    return Outcome(action, "done", result_id=result_id)


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


def _retry_later(action: PlannedAction, seconds: float, error: Exception) -> Outcome:
    if action.attempts >= MAX_ATTEMPTS:
        return Outcome(action, "failed", error=f"gave up after {action.attempts} attempts: {error}")
    return Outcome(action, "planned", error=str(error), due_at=utcnow() + timedelta(seconds=seconds))


def record(outcome: Outcome) -> None:
    """One outcome known outside a batch (a manual answer, a sweep's check), written by the batch's own writer."""
    writer = outcome_writer.Writer()
    writer.settle(outcome)
    writer.flush()
    _forget_loaded([(outcome.action, None)])
    if outcome.page_token_invalid:
        _hold_pages({outcome.action.page_id})
        session.commit()


def _cancel_answer(action: PlannedAction) -> None:
    """The answer's other actions (those ending with the window), not sent: the public reply announces a private
    reply that will never come."""
    session.execute(update(PlannedAction).where(
        PlannedAction.page_id == action.page_id, PlannedAction.comment_id == action.comment_id,
        PlannedAction.state == "planned", PlannedAction.expires_at.is_not(None))
        .values(state="cancelled", error=TOO_OLD))


def _hold_pages(page_ids: set[int]) -> None:
    if not page_ids:
        return
    session.execute(update(SocialPage).where(SocialPage.id.in_(page_ids)).values(needs_reconnect=True))
    session.execute(update(PlannedAction).where(PlannedAction.page_id.in_(page_ids), PlannedAction.state == "planned")
                    .values(state="held", error=RECONNECT))
