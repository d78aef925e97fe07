"""The monthly reply counter: one unit per reply, never past the plan, even when workers race for the last ones."""
from datetime import timedelta

from app.database import session
from app.models import Plan, SocialPage, Subscription, User, utcnow
from app.services.billing import limits
from tests.fixtures.services import at_once


def _owner_with_plan(replies: int, expires_in_days: int = 30) -> int:
    owner = User(facebook_id=f"owner-{replies}-{expires_in_days}", first_name="Owner")
    plan = Plan(name=f"Plan {replies} {expires_in_days}", type="Paid", number_auto_replies=replies)
    session.add_all([owner, plan])
    session.flush()
    session.add(Subscription(user_id=owner.id, plan_id=plan.id, expires_at=utcnow() + timedelta(days=expires_in_days)))
    session.add(SocialPage(platform="facebook", external_id=f"p-{replies}-{expires_in_days}", owner_id=owner.id))
    session.commit()
    return owner.id


def test_replies_are_counted_up_to_the_plan_limit(app):
    owner_id = _owner_with_plan(2)
    outcomes = [limits.take_replies(owner_id, 1) for _ in range(3)]
    session.commit()
    assert outcomes == [(1, None), (1, None), (0, "plan_limit")]
    assert limits.monthly_replies_used(owner_id) == 2


def test_a_batch_at_the_edge_of_the_plan_gets_what_is_left(app):
    owner_id = _owner_with_plan(5)
    assert limits.take_replies(owner_id, 3) == (3, None)
    assert limits.take_replies(owner_id, 4) == (2, "plan_limit")
    session.commit()
    assert limits.monthly_replies_used(owner_id) == 5


def test_rolled_back_decision_gives_its_reply_back(app):
    owner_id = _owner_with_plan(1)
    assert limits.take_replies(owner_id, 1) == (1, None)
    session.rollback()
    assert limits.take_replies(owner_id, 1) == (1, None)
    session.commit()
    assert limits.monthly_replies_used(owner_id) == 1


def test_expired_plan_takes_nothing(app):
    owner_id = _owner_with_plan(100, expires_in_days=-1)
    assert limits.take_replies(owner_id, 1) == (0, "plan_expired")


def test_two_workers_racing_for_the_last_replies_get_them_once(app):
    owner_id = _owner_with_plan(3)
    outcomes = at_once(lambda: limits.take_replies(owner_id, 2))
    assert sorted(outcomes) == [(1, "plan_limit"), (2, None)]
    assert limits.monthly_replies_used(owner_id) == 3
