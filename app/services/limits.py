"""Plan limits enforced on the server (DESIGN.md §2): here, the monthly automatic replies of a page owner.

Each reply takes one unit of the owner's monthly counter with a single conditional UPDATE (used < limit), inside
the transaction that plans the reply: a rolled-back decision gives its unit back, and no race oversteps the plan.
"""
from __future__ import annotations

from sqlalchemy import select, update

from app.database import insert_ignore, session
from app.models import Plan, ReplyUsage, SocialPage, Subscription, utcnow


def take_reply(page: SocialPage) -> str | None:
    """Take one automatic reply of the page owner's month; None, or why not (plan_expired, plan_limit)."""
    limit = _monthly_limit(page.owner_id)
    if limit is None:
        return "plan_expired"
    month = utcnow().strftime("%Y-%m")
    insert_ignore(ReplyUsage, {"owner_id": page.owner_id, "month": month, "used": 0}, ["owner_id", "month"])
    taken = session.execute(update(ReplyUsage).where(
        ReplyUsage.owner_id == page.owner_id, ReplyUsage.month == month, ReplyUsage.used < limit)
        .values(used=ReplyUsage.used + 1)).rowcount
    return None if taken == 1 else "plan_limit"


def monthly_replies_used(owner_id: int) -> int:
    return session.scalar(select(ReplyUsage.used).where(
        ReplyUsage.owner_id == owner_id, ReplyUsage.month == utcnow().strftime("%Y-%m"))) or 0


def _monthly_limit(owner_id: int | None) -> int | None:
    """The monthly replies of the owner's current, unexpired plan (None when there is none)."""
    if owner_id is None:
        return None
    return session.scalar(
        select(Plan.number_auto_replies).join(Subscription, Subscription.plan_id == Plan.id)
        .where(Subscription.user_id == owner_id, Subscription.status == "active",
               Subscription.expires_at > utcnow())
        .order_by(Subscription.started_at.desc(), Subscription.id.desc()).limit(1))
