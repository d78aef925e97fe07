"""The monthly reply counter: one unit per reply, never past the plan, even when workers race for the last one."""
import threading
from datetime import timedelta

from app.database import session
from app.models import Plan, SocialPage, Subscription, User, utcnow
from app.services import limits


def _owner_with_plan(replies: int, expires_in_days: int = 30) -> SocialPage:
    owner = User(facebook_id=f"owner-{replies}-{expires_in_days}", first_name="Owner")
    plan = Plan(name=f"Plan {replies} {expires_in_days}", type="Paid", number_auto_replies=replies)
    session.add_all([owner, plan])
    session.flush()
    session.add(Subscription(user_id=owner.id, plan_id=plan.id, expires_at=utcnow() + timedelta(days=expires_in_days)))
    page = SocialPage(platform="facebook", external_id=f"p-{replies}-{expires_in_days}", owner_id=owner.id)
    session.add(page)
    session.commit()
    return page


def test_replies_are_counted_up_to_the_plan_limit(app):
    page = _owner_with_plan(2)
    outcomes = [limits.take_reply(page) for _ in range(3)]
    session.commit()
    assert outcomes == [None, None, "plan_limit"]
    assert limits.monthly_replies_used(page.owner_id) == 2


def test_rolled_back_decision_gives_its_reply_back(app):
    page = _owner_with_plan(1)
    assert limits.take_reply(page) is None
    session.rollback()
    assert limits.take_reply(page) is None
    session.commit()
    assert limits.monthly_replies_used(page.owner_id) == 1


def test_expired_plan_takes_nothing(app):
    page = _owner_with_plan(100, expires_in_days=-1)
    assert limits.take_reply(page) == "plan_expired"


def test_two_workers_racing_for_the_last_reply_get_it_once(app):
    page_id = _owner_with_plan(1).id
    outcomes, barrier = [], threading.Barrier(2)

    def worker():
        page = session.get(SocialPage, page_id)
        barrier.wait()
        outcomes.append(limits.take_reply(page))
        session.commit()
        session.remove()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes, key=str) == [None, "plan_limit"]
