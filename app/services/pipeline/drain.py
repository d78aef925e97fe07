"""Draining received comments: choose the agent, decide (app/services/pipeline/comment_decision.py), log, plan, send.

The inbox is drained a batch at a time. A batch's rows are locked as they are read (FOR UPDATE SKIP LOCKED on
PostgreSQL), so two workers draining at once take different comments. Everything a batch decides (the log
events, the planned actions, the reply units, the profiles, the processed marks) is committed in one
transaction; the unique (page, comment) key of the log still makes a comment decided twice fail that commit
(SQLite has no row locks), and then the batch's comments are decided one by one. Actions due now are committed
reserved for this worker (`planned`, claimed_at set) and sent by it right after, with no second message: each is
claimed right before its own call (app/services/pipeline/actions.py). If the worker dies, dispatch_due takes what it had
not reached once the reservation lapses (docs/architecture.md#queue-rules rule 7).
"""
from __future__ import annotations

import contextvars
import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm.attributes import set_committed_value

from app import log_context, metrics, queue
from app.database import insert_rows, session
from app.models import Agent, CommentLog, InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.pipeline import (actions, comment_decision, comment_log, commenter_profiles, fair, lifecycle,
                                   matchers, planning, reply_units, takes)

log = logging.getLogger(__name__)
BATCH_SIZE = 50
# A drain hands over to a fresh message after this long, so one task never holds a worker child for good.
DRAIN_SECONDS = 10.0
# A comment whose decision raised this many times is given up (marked processed, the error in the worker log).
MAX_ATTEMPTS = 5
# After a short batch, comments are left to gather this long before the next read: a batch's fixed cost (a
# dozen statements) is then shared by more comments when they come fast, for a few tens of ms of latency.
LINGER_SECONDS = 0.05
INLINE_WINDOW_SECONDS = 1.0
# What a planned action is inserted with (planning.action sets them all); the rest take their column defaults.
ACTION_COLUMNS = ("page_id", "log_id", "comment_id", "kind", "payload", "due_at", "state", "attempts", "claimed_at",
                  "expires_at")


@dataclass
class Decided:
    """A comment of the batch, with what is done with it (app/services/pipeline/comment_decision.py) and when its
    answer is due."""
    event: InboxEvent
    page: SocialPage
    agent: Agent | None
    decision: comment_decision.Decision
    reply_at: datetime


def drain(settings: dict, page: str | None = None) -> int:
    """Decide unprocessed comments, a batch at a time, until none is left; returns how many this call decided.
    With `page` (a page's external id), only that page's: its own task, when it was too slow to share batches
    (app/services/pipeline/fair.py).

    A batch's actions are sent by a second thread while the next batch is decided: sending is mostly waiting (on
    the Graph API, on each outcome's write), deciding mostly computing, so the two overlap. One batch is sent at a
    time, in order; the drain waits for the last one before it returns. A full batch rings the doorbell: with a
    backlog (after an outage, a burst) every free worker child drains, each its own rows (SKIP LOCKED)."""
    started, failed, decided = time.monotonic(), set(), 0
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="send") as sender:
        sending = None
        while time.monotonic() < started + DRAIN_SECONDS:
            batch = _fair_batch(failed, page)
            if not batch:
                _wait(sending)
                return decided
            if len(batch) == BATCH_SIZE:
                _ring(page)  # a backlog: another worker child (or host) joins this drain
            batch = takes.take(batch, settings)  # counted first: a comment that kills its worker is seen (takes.py)
            if not batch:
                continue  # a comment set aside
            shares = fair.Shares()
            try:
                count, due_now = _decide_or_isolate(batch, failed, shares)
            finally:
                takes.release(batch)
            fair.hand_over(shares.slow, page)
            session.close()  # the identity map holds this batch's rows (loaded: the sender reads them); start clean
            _wait(sending)
            # In a copy of this context: the sender's log lines carry the task's id as the drain's do.
            sending = sender.submit(contextvars.copy_context().run, _send, due_now, settings,
                                    started + actions.SEND_SECONDS)
            decided += count
            if len(batch) < BATCH_SIZE:
                time.sleep(LINGER_SECONDS)
        _wait(sending)
    _ring(page)  # time is up with comments left: a new message carries on
    return decided


def _ring(page: str | None) -> None:
    if page is None:
        queue.ring(queue.INGEST_INBOX)
    else:
        queue.enqueue(queue.INGEST_PAGE, page)


def _fair_batch(failed: set[int], page: str | None) -> list[InboxEvent]:
    """The next batch, round-robin across pages (app/services/pipeline/fair.py), in that order. When another
    worker holds all of those, the oldest comments nobody holds, so a second drain never stops early."""
    order = fair.round_robin_ids(BATCH_SIZE, failed, page, set() if page else fair.set_aside())
    if not order:
        return []
    rank = {event_id: number for number, event_id in enumerate(order)}
    batch = sorted(_next_events(BATCH_SIZE, failed, event_ids=order), key=lambda event: rank[event.id])
    return batch or _next_events(BATCH_SIZE, failed, page=page)


def _send(due_now: list, settings: dict, deadline: float) -> None:
    try:
        actions.send(due_now, settings, deadline=deadline)
    finally:
        session.remove()  # this thread's own session: its connection goes back to the pool


def _wait(sending: Future | None) -> None:
    if sending is not None:
        sending.result()  # a failure to send is raised here, as if sent inline


def _next_events(limit: int, failed: set[int], event_id: int | None = None, event_ids: list[int] | None = None,
                 page: str | None = None) -> list[InboxEvent]:
    query = (select(InboxEvent).where(InboxEvent.processed_at.is_(None)).order_by(InboxEvent.received_at,
                                                                                  InboxEvent.id)
             .limit(limit).with_for_update(skip_locked=True).execution_options(populate_existing=True))
    if failed:
        query = query.where(InboxEvent.id.not_in(failed))
    if event_id is not None:
        query = query.where(InboxEvent.id == event_id)
    if event_ids is not None:
        query = query.where(InboxEvent.id.in_(event_ids))
    if page is not None:
        query = query.where(InboxEvent.page_external_id == page)
    return list(session.scalars(query))


def _decide_or_isolate(batch: list[InboxEvent], failed: set[int], shares: fair.Shares) -> tuple[int, list]:
    """Decide the batch; if that raises, decide its comments one by one, so one bad comment stops only itself.
    Returns how many comments were decided here and the actions reserved for sending now."""
    event_ids = [event.id for event in batch]
    try:
        return _decide(batch, shares)
    except OperationalError:
        raise  # the database is away or busy: the task retries later
    except Exception:
        session.rollback()
        if len(event_ids) == 1:
            _failed(event_ids[0], failed)
            return 0, []
    decided, due_now = 0, []
    for event_id in event_ids:
        alone = _next_events(1, failed, event_id)  # empty when another worker decided it meanwhile
        if alone:
            count, reserved = _decide_or_isolate(alone, failed, shares)
            decided, due_now = decided + count, due_now + reserved
    return decided, due_now


def _failed(event_id: int, failed: set[int]) -> None:
    log.exception("deciding inbox event %s failed", event_id)
    failed.add(event_id)  # not again in this drain; the next drain tries it once more
    event = session.get(InboxEvent, event_id)
    if event is None:
        return
    event.attempts += 1
    if event.attempts >= MAX_ATTEMPTS:
        event.processed_at = utcnow()
        log.error("inbox event %s given up after %s attempts", event_id, event.attempts)
    session.commit()


def _decide(batch: list[InboxEvent], shares: fair.Shares) -> tuple[int, list[tuple[PlannedAction, SocialPage]]]:
    """Log, plan and commit a batch, each page within its share (app/services/pipeline/fair.py); returns how many
    comments were reached (the others stay in the inbox) and the actions reserved for sending now, with their pages."""
    pages = _pages_of(batch)
    agents = _agents_of(list(pages.values()), batch)
    decided, own, reached = [], [], []
    for event in batch:
        if not shares.may_decide(event.page_external_id):
            continue
        page = pages.get((event.platform, event.page_external_id))
        agent = page and _agent_for(agents, page, event.post_external_id)
        if agent is not None and _answers(agent) and not matchers.ready(agent, page):
            continue  # its catalogue changed and is read apart: the next batch decides it (matcher_store.py)
        reached.append(event)
        log_context.bind_event(event)
        if page is None or not page.is_connected:
            continue
        since = time.monotonic()
        item = _decision(event, page, agent)
        shares.spend(event.page_external_id, since)
        if item is None:
            continue  # the page's own reply: never decided (no reply loops)
        # The page's own top-level comments are only logged (after the others), so a team trying its agent from
        # the page sees why nothing came; they are no commenter's and draw nothing.
        (own if item.decision.reason == comment_decision.OWN_COMMENT else decided).append(item)
    reached_ids = [event.id for event in reached]
    try:
        due_now = _write(decided, own, reached_ids)
    except reply_units.PlanShort:  # rare: an owner's plan near its end. Drawn first, what is left granted
        session.rollback()
        kept = set(_next_events(len(reached_ids), set(), event_ids=reached_ids))  # locked again, decisions kept
        decided, own = [item for item in decided if item.event in kept], [item for item in own if item.event in kept]
        reached_ids = [event.id for event in reached if event in kept]
        reply_units.take_first(decided)
        due_now = _write(decided, own, reached_ids, replies_drawn=True)
    metrics.comments_decided([item.decision for item in decided])
    pages_by_id = {page.id: page for page in pages.values()}
    return len(reached_ids), [(item, pages_by_id[item.page_id]) for item in due_now]


def _write(decided: list[Decided], own: list[Decided], reached: list[int], replies_drawn: bool = False) -> list:
    """Log, plan and mark the batch processed, draw its replies (reply_units.py) last and commit; returns the actions
    reserved for sending now. The decisions stand: another drain holds none of these comments."""
    entries = [comment_log.row(item.event, item.page, item.agent, item.decision) for item in decided + own]
    for entry, log_id in zip(entries, insert_rows(CommentLog, entries)):
        entry["id"] = log_id
    planned = [action for item, entry in zip(decided, entries)
               for action in planning.planned(item.page, entry["id"], entry["comment_id"], item.decision.actions,
                                              item.reply_at, item.event.created_time)]
    due_now = _reserve_due_now(planned)
    for item, action_id in zip(planned, insert_rows(PlannedAction, [_action_row(item) for item in planned])):
        set_committed_value(item, "id", action_id)  # the row the sender claims; the object stays out of the session
    commenter_profiles.record([(item.page, item.event) for item in decided])
    lifecycle.mark_processed(reached)  # and cancels what a removal meanwhile caught
    if not replies_drawn:
        reply_units.take_all(decided)  # last: each owner's counter is held from here to the commit only
    session.commit()
    return due_now


def _pages_of(batch: list[InboxEvent]) -> dict[tuple[str, str], SocialPage]:
    """The connected row of each page of the batch: the team that has the page now gets its comments (another
    team's row of the same page, disconnected, gets none)."""
    found = session.scalars(select(SocialPage).where(
        SocialPage.external_id.in_({event.page_external_id for event in batch}), SocialPage.is_connected))
    return {(page.platform, page.external_id): page for page in found}


def _agents_of(pages: list[SocialPage], batch: list[InboxEvent]) -> dict[tuple[int, str], Agent]:
    """The agents that may answer this batch, live or not, by (page id, target): a post, or the page (generic)."""
    if not pages:
        return {}
    targets = {event.post_external_id for event in batch if event.post_external_id} | \
        {page.external_id for page in pages}
    # Their intents and answers are read only when a version is new to this process (app/services/pipeline/matchers.py).
    found = session.scalars(select(Agent).where(Agent.page_id.in_([page.id for page in pages]),
                                                Agent.target_id.in_(targets)))
    return {(agent.page_id, agent.target_id): agent for agent in found}


def _agent_for(agents: dict, page: SocialPage, post_external_id: str | None) -> Agent | None:
    """The post's own live agent, else the page's live generic agent; when neither is live, the one that is not
    (it answers nothing: its log says the agent is not live)."""
    candidates = [agents.get((page.id, post_external_id)), agents.get((page.id, page.external_id))]
    return next((agent for agent in candidates if agent is not None and _answers(agent)),
                next((agent for agent in candidates if agent is not None), None))


def _answers(agent: Agent) -> bool:
    # Trained once is enough: the matcher is built from the agent's current version on first use, and a live agent
    # being edited in the wizard (untrained until "update now") must not leave its page's comments unanswered.
    return agent.live and (agent.trained or agent.trained_version is not None)


def _decision(event: InboxEvent, page: SocialPage, agent: Agent | None) -> Decided | None:
    """The comment decided by the agent chosen for it, its answer due at the page's delay; not answered when that
    is past Meta's private-reply window (an old comment found by polling, a delay drawn too late). None for the
    page's own replies."""
    comment = comment_decision.posted_comment(page, event, event.post_external_id)
    decision = comment_decision.of(page, agent, comment, answers=agent is not None and _answers(agent))
    if decision is None:
        return None
    reply_at = planning.reply_due_at(page)
    if decision.answered and planning.too_late(event.created_time, reply_at):
        decision = decision.refused(comment_decision.TOO_OLD)  # refused before the draw: takes no reply
    return Decided(event, page, agent, decision, reply_at)


def _action_row(item: PlannedAction) -> dict:
    return {name: getattr(item, name) for name in ACTION_COLUMNS}


def _reserve_due_now(planned: list[PlannedAction]) -> list[PlannedAction]:
    """The actions this worker sends right after the commit: reserved (claimed_at) so dispatch_due leaves them."""
    now = utcnow()
    due_now = [item for item in planned if item.due_at <= now + timedelta(seconds=INLINE_WINDOW_SECONDS)]
    for item in due_now:
        item.claimed_at = now
    return due_now
