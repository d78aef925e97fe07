"""The plans (spec 001 §9: Free Trial shown as Free Offer, SME/Artisans, Agencies, Premium), their prices for a
period, which plan a user holds now, and where every subscription starts: the Free Trial every new user starts
with, a paid order (app/services/billing/settlement.py) and an operator's grant (app/services/billing/grants.py).

A user's current plan is their latest subscription that was not cancelled: an expired one stays current (the
billing screen shows its expiry date and the upgrade notice) until a new one is bought.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import func, select

from app.database import session
from app.models import Plan, Subscription, User, utcnow
from app.services.billing.dates import add_months

FREE_TRIAL = "Free Trial"
FREE_TRIAL_DAYS = 15
# Spec 001 §9: periods offered and their discounts in percent.
PERIOD_DISCOUNTS = {1: 0, 6: 5, 12: 10}
PRICE_COLUMNS = {"TND": "price_tnd", "EUR": "price_eur", "USD": "price_usd"}
CENTS = Decimal("0.01")


@dataclass(frozen=True)
class CurrentPlan:
    plan: Plan
    started_at: datetime
    expires_at: datetime
    period_months: int | None  # None for the Free Trial and grants without a period

    @property
    def expired(self) -> bool:
        return self.expires_at <= utcnow()

    @property
    def is_trial(self) -> bool:
        return self.plan.type == FREE_TRIAL


def start_free_trial(user: User) -> Subscription:
    plan = session.scalars(select(Plan).where(Plan.name == FREE_TRIAL)).one()
    return start_subscription(user.id, plan, utcnow())


def start_subscription(user_id: int, plan: Plan, started_at: datetime, months: int | None = None,
                       payment_id: int | None = None) -> Subscription:
    """The one place a subscription starts (added to the session, committed by the caller): for `months` calendar
    months when bought or granted, for the plan's trial days otherwise. It becomes the user's current plan, being
    the latest."""
    expires_at = (add_months(started_at, months) if months
                  else started_at + timedelta(days=plan.trial_days or FREE_TRIAL_DAYS))
    subscription = Subscription(user_id=user_id, plan=plan, payment_id=payment_id, status="active",
                                started_at=started_at, expires_at=expires_at)
    session.add(subscription)
    return subscription


def current_plan(user: User) -> CurrentPlan | None:
    """The latest subscription not cancelled (a plan bought later replaces the trial); expired or not."""
    subscription = session.scalars(
        select(Subscription).where(Subscription.user_id == user.id, Subscription.status != "canceled")
        .order_by(Subscription.started_at.desc(), Subscription.id.desc()).limit(1)
    ).first()
    if subscription is None:
        return None
    period = subscription.payment.period_months if subscription.payment is not None else None
    return CurrentPlan(subscription.plan, subscription.started_at, subscription.expires_at, period)


def all_plans() -> list[Plan]:
    return list(session.scalars(select(Plan).order_by(Plan.position, Plan.id)))


def find(name: str) -> Plan | None:
    """The plan of this name, whatever its case."""
    return session.scalars(select(Plan).where(func.lower(Plan.name) == name.strip().lower())).first()


def price(plan: Plan, currency_code: str, months: int) -> Decimal:
    """What `months` months of the plan cost in the currency, discount taken, with 2 decimals (prices include
    taxes)."""
    monthly = Decimal(getattr(plan, PRICE_COLUMNS[currency_code]))
    total = monthly * months * (100 - PERIOD_DISCOUNTS[months]) / 100
    return total.quantize(CENTS, ROUND_HALF_UP)
