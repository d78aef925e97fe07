"""Faults over the whole product path, counted from the outside: comments typed at the sandbox (which delivers
Meta's signed webhooks to gunicorn), replies seen in the sandbox's effect log. One product serves the module and
the faults come one after another (conftest.py); each must end with every comment's private reply, like and public
reply sent exactly once, at most the calls in flight when the fault struck sent again, and its recovery time
printed (never asserted: the machines' speed drifts)."""
from __future__ import annotations

import time
from datetime import timezone

from sqlalchemy import select, text, update

from app import queue
from app.database import session
from app.models import Agent, SocialPage
from tests.reliability.conftest import POOL_PROCESSES, assert_exactly_once, report, terminate_connections
from tests.workers.test_recovery import fresh_rows, wait_until

SLOW_CALL_MS = 80  # each Graph call of the immediate page takes this long, so a batch is still sending when hit


def _fault_mid_batch(product, name: str, strike) -> None:
    """Comments whose batch is under way (some replies out, most not) when `strike()` hits the product."""
    product.admin.fault("slow", scope=product.page_id("immediate"), delay_ms=SLOW_CALL_MS)
    comment_ids = product.type_comments(16)
    product.wait_for_effects(comment_ids, at_least=3)
    strike()
    product.admin.clear_faults()
    ended = time.time()
    counted = product.settle(comment_ids)
    repeated = report(name, product, comment_ids, counted, ended)
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=POOL_PROCESSES)


def test_worker_sigkilled_mid_batch(whole_product):
    def kill_and_restart():
        whole_product.worker.kill()  # SIGKILL to the whole process group: the pool and its parent
        whole_product.start_worker()

    _fault_mid_batch(whole_product, "worker SIGKILL mid-batch", kill_and_restart)


def test_redis_crashed_and_restarted_mid_batch(whole_product):
    def crash_and_restart():
        whole_product.broker.crash()  # SIGKILL: what survives is what the append-only file holds
        whole_product.broker.start()

    _fault_mid_batch(whole_product, "Redis SIGKILL + restart from its AOF mid-batch", crash_and_restart)


def test_database_connections_dropped_mid_batch(whole_product):
    _fault_mid_batch(whole_product, "database connections terminated mid-batch",
                     lambda: terminate_connections(whole_product))


def test_a_training_whose_connection_the_database_ends_is_done_on_a_new_one(whole_product):
    """The wizard's Update asks the worker to train an agent; the database ends the worker's connection while the
    training waits on its last statement (held here by a row lock on the agent): the training runs again on a new
    connection and the agent ends trained, rather than the message being lost and the agent left untrained."""
    agent_id = session.scalars(select(Agent.id).where(Agent.page_id == whole_product.pages["immediate"].id)).first()
    session.execute(update(Agent).where(Agent.id == agent_id).values(trained=False))
    session.commit()
    session.execute(select(Agent.id).where(Agent.id == agent_id).with_for_update())  # held until the commit below

    queue.enqueue(queue.TRAIN_AGENT, agent_id)
    waiting = wait_until(_waiting_on_a_lock, "the training never reached its last statement")
    ended = session.scalars(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 "WHERE datname = current_database() AND pid <> pg_backend_pid()")).all()
    session.commit()  # the lock goes with this transaction
    assert waiting == 1 and any(ended)

    wait_until(lambda: fresh_rows(select(Agent.id).where(Agent.id == agent_id, Agent.trained)),
               "the agent was never trained")


def _waiting_on_a_lock() -> int:
    session.execute(text("SELECT pg_stat_clear_snapshot()"))  # a transaction otherwise reads its first snapshot again
    return session.scalar(text("SELECT count(*) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND wait_event_type = 'Lock'"))


def test_postgres_restarted_while_comments_arrive(whole_product):
    product = whole_product
    product.admin.fault("slow", scope=product.page_id("immediate"), delay_ms=SLOW_CALL_MS)
    comment_ids = product.type_comments(12)
    product.wait_for_effects(comment_ids, at_least=3)
    product.postgres.crash()  # immediate stop: no checkpoint, WAL recovery at the next start
    comment_ids += product.type_comments(6)  # their webhooks fail while it is down; the sandbox retries them
    time.sleep(2)
    product.postgres.start()
    product.admin.clear_faults()
    ended = time.time()
    counted = product.settle(comment_ids)
    repeated = report("PostgreSQL crash + restart", product, comment_ids, counted, ended)
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=POOL_PROCESSES)


def _graph_fault_for(product, name: str, kind: str, seconds: float, scope: str = "*", **fault) -> None:
    """A Graph API fault on every call in `scope` for `seconds` while comments arrive; nothing reaches an effect
    meanwhile, so nothing may be sent twice."""
    product.admin.fault(kind, scope=scope, **fault)
    comment_ids = product.type_comments(10, every=seconds / 10)
    product.admin.clear_faults()
    if kind == "rate_limit":
        assert product.let_rate_limit_waits_pass(), "no action was put off by the rate limit"
    ended = time.time()
    counted = product.settle(comment_ids)
    repeated = report(name, product, comment_ids, counted, ended)
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=0)


def test_graph_rate_limit(whole_product):
    _graph_fault_for(whole_product, "Graph API page rate limit (#32) for 3 s, its announced wait fast-forwarded",
                     "rate_limit", 3.0, scope=whole_product.page_id("immediate"), code=32)


def test_graph_5xx_storm(whole_product):
    _graph_fault_for(whole_product, "Graph API 5xx storm for 4 s", "server_error", 4.0)


def test_graph_slow_answers(whole_product):
    """Two calls answer after the product's timeout (their effect happens, the product does not learn it: each may
    be sent once more), the delayed page's calls answer slowly but in time."""
    product = whole_product
    timeout_ms = int(float(product.settings["GRAPH_TIMEOUT"]) * 1000)
    product.admin.fault("slow", scope=product.page_id("immediate"), delay_ms=timeout_ms + 600, count=2)
    product.admin.fault("slow", scope=product.page_id("delayed"), delay_ms=250, count=15)
    comment_ids = product.type_comments(10)
    ended = time.time()
    counted = product.settle(comment_ids)
    product.admin.clear_faults()
    repeated = report("Graph API slow answers (2 past the timeout)", product, comment_ids, counted, ended)
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=2)


def test_duplicated_and_reordered_webhooks(whole_product):
    product = whole_product
    for name in ("immediate", "delayed"):
        product.admin.fault("duplicate_webhooks", scope=product.page_id(name), count=6)
        product.admin.fault("reorder_webhooks", scope=product.page_id(name), count=6)
    comment_ids = product.type_comments(12)
    ended = time.time()
    counted = product.settle(comment_ids)
    repeated = report("webhooks duplicated and reordered", product, comment_ids, counted, ended)
    deliveries = [d for d in product.admin.call("GET", "/webhooks")["deliveries"]
                  if set(d["comment_ids"]) & set(comment_ids) and d["outcome"] == "delivered"]
    assert sum(len(d["comment_ids"]) for d in deliveries) > len(comment_ids), "no webhook was delivered twice"
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=0)


def test_webhook_and_polling_see_the_same_comment(whole_product):
    """The polled page still gets its webhooks at the sandbox: each comment reaches the inbox both ways."""
    product = whole_product
    comment_ids = product.type_comments(6, pages=("polled",))
    last_typed = max(product.typed[comment_id] for comment_id in comment_ids)
    ended = time.time()
    counted = product.settle(comment_ids)
    deadline = time.monotonic() + 15
    while _last_polled(product) < last_typed and time.monotonic() < deadline:
        time.sleep(0.2)
    repeated = report("webhook and polling on the same comments", product, comment_ids, counted, ended)
    assert _last_polled(product) >= last_typed, "polling never read the page after its comments were typed"
    assert_exactly_once(product, comment_ids, counted, repeated, repeats_allowed=0)


def _last_polled(product) -> float:
    session.rollback()
    polled_at = session.get(SocialPage, product.pages["polled"].id).last_polled_at
    return polled_at.replace(tzinfo=timezone.utc).timestamp() if polled_at else 0.0
