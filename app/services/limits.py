"""Plan limits enforced on the server (docs/architecture.md#rules-on-every-request): here, the monthly automatic
replies of a page owner.

A batch of replies takes its units of the owner's monthly counter with one conditional UPDATE (used + n <= limit),
inside the transaction that plans them: a rolled-back decision gives its units back, and no race oversteps the
plan. Only at the edge of the allowance are units taken one by one, to grant exactly what is left.
"""
from __future__ import annotations

from sqlalchemy import select, update

from app.database import insert_ignore, session
from app.models import Plan, ReplyUsage, Subscription, utcnow


def take_replies(owner_id: int | None, wanted: int) -> tuple[int, str | None]:
    """Take up to `wanted` automatic replies of the owner's month: (granted, None) or, when short, why not
    (plan_expired, plan_limit)."""
    limit = _monthly_limit(owner_id)
    if limit is None:
        return 0, "plan_expired"
    month = utcnow().strftime("%Y-%m")
    insert_ignore(ReplyUsage, [{"owner_id": owner_id, "month": month, "used": 0}], ["owner_id", "month"])
    if _add(owner_id, month, wanted, limit):
        return wanted, None
    granted = 0
    while granted < wanted and _add(owner_id, month, 1, limit):
        granted += 1
    return granted, "plan_limit"


def _add(owner_id: int, month: str, units: int, limit: int) -> bool:
    return session.execute(update(ReplyUsage).where(
        ReplyUsage.owner_id == owner_id, ReplyUsage.month == month, ReplyUsage.used + units <= limit)
        .values(used=ReplyUsage.used + units)).rowcount == 1


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
