"""Pages without webhooks are polled into the same inbox; monthly reply limits stop sending, not logging."""
import time
from datetime import timedelta

from app.database import session
from app.models import CommentLog, InboxEvent, Plan, PlannedAction, SocialPage, Subscription, utcnow
from app.services.graph_client import graph_client
from app.services.pipeline import polling
from tests.workers.conftest import add_agent


def _no_webhooks(shop):
    page = session.get(SocialPage, shop.page.id)
    page.webhook_subscribed = False
    session.commit()
    shop.sandbox.admin.call("DELETE", "/faults")


def _wait_logged(comment_id, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.expire_all()
        entry = session.query(CommentLog).filter_by(comment_id=comment_id).first()
        if entry is not None:
            return entry
        time.sleep(0.2)
    raise AssertionError(f"{comment_id} was never logged")


def test_polling_reads_new_comments_of_live_agents_posts_and_answers_them(shop):
    _no_webhooks(shop)
    shop.sandbox.admin.fault("drop_webhooks", scope=shop.page.external_id)  # nothing arrives by webhook
    comment_id = shop.comment("combien la robe ?")
    time.sleep(1)
    assert _logged_count(comment_id) == 0

    assert polling.poll_pages(shop.settings) == 1
    again = polling.poll_pages(shop.settings)
    # The checkpoint moved on and the inbox keeps the fan's comment once. The worker may already have posted the
    # page's public reply, a new comment on the post that the second round stores (the drain leaves it unanswered).
    stored = _inbox_authors(shop.page.external_id)
    assert [author for comment, author in stored if comment == comment_id] == [shop.fan["id"]]
    assert again == len(stored) - 1 and {author for comment, author in stored if comment != comment_id} <= {
        shop.page.external_id}

    effects = shop.wait_for(comment_id, lambda e: e["private_replies"])
    assert len(effects["private_replies"]) == 1


def _inbox_authors(page_external_id):
    session.expire_all()
    return session.query(InboxEvent.comment_id, InboxEvent.from_id).filter_by(page_external_id=page_external_id).all()


def _logged_count(comment_id):
    session.expire_all()
    return session.query(CommentLog).filter_by(comment_id=comment_id).count()


def test_polling_generic_agent_watches_recent_posts(app, sandbox, live_web, celery_worker):
    from tests.workers.conftest import connect_page

    page, post_id = connect_page(sandbox, dict(app.config), live_web)
    page.webhook_subscribed = False
    session.commit()
    add_agent(page, page.external_id, {"delivery": "Livraison en 48h"}, generic=True)
    sandbox.admin.fault("drop_webhooks", scope=page.external_id)
    comment_id = sandbox.admin.comment(post_id, "vous livrez a sfax ?", author={"id": "42", "name": "Sami B"})["id"]

    assert polling.poll_pages(dict(app.config)) == 1
    assert _wait_logged(comment_id).success


def test_rate_limited_polling_keeps_its_checkpoint(shop):
    _no_webhooks(shop)
    shop.sandbox.admin.fault("drop_webhooks", scope=shop.page.external_id)
    comment_id = shop.comment("prix ?")
    shop.sandbox.admin.fault("rate_limit", scope=shop.page.external_id, code=32, count=1)

    assert polling.poll_pages(shop.settings) == 0
    session.expire_all()
    assert session.get(SocialPage, shop.page.id).last_polled_at is None
    assert polling.poll_pages(shop.settings) == 0  # the page's calls wait out the time Meta announced
    graph_client(shop.settings).pacer.forget()  # that time passes (a fake clock)
    assert polling.poll_pages(shop.settings) == 1
    shop.wait_for(comment_id, lambda e: e["private_replies"])


def _set_plan_replies(shop, replies: int, expired: bool = False):
    subscription = session.query(Subscription).filter_by(user_id=shop.page.owner_id).one()
    plan = Plan(name=f"Tiny {replies}-{expired}", type="Paid", number_auto_replies=replies)
    session.add(plan)
    subscription.plan = plan
    if expired:
        subscription.expires_at = utcnow() - timedelta(days=1)
    session.commit()


def test_monthly_reply_limit_logs_the_comment_as_not_answered(shop):
    _set_plan_replies(shop, 1)
    first = shop.comment("combien ?")
    shop.wait_for(first, lambda e: e["private_replies"])

    second = shop.comment("prix svp ?", author={"id": "999", "name": "Karim T"})
    entry = _wait_logged(second)

    assert entry.success and not entry.treated and entry.skip_reason == "plan_limit"
    assert session.query(PlannedAction).filter_by(comment_id=second).count() == 0
    time.sleep(1)
    assert shop.sandbox.admin.comment_effects(second)["private_replies"] == []


def test_expired_plan_sends_nothing(shop):
    _set_plan_replies(shop, 100, expired=True)
    comment_id = shop.comment("c'est combien ?")
    entry = _wait_logged(comment_id)
    assert entry.skip_reason == "plan_expired" and not entry.treated
    assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []
