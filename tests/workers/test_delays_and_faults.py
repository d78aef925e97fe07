"""Reply delays held in the database, and every Graph API fault ending in its documented state."""
import time
from datetime import timedelta, timezone

from app.database import session
from app.models import CommentLog, InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.graph_client import graph_client


def _action(comment_id, kind="private_reply", predicate=lambda a: True, timeout=30.0) -> PlannedAction:
    def reached() -> PlannedAction | None:
        action = session.query(PlannedAction).filter_by(comment_id=comment_id, kind=kind).first()
        return action if action is not None and predicate(action) else None

    action = _eventually(reached, timeout)
    if action is None:
        last = session.query(PlannedAction.state).filter_by(comment_id=comment_id, kind=kind).scalar()
        raise AssertionError(f"{kind} of {comment_id} never reached the expected state: {last}")
    return action


def _eventually(read, timeout: float = 10.0):
    """What `read` gives once it is truthy, or at the timeout, read afresh each time: the worker writes the rows, and
    the outcome writer copies a reply's error to the comment's log and holds its page once the batch ends, after
    the action's own outcome."""
    deadline = time.monotonic() + timeout
    while True:
        session.expire_all()
        value = read()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def _log_with_error(comment_id: str) -> CommentLog | None:
    return session.query(CommentLog).filter(CommentLog.comment_id == comment_id,
                                            CommentLog.reply_error.is_not(None)).first()


def _received_at(comment_id: str):
    return session.query(InboxEvent.received_at).filter_by(comment_id=comment_id).scalar()


def _set_delay(page, mode, times):
    page = session.get(SocialPage, page.id)
    page.delay_mode, page.delay_times_ms = mode, times
    session.commit()


def test_exactly_delay_is_honoured_and_survives_a_worker_restart(shop, beat, celery_worker):
    _set_delay(shop.page, "Exactly", [4000])
    comment_id = shop.comment("combien la robe ?")
    action = _action(comment_id)
    assert action.state == "planned"
    # Drawn when the comment was decided: after it was received, before its action's row was written.
    assert _received_at(comment_id) + timedelta(seconds=4) <= action.due_at <= action.created_at + timedelta(seconds=4)

    celery_worker.kill()  # the delay lives in the database, not in the killed worker
    celery_worker.start()

    effects = shop.wait_for(comment_id, lambda e: e["private_replies"])
    assert len(effects["private_replies"]) == 1
    [sent_at] = [effect["at"] for effect in shop.sandbox.admin.effects()
                 if effect["kind"] == "private_reply" and effect["comment_id"] == comment_id]
    assert sent_at >= action.due_at.replace(tzinfo=timezone.utc).timestamp()  # not a moment before its time
    # The sandbox has the reply a moment before the worker records it as done: wait for that record.
    assert _action(comment_id, predicate=lambda a: a.state == "done").done_at >= action.due_at


def test_randomly_delay_draws_a_time_between_from_and_to(shop, beat):
    _set_delay(shop.page, "Randomly", [1000, 3000])
    comment_id = shop.comment("prix svp")
    action = _action(comment_id)
    assert _received_at(comment_id) + timedelta(seconds=1) <= action.due_at <= action.created_at + timedelta(seconds=3)
    shop.wait_for(comment_id, lambda e: e["private_replies"])


def test_rate_limit_puts_the_action_back_with_a_later_due_time(shop, beat):
    shop.sandbox.admin.fault("rate_limit", scope=shop.page.external_id, code=4, count=1)
    comment_id = shop.comment("c'est combien ?")

    action = _action(comment_id, predicate=lambda a: a.attempts >= 1 and a.state == "planned")
    assert action.due_at > utcnow() and "RateLimited" in action.error
    assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []

    action.due_at = utcnow()  # time passes (a fake clock): the beat sends it again, once
    session.commit()
    graph_client(shop.settings).pacer.forget()  # the page's pause after Meta's rate limit passes with it
    effects = shop.wait_for(comment_id, lambda e: e["private_replies"])
    assert len(effects["private_replies"]) == 1
    assert _action(comment_id, predicate=lambda a: a.state == "done").attempts == 2


def test_expired_token_holds_the_page_and_its_actions(shop, beat):
    shop.sandbox.admin.fault("token_expired", scope=shop.page.external_id)
    comment_id = shop.comment("prix ?")

    action = _action(comment_id, predicate=lambda a: a.state == "held")
    entry = _eventually(lambda: _log_with_error(comment_id))
    assert _eventually(lambda: session.get(SocialPage, shop.page.id).needs_reconnect) is True
    assert entry.reply_error and action.done_at is None
    assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []


def test_server_error_is_retried_until_sent_once(shop, beat):
    shop.sandbox.admin.fault("server_error", scope=shop.page.external_id, count=1)
    comment_id = shop.comment("combien svp")
    effects = shop.wait_for(comment_id, lambda e: e["private_replies"])
    assert len(effects["private_replies"]) == 1
    assert _action(comment_id, predicate=lambda a: a.state == "done").attempts == 2


def test_slow_answer_past_the_timeout_still_gives_one_reply(shop, beat):
    timeout_ms = int(float(shop.settings["GRAPH_TIMEOUT"]) * 1000)
    shop.sandbox.admin.fault("slow", scope=shop.page.external_id, delay_ms=timeout_ms + 1500, count=1)
    comment_id = shop.comment("9adeh soumha ?")

    action = _action(comment_id, predicate=lambda a: a.state == "done", timeout=40)
    time.sleep(1)
    assert len(shop.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1
    assert action.attempts >= 2


def test_permission_error_fails_the_action_with_the_reason_shown(shop, beat):
    shop.sandbox.admin.fault("permission", scope=shop.page.external_id, code=200)
    comment_id = shop.comment("le prix ?")

    action = _action(comment_id, predicate=lambda a: a.state == "failed")
    assert action.error.startswith("200 - ")
    assert _eventually(lambda: _log_with_error(comment_id)).reply_error == action.error
