"""Recovery from real crashes: a worker SIGKILLed in the middle of a private reply, and Redis killed while comments
wait in its queue (with and without its append-only file). Replies are counted at the sandbox, never in the Redis
that was killed (docs/architecture.md#how-recovery-is-tested), and every comment must end with exactly one private
reply."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
import redis
from sqlalchemy import select
from werkzeug.serving import make_server

from app import queue
from app.celery_factory import make_celery
from app.config import load_settings
from app.database import dispose_engines, init_engine, session, upgrade_schema
from app.models import CommentLog, InboxEvent, PlannedAction, SocialPage
from app.services.pipeline import actions
from app.services.reference_data import load_reference_data
from tests.e2e.product import free_port
from tests.fixtures.services import PG_ADMIN_URL, ROOT, WorkerProcess, queued_tasks, truncate_all, worker_env
from tests.workers.conftest import add_agent, connect_page

RECOVERY_DB = f"autoreply_recovery_{os.getpid()}"  # runs side by side never drop each other's
PRICE_QUESTIONS = ("combien le prix de la robe ?", "prix svp", "c'est combien ?", "9adeh soumha ?",
                   "how much is it?", "le prix ?")
FAN = {"id": "7345098712340012", "name": "Amira Ben Salah"}


class BeatProcess(WorkerProcess):
    """`celery beat` in its own process group, stopped or killed like a worker."""

    def __init__(self, env: dict, schedule: Path):
        super().__init__(env, queues="")
        self.schedule = schedule

    def start(self) -> "BeatProcess":
        command = [sys.executable, "-m", "workers", "beat", "-l", "WARNING",
                   "-s", str(self.schedule)]
        self.process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **self.env}, start_new_session=True)
        return self


class RedisServer:
    """A throwaway redis-server that a test can crash (SIGKILL) and start again on the same port and directory."""

    def __init__(self, directory: Path, appendonly: bool):
        self.directory, self.appendonly = directory, appendonly
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.client = redis.Redis(port=self.port, socket_timeout=5)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        self.directory.mkdir(parents=True, exist_ok=True)
        # No RDB snapshots: what survives a crash is exactly what the append-only file holds.
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory),
                   "--appendonly", "yes" if self.appendonly else "no", "--save", "",
                   "--maxmemory-policy", "noeviction"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
        wait_until(self._answers, f"redis-server on port {self.port} never answered", timeout=10)
        return self

    def crash(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def wait_written(self) -> None:
        """The AOF buffer reached the file, so a process crash (not a power cut) cannot lose it."""
        if self.appendonly:
            wait_until(lambda: self.client.info("persistence")["aof_buffer_length"] == 0,
                       "redis never wrote its append-only file", timeout=10)

    def queued_tasks(self, queue_name: str = "ingest") -> list[str]:
        return queued_tasks(self.client, queue_name)

    def _answers(self) -> bool:
        try:
            return self.client.ping()
        except (redis.ConnectionError, redis.BusyLoadingError):
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.crash()


@dataclass
class Product:
    """The product bound to one Redis: its web app served in a thread, workers and beats started on demand."""

    settings: dict
    sandbox: object
    page: SocialPage
    post_id: str
    directory: Path
    processes: list = field(default_factory=list)
    web_url: str = ""  # where the sandbox delivers webhooks (another page connected by a test subscribes it too)

    def start_worker(self, *queues: str) -> WorkerProcess:
        worker = WorkerProcess(worker_env(self.settings), ",".join(queues or queue.QUEUES)).start()
        self.processes.append(worker)
        return worker

    def start_beat(self) -> BeatProcess:
        beat = BeatProcess(worker_env(self.settings), self.directory / f"beat-{len(self.processes)}").start()
        self.processes.append(beat)
        return beat

    def comment(self, message: str) -> str:
        return self.sandbox.admin.comment(self.post_id, message, author=FAN)["id"]

    def private_replies(self) -> Counter:
        """Private replies per comment id, from the sandbox's ordered effect log."""
        return Counter(effect["comment_id"] for effect in self.sandbox.admin.effects()
                       if effect["kind"] == "private_reply")


def wait_until(condition, message: str, timeout: float = 30.0, every: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"{message} (waited {timeout} s)")


def fresh_rows(statement) -> list:
    session.rollback()  # end the read transaction so rows committed by other processes show (SQLite snapshots)
    return list(session.scalars(statement))


@pytest.fixture(scope="module")
def recovery_database_url(database_url, tmp_path_factory) -> str:
    """A database of its own, so the session's beat and worker (used by other tests) never sweep these rows."""
    if not database_url.startswith("postgresql"):
        url = f"sqlite:///{tmp_path_factory.mktemp('recovery-db') / 'recovery.db'}"
    else:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=2) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {RECOVERY_DB} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {RECOVERY_DB}")
        url = database_url.rsplit("/", 1)[0] + f"/{RECOVERY_DB}"
    upgrade_schema(url)
    # Another module's use of this fixture dropped a database of the same name: its pooled connections are dead.
    dispose_engines()
    yield url
    if url.startswith("postgresql"):
        with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=2) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {RECOVERY_DB} WITH (FORCE)")


@pytest.fixture
def start_product(base_settings, recovery_database_url, sandbox, tmp_path):
    """Starts the web app against a given Redis with a shop connected (its agent answers prices); cleans up after."""
    from app import create_app

    started: list[tuple[Product, object]] = []

    def start(redis_url: str, **overrides) -> Product:
        # The Redis is this test's own: queues under their plain names, as in production.
        settings = {**base_settings, "DATABASE_URL": recovery_database_url, "REDIS_URL": redis_url,
                    "CELERY_KEY_PREFIX": "", **overrides}
        application = create_app(settings)
        truncate_all()
        load_reference_data()
        server = make_server("127.0.0.1", 0, application, threaded=True)
        threading.Thread(target=server.serve_forever, name="recovery-web", daemon=True).start()
        page, post_id = connect_page(sandbox, dict(application.config), f"http://127.0.0.1:{server.server_port}")
        add_agent(page, post_id, {"price": "Bonjour ##FIRST_NAME##, la robe est à 45 DT."})
        product = Product(settings, sandbox, page, post_id, tmp_path, web_url=f"http://127.0.0.1:{server.server_port}")
        started.append((product, server))
        return product

    yield start
    for product, server in started:
        for process in product.processes:
            process.stop()
        server.shutdown()
    session.remove()
    init_engine(base_settings["DATABASE_URL"])  # later tests find the suite's database and broker bound again
    queue.bind(make_celery(load_settings(base_settings)))


@pytest.fixture
def redis_server(tmp_path):
    """Starts throwaway redis-servers; every one is stopped after the test, whatever its outcome."""
    servers: list[RedisServer] = []

    def start(appendonly: bool) -> RedisServer:
        servers.append(RedisServer(tmp_path / f"redis-{len(servers)}", appendonly).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def private_reply_action(comment_id: str, state: str) -> PlannedAction | None:
    found = fresh_rows(select(PlannedAction).where(PlannedAction.comment_id == comment_id,
                                                   PlannedAction.kind == "private_reply",
                                                   PlannedAction.state == state))
    return found[0] if found else None


@pytest.mark.parametrize("held_ms", [2000, 8000], ids=["call-ends-before-the-sweep", "sweep-resends-during-call"])
def test_worker_killed_during_a_private_reply_answers_the_comment_once(redis_server, start_product, held_ms):
    broker = redis_server(appendonly=True)
    product = start_product(broker.url, GRAPH_TIMEOUT="15")  # the client waits for the held call, not times out
    # The sweep (stuck `sending` rows older than STUCK_SENDING_SECONDS, 3 s here) runs in a worker of its own, started
    # with the beat before the comment: a worker started after the kill took 8 s to start in CI, past the held call,
    # and the sweep then came after it whatever held_ms said.
    product.start_worker(queue.ROUTES[queue.SWEEP_STALE])
    product.start_beat()
    worker = product.start_worker()
    product.sandbox.admin.fault("slow", scope=product.page.external_id, delay_ms=held_ms, count=1)
    comment_id = product.comment("combien le prix de la robe ?")

    wait_until(lambda: private_reply_action(comment_id, "sending"), "the private reply was never claimed",
               every=0.02)
    time.sleep(0.5)  # claimed right before its call: let the call reach the sandbox, which holds it for held_ms
    worker.kill()  # SIGKILL of the whole worker while the sandbox still holds its call
    killed_at = time.monotonic()
    product.start_worker()  # a restarted worker, as in production

    action = wait_until(lambda: private_reply_action(comment_id, "done"), "the stuck private reply never finished")
    time.sleep(max(0.0, killed_at + held_ms / 1000 + 0.5 - time.monotonic()))  # the held call has answered by now
    assert product.private_replies() == {comment_id: 1}
    assert len(product.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1
    assert action.attempts == 2, "claimed by the killed worker, then once by the sweep"
    [entry] = fresh_rows(select(CommentLog).where(CommentLog.comment_id == comment_id))
    assert entry.reply_error is None
    [sent] = product.sandbox.admin.comment_effects(comment_id)["private_replies"]
    if held_ms < float(product.settings["STUCK_SENDING_SECONDS"]) * 1000:  # the killed worker's call went out; the sweep's resend was refused (10900)
        assert action.error == actions.EARLIER_ATTEMPT and action.result_id is None
    else:  # the sweep's call went out while the killed worker's was still held (then refused)
        # The comment's log shows the message sent; the outcome writer copies it there once the sweep's batch ends.
        [entry] = wait_until(lambda: fresh_rows(select(CommentLog).where(CommentLog.comment_id == comment_id,
                                                                         CommentLog.reply_message_id.is_not(None))),
                             "the comment's log never showed the message sent")
        assert action.result_id == entry.reply_message_id == sent["message_id"]


@pytest.mark.parametrize("appendonly", [True, False], ids=["aof-keeps-the-queue", "no-aof-inbox-sweep-recovers"])
def test_redis_crash_with_comments_queued_answers_each_comment_once(redis_server, start_product, appendonly):
    broker = redis_server(appendonly)
    product = start_product(broker.url)  # no worker yet: the comments wait in the queue
    comment_ids = [product.comment(question) for question in PRICE_QUESTIONS]

    wait_until(lambda: _all_stored(len(comment_ids)), "the webhooks never stored every comment")
    # One message for the whole burst: the doorbell stays up until a worker starts draining.
    wait_until(lambda: broker.queued_tasks() == [queue.INGEST_INBOX], "the comments never rang the ingest doorbell")
    broker.wait_written()
    broker.crash()
    broker.start()

    assert broker.queued_tasks() == ([queue.INGEST_INBOX] if appendonly else [])
    product.start_worker()
    product.start_beat()  # the inbox sweep re-queues rows unprocessed after INBOX_STALE_SECONDS (3 s here)

    wait_until(lambda: set(product.private_replies()) >= set(comment_ids), "some comments were never answered")
    wait_until(lambda: _settled(broker), "the pipeline never settled")
    assert product.private_replies() == {comment_id: 1 for comment_id in comment_ids}


def _all_stored(count: int) -> list[int] | None:
    ids = fresh_rows(select(InboxEvent.id))
    return ids if len(ids) == count else None


def _settled(broker: RedisServer) -> bool:
    """Every comment decided, every action finished, nothing left to run: a late duplicate would already show."""
    unprocessed = fresh_rows(select(InboxEvent.id).where(InboxEvent.processed_at.is_(None)))
    unfinished = fresh_rows(select(PlannedAction.id).where(PlannedAction.state != "done"))
    return not unprocessed and not unfinished and not broker.queued_tasks() and \
        broker.client.llen("actions") == 0
