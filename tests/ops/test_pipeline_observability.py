"""Comments through the production shape (gunicorn with 2 workers, a Celery prefork worker, the sandbox), watched the
way an operator watches them: the web's /metrics adds up every process of the host (PROMETHEUS_MULTIPROC_DIR), and
the JSON logs of web and worker name the comment, the page and the task, and nothing secret or personal."""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

from app.queue import QUEUES
from tests.e2e.product import VENV_BIN, free_port, start, stop, wait_until_answering
from tests.fixtures.services import worker_env
from tests.workers.conftest import add_agent, connect_page

FAN = {"id": "7345098712349911", "name": "Zeynep Kaftanci"}
LINKED_QUESTION = "Bonsoir, combien le prix de la robe svp ? voir https://shop.example/robe-rouge"
PLAIN_QUESTION = "quel est le prix de la robe noire svp ?"
OTHER_QUESTION = "combien coûte la robe bleue ?"


@dataclass
class Stack:
    url: str
    worker_exporter: str
    logs: tuple[Path, Path]


@pytest.fixture(scope="module")
def stack(base_settings, tmp_path_factory):
    """gunicorn and a Celery worker under a key prefix of their own, sharing one metrics directory, logging JSON."""
    workdir = tmp_path_factory.mktemp("observed")
    metrics_dir = workdir / "metrics"
    metrics_dir.mkdir()
    settings = {**base_settings, "CELERY_KEY_PREFIX": f"observed-{os.getpid()}:", "LOG_FORMAT": "json",
                "LOG_LEVEL": "DEBUG"}
    env = {**os.environ, **worker_env(settings), "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}
    port, exporter_port = free_port(), free_port()
    web_log, worker_log = workdir / "web.log", workdir / "worker.log"
    web = start([str(VENV_BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}", "--access-logfile", "-",
                 "app:create_app()"], env, web_log)
    worker_environment = {**env, "METRICS_PORT": str(exporter_port), "METRICS_ADDRESS": "127.0.0.1"}
    worker = start([str(VENV_BIN / "python"), "-m", "workers", "-q", "worker", "-Q", ",".join(QUEUES),
                    "-P", "prefork", "-c", "2", "--without-gossip", "--without-mingle", "--without-heartbeat",
                    "-l", "DEBUG", "-n", f"observed-{os.getpid()}@%h"], worker_environment, worker_log)
    try:
        wait_until_answering(f"http://127.0.0.1:{port}/healthz", web, web_log)
        yield Stack(f"http://127.0.0.1:{port}", f"http://127.0.0.1:{exporter_port}", (web_log, worker_log))
    finally:
        stop(worker)
        stop(web)


def test_comments_move_every_metric_and_logs_carry_ids_but_no_secret(app, sandbox, stack):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, stack.url, likes_comment=True, spam=True,
                                 public_reply_enabled=True, public_reply_message="Merci, voir vos messages")
    add_agent(page, post_id, {"price": "Bonjour ##FIRST_NAME##, la robe est à 45 DT."})
    before = scrape(stack.url)

    linked = sandbox.admin.comment(post_id, LINKED_QUESTION, author=FAN)["id"]  # a link: hidden, not answered
    plain = sandbox.admin.comment(post_id, PLAIN_QUESTION, author=FAN)["id"]
    wait_for(sandbox, linked, lambda e: e["is_hidden"])
    wait_for(sandbox, plain, lambda e: e["private_replies"] and e["likes"] and e["replies"])
    sandbox.admin.fault("permission", scope=page.external_id, code=200, count=1)  # the next Graph call fails
    refused = sandbox.admin.comment(post_id, OTHER_QUESTION, author=FAN)["id"]
    wait_for(sandbox, refused, lambda e: e["likes"] and e["replies"])
    # The page's two public replies come back as webhooks too: stored (received), never answered (not decided).
    after = wait_until(lambda: scrape(stack.url), lambda found: (
        delta(found, before, "autoreply_actions_sent_total"),
        delta(found, before, 'autoreply_comments_received_total{source="webhook"}')) == (6, 5))

    assert delta(after, before, "autoreply_comments_decided_total") == 3
    # The linked question asks a price too: matched, then hidden by the anti-spam switch and left unanswered.
    assert delta(after, before, "autoreply_comments_matched_total") == 3
    sent = {kind: delta(after, before, f'autoreply_actions_sent_total{{kind="{kind}"}}')
            for kind in ("hide", "private_reply", "like", "public_reply")}
    assert sent == {"hide": 1, "private_reply": 1, "like": 2, "public_reply": 2}  # one private reply refused
    assert delta(after, before, 'autoreply_graph_errors_total{code="200"}') == 1
    assert delta(after, before, "autoreply_action_due_to_sent_seconds_count") == 6
    assert after['autoreply_scrape_source_up{source="database"}'] == 1
    # The worker's own exporter (what Prometheus reads from a worker on another host) serves the same counters,
    # without the scrape-time gauges, which only the web reads.
    exported = scrape(stack.worker_exporter)
    assert exported["autoreply_comments_decided_total"] == after["autoreply_comments_decided_total"]
    assert "autoreply_inbox_backlog" not in exported
    assert 'autoreply_queue_depth{queue="ingest"}' in after  # scrape-time gauges: tests/ops/test_backlog_gauges.py

    events = log_events(stack.logs)
    for comment_id in (linked, plain, refused):
        web_lines = [event for event in events["web"] if comment_id in event.get("comment_id", "")]
        worker_lines = [event for event in events["worker"] if event.get("comment_id") == comment_id]
        assert web_lines and all(event.get("page_id") == page.external_id for event in web_lines)
        assert worker_lines and all(event.get("page_id") == page.external_id and event.get("task_id")
                                    for event in worker_lines)
    # The logs were verbose enough to hold them: SQLAlchemy wrote the statements that carried them.
    statements = [event["message"] for event in events["web"] + events["worker"]
                  if event["logger"].startswith("sqlalchemy.engine")]
    assert any("INSERT INTO inbox_events" in text for text in statements)
    assert any("UPDATE planned_actions" in text for text in statements)
    written = "\n".join(path.read_text() for path in stack.logs)
    for secret in (page.access_token, *FAN["name"].split(), LINKED_QUESTION, PLAIN_QUESTION, OTHER_QUESTION,
                   settings["META_APP_SECRET"], settings["JWT_SECRET_KEY"]):
        assert secret not in written


def scrape(url: str) -> dict[str, float]:
    return scrape_text(requests.get(f"{url}/metrics", timeout=10).text)


def scrape_text(exposition: str) -> dict[str, float]:
    """The exposition's samples by name with labels, values summed where a label set repeats."""
    samples: dict[str, float] = {}
    for line in exposition.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = samples.get(name, 0.0) + float(value)
    return samples


def delta(after: dict, before: dict, name: str) -> float:
    """A sample's growth; a bare name sums its whole family (every label set, histogram series left out)."""
    if "{" in name or not any(key.startswith(name + "{") for key in after):
        return after.get(name, 0.0) - before.get(name, 0.0)
    family = re.compile(re.escape(name) + r"\{")
    return sum(value for key, value in after.items() if family.match(key)) - \
        sum(value for key, value in before.items() if family.match(key))


def log_events(paths: tuple[Path, Path]) -> dict[str, list[dict]]:
    """Every line of the web's and the worker's output, each one JSON object (json.loads fails the test otherwise)."""
    return {name: [json.loads(line) for line in path.read_text().splitlines()]
            for name, path in zip(("web", "worker"), paths)}


def wait_for(sandbox, comment_id: str, predicate, seconds: float = 40.0) -> dict:
    return wait_until(lambda: sandbox.admin.comment_effects(comment_id), predicate, seconds)


def wait_until(read, predicate, seconds: float = 40.0):
    deadline = time.monotonic() + seconds
    found = read()
    while not predicate(found) and time.monotonic() < deadline:
        time.sleep(0.25)
        found = read()
    assert predicate(found), f"not reached in {seconds} s: {found}"
    return found
