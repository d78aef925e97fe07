"""The gauges /metrics reads when scraped: the inbox backlog and its oldest age, the due actions, the queues."""
import uuid
from datetime import timedelta

from app import create_app, queue
from app.celery_factory import make_celery
from app.config import load_settings
from app.database import session
from app.models import InboxEvent, PlannedAction, SocialPage, User, utcnow
from tests.fixtures.services import truncate_all
from tests.ops.test_pipeline_observability import scrape_text


def test_backlog_and_queue_gauges_show_waiting_work(base_settings, sandbox, redis_client):
    prefix = f"gauges-{uuid.uuid4().hex}:"  # queues no running worker consumes
    application = create_app({**base_settings, "CELERY_KEY_PREFIX": prefix})
    truncate_all()
    try:
        with application.app_context():
            _waiting_work()
            for _ in range(3):
                assert queue.enqueue(queue.TRAIN_AGENT, 1)
            queue.enqueue(queue.SEND_MAIL, "contact", 1)

            samples = scrape_text(application.test_client().get("/metrics").get_data(as_text=True))
    finally:
        queue.bind(make_celery(load_settings(base_settings)))
        for key in redis_client.scan_iter(match=f"{prefix}*"):
            redis_client.delete(key)
        session.remove()

    assert samples["autoreply_inbox_backlog"] == 2
    assert samples["autoreply_inbox_oldest_age_seconds"] >= 120
    assert samples["autoreply_actions_due"] == 1
    assert samples["autoreply_actions_oldest_due_age_seconds"] >= 30
    assert samples['autoreply_queue_depth{queue="training"}'] == 3
    assert samples['autoreply_queue_depth{queue="mail"}'] == 1
    assert samples['autoreply_queue_depth{queue="ingest"}'] == 0


def _waiting_work() -> None:
    now = utcnow()
    owner = User(facebook_id="7345098700000777", first_name="Owner", last_name="Gauges")
    session.add(owner)
    session.flush()
    page = SocialPage(platform="facebook", external_id="104857392000777", name="Gauges", owner_id=owner.id,
                      access_token="EAAPgaugestoken000", is_connected=True)
    session.add(page)
    session.flush()
    session.add_all([
        _inbox("c-old", now - timedelta(seconds=125)), _inbox("c-new", now - timedelta(seconds=2)),
        _inbox("c-done", now - timedelta(seconds=600), processed=now),
        PlannedAction(page_id=page.id, comment_id="c-due", kind="like", due_at=now - timedelta(seconds=35)),
        PlannedAction(page_id=page.id, comment_id="c-later", kind="like", due_at=now + timedelta(minutes=5)),
        PlannedAction(page_id=page.id, comment_id="c-sent", kind="hide", due_at=now - timedelta(minutes=9),
                      state="done"),
    ])
    session.commit()


def _inbox(comment_id: str, received_at, processed=None) -> InboxEvent:
    return InboxEvent(platform="facebook", comment_id=comment_id, page_external_id="104857392000777",
                      received_at=received_at, processed_at=processed)
