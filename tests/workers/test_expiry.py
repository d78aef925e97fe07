"""The expiry pass: plans past their date become expired (the current plan then says so), and so do orders the
gateway has not answered for PENDING_ORDER_HOURS (1); run as the task function and by the real worker, and scheduled
every 10 minutes by beat."""
import json
import subprocess
import sys
import time
from datetime import timedelta

from sqlalchemy import select

from app import queue
from app.database import session
from app.models import Payment, Plan, Subscription, User, utcnow
from app.services.billing import account, expiry
from tests.fixtures.services import ROOT, worker_env


def _user_with_plan(name: str, plan_name: str, ends_in: timedelta) -> User:
    user = User(facebook_id=f"net-{name}", first_name=name)
    session.add(user)
    session.flush()
    plan = session.scalars(select(Plan).where(Plan.name == plan_name)).one()
    now = utcnow()
    session.add(Subscription(user_id=user.id, plan_id=plan.id, started_at=now - timedelta(days=30),
                             expires_at=now + ends_in))
    session.commit()
    return user


def _order(user: User, order_id: str, age: timedelta) -> None:
    plan = session.scalars(select(Plan).where(Plan.name == "Agencies")).one()
    session.add(Payment(user_id=user.id, plan_id=plan.id, order_id=order_id, period_months=1, currency="TND",
                        amount=149, amount_minor=149000, amount_tnd=149, status="pending",
                        created_at=utcnow() - age))
    session.commit()


def _statuses() -> tuple[dict, dict]:
    session.expire_all()
    plans = {sub.user.first_name: sub.status for sub in session.scalars(select(Subscription))}
    orders = {payment.order_id: payment.status for payment in session.scalars(select(Payment))}
    return plans, orders


def _world():
    ended = _user_with_plan("ended", "Agencies", timedelta(hours=-2))
    running = _user_with_plan("running", "Premium", timedelta(days=3))
    _order(ended, "OLD-ORDER", timedelta(minutes=61))
    _order(running, "NEW-ORDER", timedelta(minutes=59))
    return ended, running


def test_the_pass_marks_ended_plans_and_abandoned_orders(app):
    ended, running = _world()
    assert expiry.expire(app.config) == {"plans": 1, "orders": 1}
    assert _statuses() == ({"ended": "expired", "running": "active"}, {"OLD-ORDER": "expired", "NEW-ORDER": "pending"})
    assert expiry.expire(app.config) == {"plans": 0, "orders": 0}  # a second pass finds nothing more


def test_an_expired_plan_stays_the_current_plan_with_its_date(app):
    ended, _ = _world()
    expiry.expire(app.config)
    current = account.standing(ended)
    assert (current.plan.name, current.current.expired, current.days_left) == ("Agencies", True, -1)
    assert current.current.expires_at < utcnow()


def test_the_real_worker_runs_the_task(app, celery_worker):
    _world()
    assert queue.enqueue(queue.EXPIRE_PLANS)
    deadline = time.monotonic() + 30
    while _statuses()[0]["ended"] != "expired" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _statuses() == ({"ended": "expired", "running": "active"}, {"OLD-ORDER": "expired", "NEW-ORDER": "pending"})


def test_beat_runs_the_pass_every_ten_minutes(base_settings):
    probe = ("import json; from workers.celery_app import celery; entry = celery.conf.beat_schedule['expire-plans'];"
             "s = entry['schedule']; print(json.dumps([entry['task'], sorted(s.hour), sorted(s.minute), "
             "str(celery.conf.timezone)]))")
    output = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env={**worker_env(base_settings)},
                            capture_output=True, text=True, timeout=60, check=True).stdout
    assert json.loads(output.strip().splitlines()[-1]) == [queue.EXPIRE_PLANS, list(range(24)), list(range(0, 60, 10)),
                                                           "UTC"]
