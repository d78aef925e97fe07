"""Beat-driven recovery: send what is due, re-queue what was stored but never processed, and resolve actions
stuck in `sending` by asking the Graph API what happened, never by blindly sending again (QUEUE.md §1.5-1.6).
"""
from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import select, update

from app import graph, queue
from app.database import session
from app.models import InboxEvent, PlannedAction, SocialPage, utcnow
from app.services import actions
from app.services.graph import graph_client

log = logging.getLogger(__name__)
DISPATCH_BATCH = 200
REQUEUE_BATCH = 100


def dispatch_due(settings: dict) -> int:
    """Send every planned action whose due time has come; returns how many this call sent."""
    due = list(session.scalars(select(PlannedAction.id).where(
        PlannedAction.state == "planned", PlannedAction.due_at <= utcnow())
        .order_by(PlannedAction.due_at).limit(DISPATCH_BATCH)))
    session.commit()
    sent = 0
    for action_id in due:
        if actions.claim(action_id):
            actions.perform(action_id, settings)
            sent += 1
    return sent


def requeue_stale_inbox(settings: dict) -> int:
    """Inbox rows not processed within INBOX_STALE_SECONDS go back to the ingest queue (broker down, worker killed)."""
    horizon = utcnow() - timedelta(seconds=float(settings.get("INBOX_STALE_SECONDS", 60)))
    stale = list(session.scalars(select(InboxEvent.id).where(
        InboxEvent.processed_at.is_(None), InboxEvent.received_at <= horizon).limit(REQUEUE_BATCH * 10)))
    if stale:
        session.execute(update(InboxEvent).where(InboxEvent.id.in_(stale))
                        .values(attempts=InboxEvent.attempts + 1, received_at=utcnow()))
        session.commit()
    for start in range(0, len(stale), REQUEUE_BATCH):
        queue.enqueue(queue.INGEST_COMMENTS, stale[start:start + REQUEUE_BATCH])
    return len(stale)


def reconcile_stuck(settings: dict) -> int:
    """Actions `sending` for longer than STUCK_SENDING_SECONDS: learn whether the effect happened, then finish."""
    horizon = utcnow() - timedelta(seconds=float(settings.get("STUCK_SENDING_SECONDS", 120)))
    stuck = list(session.scalars(select(PlannedAction.id).where(
        PlannedAction.state == "sending", PlannedAction.claimed_at <= horizon)))
    session.commit()
    for action_id in stuck:
        reconcile(action_id, settings, horizon)
    return len(stuck)


def reconcile(action_id: int, settings: dict, horizon) -> None:
    action = session.get(PlannedAction, action_id)
    page = session.get(SocialPage, action.page_id)
    if action.kind == "public_reply" and page.access_token and not page.needs_reconnect:
        existing = _page_reply(settings, page, action.comment_id)
        if existing:
            actions.finish(action, "done", result_id=existing)
            return
    # Private replies (one per comment at Meta: a resend answers 10900), likes and hides are safe to resend.
    # Re-claim with a compare-and-set on claimed_at, so two sweeps never resend the same stuck row.
    moved = session.execute(update(PlannedAction).where(
        PlannedAction.id == action_id, PlannedAction.state == "sending", PlannedAction.claimed_at <= horizon)
        .values(claimed_at=utcnow(), attempts=PlannedAction.attempts + 1)).rowcount
    session.commit()
    if moved:
        actions.perform(action_id, settings)


def _page_reply(settings: dict, page: SocialPage, comment_id: str) -> str | None:
    try:
        replies = graph_client(settings).replies(comment_id, page.access_token, page.platform)
        return next((reply["id"] for reply in replies if page.wrote((reply.get("from") or {}).get("id"))), None)
    except graph.GraphError:
        log.warning("could not read the replies of %s", comment_id, exc_info=True)
        return None
