"""A person asked, through Meta, that the product delete what it holds about them (Meta's data deletion callback,
docs/graph-api.md#app-removal-and-data-deletion).

The callback stores the request and answers at once with the address of its status page and a confirmation code;
a worker then deletes (`privacy.delete_user_data`): the person's account if they signed in (their token, team
places, plans and payments go with it; the pages they connected are disconnected, their teams keep them), and
everything the pages hold about them as a commenter (their comments as received and logged, with what was planned
for them, and their commenter profile on every page). A request whose message was lost is taken again by the beat
pass `privacy.resume_deletions`. A second request for the same person is a request of its own, which finds less or
nothing left to delete.
"""
from __future__ import annotations

import logging
import re
import secrets
from datetime import timedelta

from sqlalchemy import delete, select, update

from app import queue
from app.database import session
from app.models import (CommentLog, DataDeletionRequest, InboxEvent, ProposalEvidence, ReplayComment, SocialPage,
                        SubscriberProfile, User, utcnow)
from app.services.pipeline import inbox

log = logging.getLogger(__name__)

# Meta asks for an alphanumeric code: 24 random bytes in hexadecimal, 48 characters no one finds by trying.
CODE_BYTES = 24
CODE_PATTERN = re.compile(r"[0-9a-f]{48}")
STATUS_PATH = "/deletion/"
# A request still pending this long after it arrived lost its message (Redis was away): it is enqueued again.
RESUME_AFTER = timedelta(minutes=1)


def request_deletion(facebook_user_id: str) -> DataDeletionRequest:
    """Store the request and hand it to a worker; the caller answers Meta with its code and status address."""
    request = DataDeletionRequest(confirmation_code=secrets.token_hex(CODE_BYTES),
                                  facebook_user_id=facebook_user_id)
    session.add(request)
    session.commit()
    queue.enqueue(queue.DELETE_USER_DATA, request.id)
    return request


def status_url(settings: dict, confirmation_code: str) -> str:
    """Where the person reads the request's status: the frontend's /deletion/<code> page."""
    return f"{settings['PUBLIC_URL'].rstrip('/')}{STATUS_PATH}{confirmation_code}"


def find(confirmation_code: str) -> DataDeletionRequest | None:
    if not CODE_PATTERN.fullmatch(confirmation_code):
        return None
    return session.scalars(select(DataDeletionRequest)
                           .where(DataDeletionRequest.confirmation_code == confirmation_code)).first()


def delete_user_data(request_id: int) -> dict | None:
    """Delete what the product holds about the request's person and record what went; None when there is no such
    pending request (done already: a message delivered twice deletes nothing twice)."""
    request = session.get(DataDeletionRequest, request_id)
    if request is None or request.state != "pending":
        return None
    person = request.facebook_user_id
    deleted = {"account": _delete_account(person), **_delete_commenter(person)}
    request.state, request.deleted, request.completed_at = "done", deleted, utcnow()
    session.commit()
    log.info("data deletion request %s done: %s", request.id, deleted)
    return deleted


def resume_pending() -> int:
    """Enqueue again the requests left pending past RESUME_AFTER; returns how many."""
    stale = list(session.scalars(select(DataDeletionRequest.id).where(
        DataDeletionRequest.state == "pending", DataDeletionRequest.requested_at < utcnow() - RESUME_AFTER)))
    for request_id in stale:
        queue.enqueue(queue.DELETE_USER_DATA, request_id)
    return len(stale)


def _delete_account(facebook_user_id: str) -> int:
    """The person's account (1) or none (0). The pages they connected took their tokens from theirs, revoked with
    the app: they are disconnected, tokens forgotten, so any admin of their team can connect them again."""
    user = session.scalars(select(User).where(User.facebook_id == facebook_user_id)).first()
    if user is None:
        return 0
    session.execute(update(SocialPage).where(SocialPage.owner_id == user.id, SocialPage.is_connected).values(
        is_connected=False, access_token=None, webhook_subscribed=False, needs_reconnect=False,
        reconnect_reason=None))
    # Memberships, subscriptions, payments and reply usage go with the row (ON DELETE CASCADE); what others did
    # with the person (an invitation they sent, a proposal they decided) keeps its row without their name.
    session.execute(delete(User).where(User.id == user.id))
    session.commit()
    inbox.forget_connected_pages()
    return 1


def _delete_commenter(facebook_user_id: str) -> dict:
    """The person's comments on every page (received, logged, and replayed when a log named them), what was planned
    for them (ON DELETE CASCADE from the log), and their commenter profiles."""
    logged = set(session.scalars(select(CommentLog.comment_id).where(CommentLog.publisher_id == facebook_user_id)))
    received = set(session.scalars(select(InboxEvent.comment_id).where(InboxEvent.from_id == facebook_user_id)))
    comment_ids = logged | received
    session.execute(delete(ProposalEvidence).where(ProposalEvidence.publisher_id == facebook_user_id))
    session.execute(delete(CommentLog).where(CommentLog.publisher_id == facebook_user_id))
    session.execute(delete(InboxEvent).where(InboxEvent.from_id == facebook_user_id))
    if comment_ids:
        session.execute(delete(ReplayComment).where(ReplayComment.comment_id.in_(comment_ids)))
    profiles = session.execute(delete(SubscriberProfile).where(SubscriberProfile.publisher_id == facebook_user_id))
    session.commit()
    return {"comments": len(comment_ids), "profiles": profiles.rowcount}
