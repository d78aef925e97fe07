"""Beat-driven recovery: send what is due, wake the drain of what was stored but never processed, and resolve actions
stuck in `sending` by asking the Graph API what happened, never by blindly sending again
(docs/architecture.md#queue-rules rules 4 and 7).
"""
from __future__ import annotations

import logging
import time
from datetime import timedelta

from sqlalchemy import func, select, update

from app import graph, queue
from app.database import session
from app.models import InboxEvent, PlannedAction, SocialPage, utcnow
from app.services import actions
from app.services.graph import graph_client

log = logging.getLogger(__name__)
DISPATCH_BATCH = 200


def dispatch_due(settings: dict) -> int:
    """Send every planned action whose due time has come, a batch at a time; returns how many this call sent."""
    sent, deadline = 0, time.monotonic() + actions.SEND_SECONDS
    while time.monotonic() < deadline:
        claimed = actions.claim_due(DISPATCH_BATCH)
        if not claimed:
            return sent
        actions.send(claimed, settings, deadline)
        session.close()  # the bulk updates made the loaded rows stale; the next batch reads afresh
        sent += len(claimed)
    return sent


def requeue_stale_inbox(settings: dict) -> int:
    """Inbox rows left unprocessed for INBOX_STALE_SECONDS (a drain lost with a crashed broker or worker): rings
    past the doorbell, which may itself be lost or stuck; returns how many rows were waiting."""
    horizon = utcnow() - timedelta(seconds=float(settings.get("INBOX_STALE_SECONDS", 60)))
    stale = session.scalar(select(func.count()).select_from(InboxEvent).where(
        InboxEvent.processed_at.is_(None), InboxEvent.received_at <= horizon))
    session.commit()
    if stale:
        queue.answer(queue.INGEST_INBOX)
        queue.ring(queue.INGEST_INBOX)
    return stale


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
    [(action, page)] = actions.with_pages([action_id])
    if action.kind == "public_reply" and page.access_token and not page.needs_reconnect:
        existing = _page_reply(settings, page, action.comment_id)
        if existing:
            actions.record([actions.Outcome(action, "done", result_id=existing)])
            return
    # Private replies (one per comment at Meta: a resend answers 10900), likes and hides are safe to resend.
    # Re-claim with a compare-and-set on claimed_at, so two sweeps never resend the same stuck row.
    moved = session.execute(update(PlannedAction).where(
        PlannedAction.id == action_id, PlannedAction.state == "sending", PlannedAction.claimed_at <= horizon)
        .values(claimed_at=utcnow(), attempts=PlannedAction.attempts + 1)).rowcount
    session.commit()
    if moved:
        actions.send(actions.with_pages([action_id]), settings)


def _page_reply(settings: dict, page: SocialPage, comment_id: str) -> str | None:
    try:
        replies = graph_client(settings).replies(comment_id, page.access_token, page.platform)
        return next((reply["id"] for reply in replies if page.wrote((reply.get("from") or {}).get("id"))), None)
    except graph.GraphError:
        log.warning("could not read the replies of %s", comment_id, exc_info=True)
        return None
