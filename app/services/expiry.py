"""The daily expiry pass (beat task billing.expire_plans): subscriptions past their date become `expired`, and
orders the gateway never answered become `unpaid`.

Nothing else waits for this pass: every limit reads the expiry date itself (app/services/limits.py, pages.py,
team.py), so a plan stops its automatic replies the moment it ends. The pass keeps the stored statuses true for
the billing screen and for the operators.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update

from app.database import session
from app.models import Payment, Subscription, utcnow


def expire(settings: dict, now: datetime | None = None) -> dict:
    """Mark what has ended by `now`; answers how many of each."""
    now = now or utcnow()
    plans_ended = session.execute(update(Subscription).where(
        Subscription.status == "active", Subscription.expires_at <= now).values(status="expired")).rowcount
    abandoned_before = now - timedelta(hours=int(settings["PENDING_ORDER_HOURS"]))
    orders_abandoned = session.execute(update(Payment).where(
        Payment.status == "pending", Payment.created_at <= abandoned_before).values(status="unpaid")).rowcount
    session.commit()
    return {"plans": plans_ended, "orders": orders_abandoned}
