"""Plan limits enforced on the server (DESIGN.md §2): here, the monthly automatic replies of a page owner."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select

from app.database import session
from app.models import PlannedAction, SocialPage, User, utcnow
from app.services import plans

COUNTED_STATES = ("planned", "sending", "done", "held")


def reply_refusal(page: SocialPage) -> str | None:
    """Why the page may not send one more automatic reply now (plan_expired, plan_limit), or None."""
    owner = session.get(User, page.owner_id) if page.owner_id else None
    current = plans.current_plan(owner) if owner else None
    if current is None or current.expired:
        return "plan_expired"
    if monthly_replies_used(owner.id) >= current.plan.number_auto_replies:
        return "plan_limit"
    return None


def monthly_replies_used(owner_id: int) -> int:
    """Private replies planned or sent this calendar month (UTC) on all the pages the user owns."""
    return session.scalar(
        select(func.count(PlannedAction.id))
        .join(SocialPage, SocialPage.id == PlannedAction.page_id)
        .where(SocialPage.owner_id == owner_id, PlannedAction.kind == "private_reply",
               PlannedAction.state.in_(COUNTED_STATES), PlannedAction.created_at >= _month_start())
    ) or 0


def _month_start() -> datetime:
    now = utcnow()
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
