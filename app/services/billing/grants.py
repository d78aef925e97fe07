"""Operators give plans by hand (`python -m app plans grant|list`): a grant is a `bonus` payment of nothing and the
subscription it pays for, which becomes the user's current plan (app/services/billing/plans.py takes the latest
active)."""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from app.database import session
from app.models import Payment, Plan, Subscription, User, utcnow
from app.services.billing.plans import all_plans, find, start_subscription

MAX_MONTHS = 120


class GrantRefused(ValueError):
    """The grant cannot be made; the message says why, for the operator."""


@dataclass(frozen=True)
class Grant:
    user: User
    plan: Plan
    payment: Payment
    subscription: Subscription


def grant(network_user_id: str, plan_name: str, months: int = 1) -> Grant:
    """Give the user (by network id) the plan for `months` months from now, recorded as a bonus payment."""
    if not 1 <= months <= MAX_MONTHS:
        raise GrantRefused(f"--months must be between 1 and {MAX_MONTHS}")
    user = session.scalars(select(User).where(User.facebook_id == network_user_id.strip())).first()
    if user is None:
        raise GrantRefused(f"no user with network id {network_user_id!r} (they must have signed in once)")
    plan = find(plan_name)
    if plan is None:
        names = ", ".join(repr(p.name) for p in all_plans())
        raise GrantRefused(f"no plan named {plan_name!r}; plans: {names}")
    now = utcnow()
    payment = Payment(user_id=user.id, plan_id=plan.id, order_id=f"bonus-{uuid.uuid4().hex}", period_months=months,
                      currency="TND", amount=Decimal(0), amount_minor=0, amount_tnd=Decimal(0), status="bonus",
                      payed_by="operator grant", email=user.email or "", created_at=now, paid_at=now)
    session.add(payment)
    session.flush()
    subscription = start_subscription(user.id, plan, now, months, payment.id)
    session.commit()
    return Grant(user, plan, payment, subscription)


PLAN_COLUMNS = (("name", "name"), ("type", "type"), ("pages", "number_pages"), ("agents", "number_agents"),
                ("replies/month", "number_auto_replies"), ("users", "number_users"), ("trial days", "trial_days"),
                ("TND", "price_tnd"), ("EUR", "price_eur"), ("USD", "price_usd"))


def plans_table() -> str:
    """Every plan with its limits, one line each under a header, columns aligned."""
    rows = [[title for title, _ in PLAN_COLUMNS]]
    for plan in all_plans():
        rows.append(["-" if getattr(plan, attr) is None else str(getattr(plan, attr)) for _, attr in PLAN_COLUMNS])
    widths = [max(len(row[i]) for row in rows) for i in range(len(PLAN_COLUMNS))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)
