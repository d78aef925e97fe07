"""Draining the inbox: workers racing over the same comments answer each once, a comment whose decision raises
holds up only itself, a batch wanting more replies than the owner's plan has left gets exactly what is left, and
replies a drain had no time left to send are sent by dispatch, once. The workers here
are threads calling the drain in this process (so the test can start them at the same instant); the webhooks, the
database and the Graph calls to the sandbox are real."""
import time

import pytest
from sqlalchemy import func, select

from app.database import session
from app.models import CommentLog, InboxEvent, Plan, PlannedAction, SocialPage, Subscription
from app.services.billing import limits
from app.services.pipeline import actions, drain, outcome_writer
from bench.shop import PRICE_QUESTIONS
from tests.fixtures.services import at_once
from tests.workers.conftest import add_agent, connect_page


@pytest.fixture
def stored_comments(app, sandbox, live_web, unheard_bells):
    """Comments typed at the sandbox, delivered by its webhooks and stored in the inbox, none decided yet."""
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web)
    add_agent(page, post_id, {"price": "Bonjour ##FIRST_NAME##, la robe est à 45 DT."})

    def store(messages: list[str]) -> list[str]:
        ids = [sandbox.admin.comment(post_id, message, author={"id": str(7_000_000 + index), "name": "Fan Nour"})
               ["id"] for index, message in enumerate(messages)]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and _count(InboxEvent.id) < len(ids):
            time.sleep(0.1)
        assert _count(InboxEvent.id) == len(ids), "the webhooks never stored every comment"
        return ids

    return settings, sandbox, store


def _count(column, *conditions) -> int:
    session.rollback()
    return session.scalar(select(func.count(column)).where(*conditions))


def test_two_workers_draining_at_once_answer_each_comment_once(stored_comments):
    settings, sandbox, store = stored_comments
    comment_ids = store(list(PRICE_QUESTIONS) * 6)

    taken = at_once(lambda: drain.drain(settings))

    assert sum(taken) == len(comment_ids)
    assert [len(sandbox.admin.comment_effects(comment_id)["private_replies"]) for comment_id in comment_ids] == \
        [1] * len(comment_ids)
    assert _count(CommentLog.id) == len(comment_ids)
    assert _count(InboxEvent.id, InboxEvent.processed_at.is_(None)) == 0


def test_a_comment_whose_decision_fails_is_retried_then_given_up_without_holding_the_others(
        stored_comments, monkeypatch):
    settings, sandbox, store = stored_comments
    decide = drain._decision

    def decision_that_fails_on_one_text(event, page, agent):
        # Stands in for a bug that only one comment's content triggers; every other step runs for real.
        if event.message == "prix ??? (poison)":
            raise ValueError("a decision bug")
        return decide(event, page, agent)

    monkeypatch.setattr(drain, "_decision", decision_that_fails_on_one_text)
    poison, *others = store(["prix ??? (poison)", *PRICE_QUESTIONS])

    drain.drain(settings)

    assert all(sandbox.admin.comment_effects(comment_id)["private_replies"] for comment_id in others)
    event = session.scalars(select(InboxEvent).where(InboxEvent.comment_id == poison)).one()
    assert (event.attempts, event.processed_at) == (1, None)  # left for the next drain

    for _ in range(drain.MAX_ATTEMPTS - 1):
        drain.drain(settings)

    session.rollback()
    event = session.scalars(select(InboxEvent).where(InboxEvent.comment_id == poison)).one()
    assert event.attempts == drain.MAX_ATTEMPTS and event.processed_at is not None  # given up
    assert sandbox.admin.comment_effects(poison)["private_replies"] == []
    assert _count(CommentLog.id) == len(others)


def test_a_batch_wanting_more_replies_than_the_plan_has_left_answers_that_many_and_refuses_the_rest(
        stored_comments):
    settings, sandbox, store = stored_comments
    owner_id = session.scalars(select(SocialPage.owner_id)).one()
    subscription = session.scalars(select(Subscription).where(Subscription.user_id == owner_id)).one()
    subscription.plan = Plan(name="Three replies", type="Paid", number_auto_replies=3)
    session.commit()
    comment_ids = store(list(PRICE_QUESTIONS))  # one batch, every comment a question the agent answers

    assert drain.drain(settings) == len(comment_ids)

    replies = [len(sandbox.admin.comment_effects(comment_id)["private_replies"]) for comment_id in comment_ids]
    assert sorted(replies) == [0] * (len(comment_ids) - 3) + [1] * 3
    session.rollback()
    refused = list(session.scalars(select(CommentLog.skip_reason).where(CommentLog.treated.is_(False))))
    assert refused == ["plan_limit"] * (len(comment_ids) - 3)
    assert limits.monthly_replies_used(owner_id) == 3


def test_replies_not_sent_within_the_task_time_are_handed_to_dispatch_and_sent_once(stored_comments, monkeypatch):
    settings, sandbox, store = stored_comments
    comment_ids = store(list(PRICE_QUESTIONS))
    monkeypatch.setattr(actions, "SEND_SECONDS", 0.0)  # a Graph API so slow that the time is up at once

    assert drain.drain(settings) == len(comment_ids)

    monkeypatch.setattr(actions, "SEND_SECONDS", 30.0)
    monkeypatch.setattr(actions, "RESERVE_SECONDS", 0.0)  # the drain's reservation has lapsed
    actions.dispatch_due(settings)  # the suite's beat may have sent some already: dispatch sends the rest
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _count(PlannedAction.id, PlannedAction.state != "done"):
        time.sleep(0.2)
    assert [len(sandbox.admin.comment_effects(comment_id)["private_replies"]) for comment_id in comment_ids] == \
        [1] * len(comment_ids)
    # Never claimed by the drain, which did not reach them: claimed once, by dispatch, and sent.
    assert set(session.scalars(select(PlannedAction.attempts))) == {1}


def test_a_reserved_reply_another_worker_claims_before_it_is_read_is_left_to_that_worker(stored_comments, monkeypatch):
    """Worker A's batch is slower than its reservation (RESERVE_SECONDS): worker B reserves the same planned rows, and
    A claims them (its calls in flight) between B's reservation and B's read of the rows. B must not send them."""
    settings, sandbox, store = stored_comments
    comment_ids = store(list(PRICE_QUESTIONS))
    monkeypatch.setattr(actions, "SEND_SECONDS", 0.0)
    drain.drain(settings)  # decided: the replies are planned, none sent
    monkeypatch.setattr(actions, "RESERVE_SECONDS", 0.0)  # A's reservation lapses at once
    reserved_by_a = actions.claim_due(actions.DISPATCH_BATCH)
    a_writer, read = outcome_writer.Writer(), actions.with_pages

    def a_claims_then_b_reads(action_ids):
        claimed = [a_writer.claim(action) for action, _page in reserved_by_a]
        assert all(claimed)
        return read(action_ids)

    monkeypatch.setattr(actions, "with_pages", a_claims_then_b_reads)
    reserved_by_b = actions.claim_due(actions.DISPATCH_BATCH)
    monkeypatch.setattr(actions, "with_pages", read)
    assert sorted(action.id for action, _page in reserved_by_b) == \
        sorted(action.id for action, _page in reserved_by_a) and len(reserved_by_b) == len(comment_ids)

    assert actions.send(reserved_by_b, settings) == 0

    assert [sandbox.admin.comment_effects(comment_id)["private_replies"] for comment_id in comment_ids] == \
        [[]] * len(comment_ids)  # A's calls, not B's
    session.rollback()
    assert set(session.execute(select(PlannedAction.state, PlannedAction.attempts))) == {("sending", 1)}
