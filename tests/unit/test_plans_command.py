"""`python -m app plans list | grant`, run as operators run it (a subprocess) against the test database: a grant is a
bonus payment and the subscription it pays for, which becomes the user's current plan."""
from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

from sqlalchemy import select

from app.config import ROOT
from app.database import session
from app.models import Payment, Subscription, User, utcnow
from app.services.billing import plans


def run(app, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "APP_ENV": "test", "DATABASE_URL": app.config["DATABASE_URL"]}
    return subprocess.run([sys.executable, "-m", "app", "plans", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


def test_list_shows_every_plan_with_its_limits(app):
    done = run(app, "list")

    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.strip().splitlines()
    assert header.split()[:4] == ["name", "type", "pages", "agents"]
    assert [row.split("  ")[0] for row in rows] == ["Free Trial", "SME/Artisans", "Agencies", "Premium"]
    agencies = next(row for row in rows if row.startswith("Agencies")).split()
    assert agencies[:6] == ["Agencies", "Paid", "10", "30", "20000", "10"]


def test_grant_records_a_bonus_payment_and_makes_the_plan_current(app, signed_in):
    user, _headers, _ = signed_in("Olfa", "Owner")

    done = run(app, "grant", user.facebook_id, "agencies", "--months", "3")

    assert done.returncode == 0, done.stderr
    assert "granted 'Agencies' to Olfa Owner" in done.stdout
    session.expire_all()
    payment = session.scalars(select(Payment).where(Payment.user_id == user.id)).one()
    assert (payment.status, payment.period_months, payment.amount, payment.plan.name) == ("bonus", 3, 0, "Agencies")
    subscription = session.scalars(select(Subscription).where(Subscription.payment_id == payment.id)).one()
    assert subscription.status == "active"
    assert timedelta(days=89) < subscription.expires_at - utcnow() < timedelta(days=93)
    current = plans.current_plan(session.get(User, user.id))
    assert current.plan.name == "Agencies" and not current.expired


def test_grant_refuses_an_unknown_user_plan_or_length_and_records_nothing(app, signed_in):
    user, _headers, _ = signed_in("Olfa", "Owner")

    unknown_user = run(app, "grant", "424242424242", "Agencies")
    unknown_plan = run(app, "grant", user.facebook_id, "Gold")
    too_long = run(app, "grant", user.facebook_id, "Agencies", "--months", "0")
    not_a_number = run(app, "grant", user.facebook_id, "Agencies", "--months", "three")

    assert (unknown_user.returncode, unknown_user.stderr.strip()) == (
        1, "no user with network id '424242424242' (they must have signed in once)")
    assert unknown_plan.returncode == 1 and unknown_plan.stderr.startswith("no plan named 'Gold'; plans: 'Free Trial'")
    assert (too_long.returncode, too_long.stderr.strip()) == (1, "--months must be between 1 and 120")
    assert not_a_number.returncode == 2 and "invalid int value" in not_a_number.stderr
    session.expire_all()
    assert session.scalars(select(Payment)).all() == []


def test_other_commands_still_parse(app):
    env = {**os.environ, "APP_ENV": "production", "JWT_SECRET_KEY": "x"}
    for command in (["migrate"], ["register-webhooks", "--wait", "1"], ["mailsink"], ["plans", "list"]):
        done = subprocess.run([sys.executable, "-m", "app", *command], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.startswith("APP_ENV='production' cannot start:"), command

