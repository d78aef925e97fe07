"""Pages whose token Meta revoked: their comments stop being answered until the owner connects them again.

A marked page keeps why (`reconnect_reason`), which its team's pages screen shows with the page
(app/services/pages.py); its owner is told at once by the page's alert (app/services/alerts.py, cause page_reconnect),
mailed once. Connecting the page again clears the mark (pages._store_connection).
"""
from __future__ import annotations

import logging

from sqlalchemy import select, update

from app.database import session
from app.models import PlannedAction, SocialPage
from app.services import alerts

log = logging.getLogger(__name__)

# The person whose token connected the page removed the app from their Facebook account (app/services/app_removal.py).
APP_REMOVED = "app_removed"
# The daily check found Meta no longer takes the page's token (revoked: a password changed, a role lost...), or that
# it ended or ends before the next check (app/services/token_check.py).
TOKEN_REVOKED, TOKEN_EXPIRED, TOKEN_EXPIRING = "token_revoked", "token_expired", "token_expiring"
HELD = "the page needs to be reconnected"


def mark(page_ids: set[int], reason: str) -> list[int]:
    """Forget the pages' tokens (Meta no longer takes them), mark them for reconnection with `reason`, hold their
    planned actions, commit, and raise the alerts of the pages that were not marked already (their owners' mails
    go now, not at the next alerts pass). Returns those pages."""
    if not page_ids:
        return []
    newly = list(session.scalars(select(SocialPage.id).where(SocialPage.id.in_(page_ids),
                                                             SocialPage.needs_reconnect.is_(False))))
    session.execute(update(SocialPage).where(SocialPage.id.in_(page_ids)).values(
        needs_reconnect=True, reconnect_reason=reason, access_token=None))
    session.execute(update(PlannedAction).where(PlannedAction.page_id.in_(page_ids), PlannedAction.state == "planned")
                    .values(state="held", error=HELD))
    session.commit()
    for page_id in newly:
        log.warning("page %s needs reconnecting: %s", page_id, reason)
        page = session.get(SocialPage, page_id)
        session.refresh(page)  # marked by a bulk update: read again
        alerts.refresh(page)
    return newly
