"""Which plan a user holds now, and the Free Trial every new user starts with (spec 001 §9)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from app.database import session
from app.models import Plan, Subscription, User, utcnow

FREE_TRIAL = "Free Trial"


@dataclass(frozen=True)
class CurrentPlan:
    plan: Plan
    expires_at: datetime

    @property
    def expired(self) -> bool:
        return self.expires_at <= utcnow()


def start_free_trial(user: User) -> Subscription:
    plan = session.scalars(select(Plan).where(Plan.name == FREE_TRIAL)).one()
    now = utcnow()
    subscription = Subscription(user=user, plan=plan, started_at=now,
                                expires_at=now + timedelta(days=plan.trial_days or 15))
    session.add(subscription)
    return subscription


def current_plan(user: User) -> CurrentPlan | None:
    """The latest active subscription (a paid plan bought later replaces the trial)."""
    subscription = session.scalars(
        select(Subscription).where(Subscription.user_id == user.id, Subscription.status == "active")
        .order_by(Subscription.started_at.desc(), Subscription.id.desc()).limit(1)
    ).first()
    return CurrentPlan(subscription.plan, subscription.expires_at) if subscription else None
