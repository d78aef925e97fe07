"""Delayed replies leave at their time while the ingest queue is long: due actions are sent by a worker process of
its own, on the `actions` queue (Procfile `dispatcher`), so no backlog of comments stands before them. Events are
ordered at the sandbox, never timed."""
from __future__ import annotations

import uuid
from collections import Counter

from sqlalchemy import select

from app.config import load_settings
from app.models import PlannedAction
from tests.conftest import TEST_REDIS_URL
from tests.fixtures.services import WorkerProcess, worker_env
from tests.workers.conftest import add_agent, connect_page
from tests.workers.test_recovery import (FAN, fresh_rows, recovery_database_url, start_product,  # noqa: F401
                                         wait_until)

BACKLOG = 40  # comments answered at once, each private reply held 0.3 s by the sandbox: a backlog of about 12 s
INGEST_QUEUES = "ingest,training,mail,sweeps,replay,default"  # the Procfile's worker: every queue but `actions`


def test_a_due_action_is_sent_while_the_ingest_queue_is_long(start_product, sandbox):
    product = start_product(TEST_REDIS_URL, CELERY_KEY_PREFIX=f"due-on-time-{uuid.uuid4().hex}:")
    env = worker_env(product.settings)
    product.processes += [WorkerProcess(env, INGEST_QUEUES).start(), WorkerProcess(env, "actions").start()]
    product.start_beat()
    delayed_page, delayed_post = connect_page(sandbox, load_settings(product.settings), product.web_url, delay_mode="Exactly",
                                              delay_times_ms=[3000])
    add_agent(delayed_page, delayed_post, {"price": "La robe est à 45 DT."})

    delayed = sandbox.admin.comment(delayed_post, "prix svp", author=FAN)["id"]
    wait_until(lambda: fresh_rows(select(PlannedAction).where(PlannedAction.comment_id == delayed)),
               "the delayed reply planned")
    sandbox.admin.fault("slow", scope=product.page.external_id, delay_ms=300)
    backlog = [product.comment(f"prix svp ({number})") for number in range(BACKLOG)]

    def replies() -> list[str]:
        return [effect["comment_id"] for effect in sandbox.admin.effects() if effect["kind"] == "private_reply"]

    wait_until(lambda: set(backlog) | {delayed} <= set(replies()), "every comment answered", timeout=90)
    order = replies()
    assert order.index(delayed) < max(order.index(comment_id) for comment_id in backlog), \
        "the delayed reply waited for the whole backlog"
    answered_after = [comment_id for comment_id in backlog if order.index(comment_id) > order.index(delayed)]
    assert len(answered_after) >= BACKLOG // 4  # it left while the ingest worker still had most of its work
    assert set(Counter(order).values()) == {1}  # nothing sent twice
