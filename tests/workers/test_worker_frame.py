"""A task published by the product runs in a real Celery worker process connected to a real Redis."""
import time
import uuid

from app import queue, redis_keys
from tests.fixtures.services import queued_tasks


def test_published_task_runs_in_a_real_worker(app, celery_worker, redis_client):
    token = uuid.uuid4().hex
    assert queue.enqueue(queue.PING, token)

    key = redis_keys.PING_ANSWER.format(token=token)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not redis_client.exists(key):
        time.sleep(0.1)
    assert redis_client.get(key), "the worker never ran health.ping"


def test_enqueue_reports_a_broker_that_is_down(app):
    from app.celery_factory import make_celery

    queue.bind(make_celery({**app.config, "REDIS_URL": "redis://127.0.0.1:1/0"}))
    try:
        assert queue.enqueue(queue.PING, "nobody-listens") is False
    finally:
        queue.bind(make_celery(app.config))


def test_rings_before_the_task_starts_publish_one_message_and_a_ring_after_it_publishes_again(
        redis_client, unheard_bells):
    def waiting() -> list[str]:
        return queued_tasks(redis_client, f"{unheard_bells}ingest")

    for _ in range(3):
        assert queue.ring(queue.INGEST_INBOX)
    assert waiting() == [queue.INGEST_INBOX]

    queue.answer(queue.INGEST_INBOX)  # what the task does as it starts reading the inbox
    assert queue.ring(queue.INGEST_INBOX)
    assert waiting() == [queue.INGEST_INBOX] * 2
