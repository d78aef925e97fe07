"""A worker answers from its first comment or refuses to start, however it was started (issue 38 §6).

The intent model is built where installs happen (`python -m nlp train`) and only loaded at worker start. A worker
whose model cache holds nothing for the current training data, as on a clone where setup never ran ("missing") or
after a pull that changed nlp/data ("stale": the cache key follows the data), logs one line naming the command and
exits before it consumes anything: the comment waits in the inbox, undecided, and the worker started once the model
is built answers it. Real worker subprocesses, Redis, database, webhooks and sandbox; nothing is mocked.
"""
from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from app import queue
from app.database import session
from app.models import InboxEvent
from nlp import moderation_training, training
from tests.fixtures.services import WorkerProcess, worker_env
from tests.workers.conftest import Shop, add_agent, connect_page

ANSWER = "Bonjour ##FIRST_NAME##, la robe est à 45 DT."
# A model file named for training data other than the current (what var/nlp-cache keeps after a pull).
OTHER_DATA_MODEL = "model-0000000000000000.pkl"


class LoggedWorker(WorkerProcess):
    """The suite's worker subprocess, serving every queue, its stdout and stderr written to a file the test reads."""

    def __init__(self, env: dict, output: Path):
        super().__init__(env, ",".join(queue.QUEUES))
        self.output = output

    def start(self) -> "LoggedWorker":
        # WorkerProcess lets the worker inherit this process's stdout and stderr: point both at the file meanwhile.
        sys.stdout.flush()
        sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        with self.output.open("ab") as sink:
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
            try:
                super().start()
            finally:
                for descriptor, copy in zip((1, 2), saved):
                    os.dup2(copy, descriptor)
                    os.close(copy)
        return self

    def text(self) -> str:
        return self.output.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="module")
def built_model() -> Path:
    """The intent model of the current training data, built once if this run has none yet (with the abuse and
    chatter model beside it): what `python -m nlp train` leaves in the cache."""
    training.load_or_train()
    moderation_training.load_or_train()
    return training.model_path()


@pytest.fixture
def waiting_comment(app, sandbox, live_web, unheard_bells):
    """A price question delivered by the sandbox's webhook and stored in the inbox, rung on a broker namespace only
    the test's own workers serve; returns (shop, comment id, that namespace)."""
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web)
    add_agent(page, post_id, {"price": ANSWER})
    shop = Shop(sandbox, settings, page, post_id)
    comment_id = shop.comment("Bonsoir, combien le prix de la robe svp ?")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _event(comment_id) is None:
        time.sleep(0.1)
    assert _event(comment_id) is not None, "the webhook never stored the comment"
    return shop, comment_id, unheard_bells


def _event(comment_id: str) -> InboxEvent | None:
    session.rollback()
    return session.query(InboxEvent).filter_by(comment_id=comment_id).one_or_none()


@pytest.mark.parametrize("state", ["missing", "stale"])
def test_a_worker_without_the_model_refuses_to_start_in_one_line_and_the_next_one_answers_the_waiting_comment(
        waiting_comment, built_model, tmp_path, state):
    shop, comment_id, prefix = waiting_comment
    cache = tmp_path / "nlp-cache"
    cache.mkdir()
    if state == "stale":
        shutil.copyfile(built_model, cache / OTHER_DATA_MODEL)
    env = worker_env({**shop.settings, "CELERY_KEY_PREFIX": prefix, "NLP_CACHE_DIR": str(cache)})

    refused = LoggedWorker(env, tmp_path / "refused.log").start()
    try:
        exit_code = refused.process.wait(timeout=120)  # before the fix it started and trained inside the drain
    finally:
        refused.kill()

    assert exit_code != 0
    said = [line for line in refused.text().splitlines() if "intent model" in line]
    assert len(said) == 1, refused.text()
    assert f"intent model {state} for the current training data" in said[0]
    assert "run `python -m nlp train`" in said[0]
    assert "Traceback" not in refused.text()
    event = _event(comment_id)
    assert event.processed_at is None and event.attempts == 0  # the delivery is not spent
    assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []

    for built in (built_model, moderation_training.model_path()):  # what `python -m nlp train` writes there
        shutil.copyfile(built, cache / built.name)
    worker = LoggedWorker(env, tmp_path / "answering.log").start()
    try:
        effects = shop.wait_for(comment_id, lambda found: found["private_replies"], timeout=60)
    finally:
        worker.stop()

    [reply] = effects["private_replies"]
    assert reply["text"] == "Bonjour Amira, la robe est à 45 DT."
    assert "intent model" not in worker.text()
