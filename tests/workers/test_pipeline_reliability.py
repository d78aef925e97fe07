"""Faults in the middle of a batch (issue 23): a worker SIGKILLed after some of its calls went out, a like cut off in
flight, Redis restarted while a call is held, and the logs while Redis is away. Effects are counted at the sandbox
(`GET /__admin/effects`), never in the Redis that was killed: what was sent before a fault is recorded as sent and
never sent again, at most the call in flight is repeated, and a like never twice."""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import subprocess
import sys
import time
from collections import Counter

from sqlalchemy import select

from app import queue
from app.celery_factory import make_celery
from app.database import session
from app.models import InboxEvent, PlannedAction, SocialPage
from app.services.pipeline import actions
from tests.fixtures.services import ROOT, WorkerProcess, worker_env
from tests.workers.test_recovery import (PRICE_QUESTIONS, _all_stored, free_port, fresh_rows,  # noqa: F401
                                         recovery_database_url, redis_server, start_product, wait_until)


def _like_comments(product) -> None:
    page = session.get(SocialPage, product.page.id)
    page.likes_comment = True
    session.commit()


def _actions(kind: str | None = None) -> list[PlannedAction]:
    query = select(PlannedAction).order_by(PlannedAction.id)
    return fresh_rows(query.where(PlannedAction.kind == kind) if kind else query)


def _effects(product, kind: str) -> list[dict]:
    return [effect for effect in product.sandbox.admin.effects() if effect["kind"] == kind]


def _all_done() -> bool:
    rows = _actions()
    return bool(rows) and all(row.state == "done" for row in rows)


def test_a_batch_killed_mid_way_keeps_what_it_sent_and_repeats_at_most_its_call_in_flight(redis_server,
                                                                                           start_product):
    product = start_product(redis_server(appendonly=True).url, GRAPH_TIMEOUT="15")
    _like_comments(product)
    comment_ids = [product.comment(question) for question in PRICE_QUESTIONS]
    wait_until(lambda: _all_stored(len(comment_ids)), "the webhooks never stored every comment")
    product.sandbox.admin.fault("slow", scope=product.page.external_id, delay_ms=300)  # every call: 0.3 s
    worker = product.start_worker()  # one batch: a private reply and a like per comment, one call after another

    wait_until(lambda: len(product.sandbox.admin.effects()) >= 5, "the batch never sent its first calls", every=0.02)
    worker.kill()  # SIGKILL with a call in flight (the sandbox still holds it) and calls not yet made
    recorded = {row.id for row in _actions() if row.state == "done"}
    product.sandbox.admin.clear_faults()
    product.start_worker()
    product.start_beat()  # its sweep resolves the call that was in flight (`sending` for STUCK_SENDING_SECONDS)
    wait_until(_all_done, "the batch's actions never all finished")

    assert Counter(effect["comment_id"] for effect in _effects(product, "private_reply")) == \
        {comment_id: 1 for comment_id in comment_ids}
    likes = _effects(product, "like")
    assert Counter(effect["comment_id"] for effect in likes) == {comment_id: 1 for comment_id in comment_ids}
    assert not any(effect["repeat"] for effect in likes)
    assert len(recorded) >= 4  # each call's outcome was written as it returned, not at the end of the batch
    message_ids = {effect["comment_id"]: effect["message_id"] for effect in _effects(product, "private_reply")}
    rows = _actions()
    for row in rows:
        if row.id in recorded:  # never claimed again, and the reply's id is the one the sandbox gave
            assert row.attempts == 1
            assert row.kind != "private_reply" or row.result_id == message_ids[row.comment_id]
    assert sum(row.attempts for row in rows) <= len(rows) + 1, "more than the call in flight was repeated"


def test_a_like_cut_off_in_flight_is_found_done_and_never_sent_twice(redis_server, start_product):
    product = start_product(redis_server(appendonly=True).url, GRAPH_TIMEOUT="15")
    _like_comments(product)
    product.start_worker()
    scope = product.page.external_id
    product.sandbox.admin.fault("slow", scope=scope, delay_ms=1, count=1)  # the private reply goes at once
    product.sandbox.admin.fault("slow", scope=scope, delay_ms=1500, count=1)  # the like is held 1.5 s
    comment_id = product.comment("combien le prix de la robe ?")

    wait_until(lambda: [row for row in _actions("like") if row.state == "sending"], "the like was never claimed",
               every=0.02)
    time.sleep(0.5)  # claimed right before its call: let the call reach the sandbox, which holds it 1.5 s
    product.processes[0].kill()  # the like's call is still held at the sandbox, and lands after the kill
    product.start_worker()
    product.start_beat()  # the sweep asks the Graph API whether the page already likes the comment
    wait_until(_all_done, "the like never finished")

    [like] = _actions("like")
    assert like.error == actions.LIKED_EARLIER and like.attempts == 1
    assert [effect["repeat"] for effect in _effects(product, "like")] == [False]
    assert len(product.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1


def test_a_redis_restart_during_a_batch_does_not_cut_it(redis_server, start_product):
    broker = redis_server(appendonly=True)
    product = start_product(broker.url, GRAPH_TIMEOUT="15")
    # Prefork, as in production: the pool child runs the batch while the main process holds the broker connection.
    # INFO: should the worker ever not take up its queue again, its log says whether it reconnected and what it got.
    worker = WorkerProcess(worker_env(product.settings), ",".join(queue.QUEUES), concurrency=2, pool="prefork",
                           loglevel="INFO")
    product.processes.append(worker.start())
    product.sandbox.admin.fault("slow", scope=product.page.external_id, delay_ms=4000, count=1)
    comment_id = product.comment("combien le prix de la robe ?")

    wait_until(lambda: [row for row in _actions("private_reply") if row.state == "sending"],
               "the private reply was never claimed", every=0.02)
    broker.wait_written()
    broker.crash()  # the worker loses its broker connection while its batch waits on the Graph API
    broker.start()

    [reply] = wait_until(lambda: [row for row in _actions("private_reply") if row.state == "done"],
                         "the batch never recorded its reply")
    [sent] = product.sandbox.admin.comment_effects(comment_id)["private_replies"]
    assert reply.attempts == 1 and reply.result_id == sent["message_id"]  # the same batch, not a resend
    later = product.comment("prix svp")  # and the worker took up its queue again
    wait_until(lambda: product.sandbox.admin.comment_effects(later)["private_replies"], "no reply after the restart")


def test_webhooks_while_redis_is_down_log_one_warning_with_a_count(app, client, caplog, monkeypatch):
    dead_broker = f"redis://127.0.0.1:{free_port()}/0"
    queue.bind(make_celery({**app.config, "REDIS_URL": dead_broker}))
    session.add(SocialPage(platform="facebook", external_id="104857392011223", name="Page", is_connected=True))
    session.commit()
    caplog.set_level(logging.WARNING, logger="app.queue")
    try:
        statuses = [_deliver(app, client, index) for index in range(30)]
        clock = time.monotonic() + 31  # half a minute later, the outage goes on
        monkeypatch.setattr(queue.time, "monotonic", lambda: clock)
        statuses.append(_deliver(app, client, 30))
    finally:
        queue.bind(make_celery(app.config))

    assert statuses == [200] * 31  # stored, answered; the sweeps wake the drain when Redis is back
    assert len(fresh_rows(select(InboxEvent.id))) == 31
    warnings = [record.getMessage() for record in caplog.records if record.name == "app.queue"]
    assert len(warnings) == 2, warnings
    assert warnings[0].startswith("could not ring ingest.drain_inbox: ConnectionError")
    assert "29 more since the last warning" in warnings[1]


def _deliver(app, client, index: int) -> int:
    change = {"field": "feed", "value": {"item": "comment", "verb": "add", "post_id": "104857392011223_1",
                                         "comment_id": f"1_{9_100_000 + index}", "parent_id": "104857392011223_1",
                                         "from": {"id": "7345098712340012", "name": "Amira"}, "message": "prix ?",
                                         "created_time": int(time.time())}}
    body = json.dumps({"object": "page", "entry": [{"id": "104857392011223", "time": int(time.time()),
                                                    "changes": [change]}]}).encode()
    signature = hmac.new(app.config["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    return client.post("/api/v1/webhooks/meta", data=body, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={signature}"}).status_code


def test_beat_logs_one_line_while_redis_is_down_not_a_traceback_per_tick(redis_server, base_settings, tmp_path):
    broker = redis_server(appendonly=False)
    log_path = tmp_path / "beat.log"
    env = {**os.environ, **worker_env({**base_settings, "REDIS_URL": broker.url, "CELERY_KEY_PREFIX": ""})}
    with open(log_path, "wb") as log_file:
        beat = subprocess.Popen([sys.executable, "-m", "workers", "beat", "-l", "WARNING",
                                 "-s", str(tmp_path / "schedule")], cwd=ROOT, env=env, stdout=log_file,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until(lambda: broker.client.llen("actions"), "beat never published")
        broker.crash()
        wait_until(lambda: "could not publish" in log_path.read_text(), "beat never noticed the outage")
        time.sleep(3 * float(base_settings["DISPATCH_INTERVAL"]))  # a few more ticks of dispatch-due-actions
        # What beat wrote while Redis was down. Read before it is stopped: Celery's beat ends on SIGTERM by raising
        # SystemExit wherever it is, and once in CI that was inside a tick, which then logged its closed schedule
        # file's traceback (a shutdown race of Celery's, not a line per tick of the outage).
        text = log_path.read_text()
    finally:
        beat.terminate()
        beat.wait(timeout=10)

    assert "Traceback" not in text and "IndexError" not in text
    assert text.count(f"could not publish {queue.DISPATCH_DUE}") == 1, text
