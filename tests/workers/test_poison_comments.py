"""A comment that kills its worker process (out of memory, a crash in a C extension) raises nothing that could be
counted: each take is counted before the comment is decided, and after three worker deaths the comment is set aside
with its why, while the comments around it are answered once each. The crash is planted by a setting only tests
set (CRASH_ON_COMMENT, read only with APP_ENV=test): the worker child that takes that text exits at once."""
from __future__ import annotations

import uuid
from collections import Counter

import redis
from sqlalchemy import select

from app import queue
from app.models import InboxEvent, InboxTake
from app.services.pipeline import takes
from tests.conftest import TEST_REDIS_URL
from tests.fixtures.services import WorkerProcess, queued_tasks, worker_env
from tests.workers.test_recovery import (PRICE_QUESTIONS, fresh_rows, recovery_database_url,  # noqa: F401
                                         start_product, wait_until)

POISON = "combien la robe qui fait planter le worker ?"


def test_a_poison_comment_is_set_aside_after_three_worker_deaths_while_its_neighbours_are_answered(start_product):
    prefix = f"poison-{uuid.uuid4().hex}:"
    product = start_product(TEST_REDIS_URL, CELERY_KEY_PREFIX=prefix, CRASH_ON_COMMENT=POISON,
                            INBOX_STALE_SECONDS="2", SWEEP_INTERVAL="1")
    # prefork: the child that dies is replaced and its message given back, as with a real out-of-memory kill. The
    # default queue is left unserved, so the task Flower shows for the set-aside comment stays there to be read.
    worker = WorkerProcess(worker_env(product.settings), "ingest,actions,sweeps", pool="prefork").start()
    product.processes.append(worker)
    product.start_beat()

    before = [product.comment(question) for question in PRICE_QUESTIONS[:3]]
    poison = product.comment(POISON)
    after = [product.comment(question) for question in PRICE_QUESTIONS[3:6]]
    neighbours = before + after

    [event] = wait_until(lambda: fresh_rows(select(InboxEvent).where(InboxEvent.comment_id == poison,
                                                                      InboxEvent.set_aside_why.is_not(None))),
                         "the poison comment set aside", timeout=120)
    assert event.set_aside_why == f"set aside after {takes.MAX_CRASHES} worker crashes"
    assert event.processed_at is not None
    broker = redis.Redis.from_url(TEST_REDIS_URL)
    # Published right after the row's commit: on a loaded machine the test can read the row first.
    wait_until(lambda: queue.COMMENT_SET_ASIDE in queued_tasks(broker, f"{prefix}default"),
               "the set-aside task published for Flower")
    broker.delete(f"{prefix}default")

    wait_until(lambda: set(neighbours) <= set(product.private_replies()), "every neighbour answered", timeout=60)
    replies = product.private_replies()
    assert all(replies[comment_id] == 1 for comment_id in neighbours)  # nothing duplicated by the crashes
    assert replies[poison] == 0
    assert worker.process.poll() is None  # the worker lived on: only its children died
    assert fresh_rows(select(InboxTake)) == []  # no take left open
    assert Counter(row.processed_at is not None for row in fresh_rows(select(InboxEvent))) == {True: 7}
