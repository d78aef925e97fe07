"""Beat-driven recovery: wake the drain of what was stored but never processed, and resolve actions stuck in
`sending` by asking the Graph API what happened, never by blindly sending again (docs/architecture.md#queue-rules
rules 4 and 7). Sending what is due is actions.dispatch_due.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import func, select, update

from app import graph, queue
from app.database import session
from app.models import InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.graph_client import page_client
from app.services.pipeline import actions
from app.settings import settings_of

log = logging.getLogger(__name__)


def requeue_stale_inbox(settings: dict) -> int:
    """Inbox rows left unprocessed for INBOX_STALE_SECONDS (a drain lost with a crashed broker or worker): rings
    past the doorbell, which may itself be lost or stuck; returns how many rows were waiting."""
    horizon = utcnow() - timedelta(seconds=settings_of(settings).inbox_stale_seconds)
    stale = session.scalar(select(func.count()).select_from(InboxEvent).where(
        InboxEvent.processed_at.is_(None), InboxEvent.received_at <= horizon))
    session.commit()
    if stale:
        queue.answer(queue.INGEST_INBOX)
        queue.ring(queue.INGEST_INBOX)
    return stale


def reconcile_stuck(settings: dict) -> int:
    """Actions `sending` for longer than STUCK_SENDING_SECONDS: learn whether the effect happened, then finish."""
    horizon = utcnow() - timedelta(seconds=settings_of(settings).stuck_sending_seconds)
    stuck = list(session.scalars(select(PlannedAction.id).where(
        PlannedAction.state == "sending", PlannedAction.claimed_at <= horizon)))
    session.commit()
    for action_id in stuck:
        reconcile(action_id, settings, horizon)
    return len(stuck)


def reconcile(action_id: int, settings: dict, horizon) -> None:
    [(action, page)] = actions.with_pages([action_id])
    if page.access_token and not page.needs_reconnect:
        try:
            known = _known_outcome(settings, action, page)
        except graph.GraphError:  # not known yet (Meta away, rate limited): never resend blind; the next sweep asks
            log.warning("could not check whether %s %s was done", action.kind, action.comment_id, exc_info=True)
            return
        if known is not None:
            actions.record(known)
            return
    # Private replies (one per comment at Meta: a resend answers 10900, recorded as sent by an earlier attempt) and
    # hides are safe to resend; likes and public replies were checked above. Re-claim with a compare-and-set on
    # claimed_at, so two sweeps never resend the same stuck row.
    moved = session.execute(update(PlannedAction).where(
        PlannedAction.id == action_id, PlannedAction.state == "sending", PlannedAction.claimed_at <= horizon)
        .values(claimed_at=utcnow(), attempts=PlannedAction.attempts + 1)).rowcount
    session.commit()
    if moved:
        actions.send(actions.with_pages([action_id]), settings, reclaimed=True)


def _known_outcome(settings: dict, action: PlannedAction, page: SocialPage) -> actions.Outcome | None:
    """Done, when the Graph API shows the effect already happened: the page's reply under the comment (public
    replies have no idempotency at Meta), or the page's like on it (a like is never sent twice). None when it did
    not happen, or the comment is gone (the resend then fails for good); GraphError when it cannot be told."""
    client = page_client(settings, page)
    try:
        if action.kind == "public_reply":
            replies = client.replies(action.comment_id, page.access_token, page.platform)
            existing = next((reply["id"] for reply in replies if page.wrote((reply.get("from") or {}).get("id"))),
                            None)
            return actions.Outcome(action, "done", result_id=existing) if existing else None
        if action.kind == "like" and client.liked_by_page(action.comment_id, page.access_token):
            return actions.Outcome(action, "done", error=actions.LIKED_EARLIER)
    except graph.NotFound:
        return None
    return None
