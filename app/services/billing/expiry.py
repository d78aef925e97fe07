"""The expiry pass (beat task billing.expire_plans, every 10 minutes): subscriptions past their date become
`expired`, and so do orders the gateway has not answered for PENDING_ORDER_HOURS (a checkout left open: the
payments list shows it expired rather than pending for ever). The gateway's notification still applies to an
expired order (app/services/billing/settlement.py): a buyer who paid late still gets the plan.

Nothing else waits for this pass: every limit reads the expiry date itself (app/services/billing/limits.py,
app/services/pages.py, app/services/team.py), so a plan stops its automatic replies the moment it ends. The pass
keeps the stored statuses true for the billing screen and for the operators.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update

from app.database import session
from app.models import Payment, Subscription, utcnow
from app.settings import settings_of


def expire(settings: dict, now: datetime | None = None) -> dict:
    """Mark what has ended by `now`; answers how many of each."""
    now = now or utcnow()
    plans_ended = session.execute(update(Subscription).where(
        Subscription.status == "active", Subscription.expires_at <= now).values(status="expired")).rowcount
    abandoned_before = now - timedelta(hours=settings_of(settings).pending_order_hours)
    orders_abandoned = session.execute(update(Payment).where(
        Payment.status == "pending", Payment.created_at <= abandoned_before).values(status="expired")).rowcount
    session.commit()
    return {"plans": plans_ended, "orders": orders_abandoned}
