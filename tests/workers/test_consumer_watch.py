"""A worker whose consumer stopped taking messages stops with a failure status, for its supervisor to start it again
(workers/consumer_watch.py).

The stall Celery shows after some Redis reconnections (celery#8030 and later) cannot be called up on purpose. A real
worker told to cancel its consumer of the ingest queue is in the same state: alive, answering, its queue filling,
nothing taken."""
import time
import uuid

import pytest
import redis

from app import queue
from app.celery_factory import make_celery
from tests.fixtures.services import WorkerProcess, worker_env
from tests.workers.test_recovery import wait_until
from workers.consumer_watch import Watch


def test_only_messages_waiting_with_a_free_slot_and_none_received_for_the_whole_time_are_a_stall():
    waiting = Watch(10, now=0)
    assert not waiting.stalled(3, True, now=5) and not waiting.stalled(3, True, now=14)
    assert waiting.stalled(3, True, now=15)  # messages seen waiting from 5 to 15

    busy = Watch(10, now=0)
    assert not busy.stalled(3, True, now=1) and not busy.stalled(3, False, now=20)  # every slot busy: no stall
    assert not busy.stalled(3, True, now=25)  # and the time counts again from here

    taking = Watch(10, now=0)
    taking.stalled(3, True, now=1)
    taking.received(now=8)
    assert not taking.stalled(3, True, now=15) and taking.stalled(3, True, now=18)

    emptied = Watch(10, now=0)
    emptied.stalled(3, True, now=1)
    assert not emptied.stalled(0, True, now=12) and not emptied.stalled(3, True, now=13)


@pytest.fixture
def own_queues(app):
    """The app's settings with a Celery key prefix of this test's own, so that no other worker takes its messages,
    and a stall of 2 s."""
    settings = {**dict(app.config), "CELERY_KEY_PREFIX": f"watch-{uuid.uuid4().hex}:", "CONSUMER_STALL_SECONDS": "2"}
    celery = make_celery(settings)
    yield settings, celery
    client = redis.Redis.from_url(settings["REDIS_URL"])
    for key in client.scan_iter(f"{settings['CELERY_KEY_PREFIX']}*"):
        client.delete(key)


def _ready(celery, worker: WorkerProcess) -> None:
    deadline = time.monotonic() + 60
    while not celery.control.ping(timeout=0.5):
        assert worker.process.poll() is None and time.monotonic() < deadline, "the worker never answered"


def _ingest_waiting(settings) -> int:
    return redis.Redis.from_url(settings["REDIS_URL"]).llen(f"{settings['CELERY_KEY_PREFIX']}ingest")


def test_a_worker_that_takes_nothing_from_its_filling_queue_stops_and_a_new_one_takes_the_queue_up(own_queues, capfd):
    settings, celery = own_queues
    stalled = WorkerProcess(worker_env(settings), "ingest")
    stalled.start()
    try:
        _ready(celery, stalled)
        assert celery.control.cancel_consumer("ingest", reply=True, timeout=5)  # alive, but taking nothing
        celery.send_task(queue.INGEST_INBOX, queue="ingest")

        assert stalled.process.wait(timeout=60) == 1  # the failure status a supervisor restarts on
    finally:
        stalled.kill()
    assert "this worker stopped taking messages: 1 waited in its queues (ingest)" in capfd.readouterr().err
    assert _ingest_waiting(settings) == 1

    fresh = WorkerProcess(worker_env(settings), "ingest").start()
    try:
        wait_until(lambda: _ingest_waiting(settings) == 0, "the new worker never took the queue up", timeout=60)
        assert fresh.process.poll() is None  # taking its queue, it is no stall
    finally:
        fresh.stop()
