"""The whole product for the fault suite, started once per module: a PostgreSQL server and a Redis (append-only
file on) of its own, so the tests can crash and restart them; the sandbox in a thread (with Meta's patient webhook
retries, and a record of every Graph call that reaches an effect); gunicorn; a prefork Celery worker and beat.

Three connected pages, each with a live agent that answers prices and the like and the public reply on: `immediate`,
`delayed` (Exactly 3 s, so its replies go out through beat's dispatch) and `polled` (no webhook subscription in the
product, so beat polls it, while the sandbox still delivers its webhooks: both paths see every comment)."""
from __future__ import annotations

import itertools
import json
import os
import threading
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field

import flask
import pytest
from sqlalchemy import func, or_, select, text, update
from werkzeug.serving import make_server

import sandbox as sandbox_package
from app import queue
from app.celery_factory import make_celery
from app.config import load_settings
from app.database import init_engine, session, upgrade_schema
from app.models import InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.graph_pacing import RedisPacer
from app.services.reference_data import load_reference_data
from bench.load import percentile
from sandbox.admin_client import AdminClient
from tests.e2e.product import VENV_BIN, free_port, start, stop, wait_until_answering
from tests.fixtures.answering_pages import PRICE_QUESTIONS, open_pages
from tests.fixtures.effect_tally import REPLY_KINDS, Tally, tally
from tests.fixtures.own_postgres import OwnPostgres
from tests.fixtures.sandbox import APP_ID, APP_SECRET
from tests.fixtures.services import WorkerProcess, worker_env
from tests.workers.test_recovery import BeatProcess, RedisServer

DATABASE = "autoreply_faults"
# Meta retries a failed delivery for 36 hours; compressed here, still patient enough for a database restart.
WEBHOOK_RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
POOL_PROCESSES = 2
DELAY_MS = 3000
PAGE_SHAPES = {"immediate": {}, "delayed": {"delay_mode": "Exactly", "delay_times_ms": [DELAY_MS]},
               "polled": {"webhook_subscribed": False}}
# A killed or cut-off batch leaves rows `sending`; the sweep takes them back after this long. As in production, it
# stays above the longest a live worker keeps a row `sending` in these tests (a batch of slow calls, about 6 s), so
# the sweep never resends under a live worker's feet; shorter, the suite would count repeats the product never makes.
STUCK_SENDING_SECONDS = 12


class GraphCalls:
    """Every Graph call of the product that reached its effect (or Meta's one-reply refusal, #10900), per kind and
    comment, as the sandbox saw it: a second call for the same effect is a repeat, even when Meta refuses it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.calls: Counter = Counter()

    def heard(self, _sender, response, **_extra) -> None:
        request = flask.request
        if request.blueprint != "graph_actions" or request.method != "POST":
            return
        path = request.path.strip("/").split("/")
        if path[-1] == "messages":
            recipient = request.get_json(silent=True) or {}
            recipient = recipient.get("recipient") or request.values.get("recipient") or {}
            kind, comment_id = "private_reply", _comment_of(recipient)
            refused_as_repeat = (response.get_json(silent=True) or {}).get("error", {}).get("code") == 10900
            if response.status_code != 200 and not refused_as_repeat:
                return
        elif path[-1] in ("likes", "comments", "replies") and response.status_code == 200:
            kind, comment_id = ("like" if path[-1] == "likes" else "public_reply"), path[-2]
        else:
            return
        with self.lock:
            self.calls[(kind, comment_id)] += 1

    def repeated(self, comment_ids) -> Counter:
        """kind -> calls beyond the first, over these comments."""
        wanted, repeats = set(comment_ids), Counter()
        with self.lock:
            for (kind, comment_id), count in self.calls.items():
                if comment_id in wanted and count > 1:
                    repeats[kind] += count - 1
        return repeats


def _comment_of(recipient) -> str:
    if isinstance(recipient, str):  # a form parameter carries it as a JSON string
        recipient = json.loads(recipient)
    return str(recipient.get("comment_id", ""))


@dataclass
class WholeProduct:
    settings: dict
    admin: AdminClient
    graph_calls: GraphCalls
    postgres: OwnPostgres
    broker: RedisServer
    pages: dict[str, SocialPage]
    posts: dict[str, str]
    worker: WorkerProcess | None = None
    beat: BeatProcess | None = None
    typed: dict[str, float] = field(default_factory=dict)  # comment id -> when it was typed at the sandbox
    fan_numbers: itertools.count = field(default_factory=lambda: itertools.count(6_120_934_500_000_000))

    def start_worker(self) -> WorkerProcess:
        self.worker = WorkerProcess(worker_env(self.settings), ",".join(queue.QUEUES), concurrency=POOL_PROCESSES,
                                    pool="prefork").start()
        return self.worker

    def page_id(self, name: str) -> str:
        return self.pages[name].external_id

    def type_comments(self, count: int, pages=("immediate", "delayed"), every: float = 0.0) -> list[str]:
        """`count` price questions typed at the sandbox, alternating over `pages`, `every` seconds apart."""
        typed = []
        for index in range(count):
            fan = str(next(self.fan_numbers))
            comment = self.admin.comment(self.posts[pages[index % len(pages)]],
                                         PRICE_QUESTIONS[index % len(PRICE_QUESTIONS)],
                                         author={"id": fan, "name": f"Fan {fan[-4:]}"})
            self.typed[comment["id"]] = time.time()
            typed.append(comment["id"])
            if every:
                time.sleep(every)
        return typed

    def count(self, comment_ids) -> Tally:
        return tally(self.admin.effects(), comment_ids, typed=self.typed, kinds=REPLY_KINDS)

    def wait_for_effects(self, comment_ids, at_least: int, kind: str = "private_reply", timeout: float = 30.0):
        """Until `at_least` of these comments have their `kind` effect (a batch is under way)."""
        wanted, deadline = set(comment_ids), time.monotonic() + timeout
        while time.monotonic() < deadline:
            done = {e["comment_id"] for e in self.admin.effects() if e["kind"] == kind and e["comment_id"] in wanted}
            if len(done) >= at_least:
                return
            time.sleep(0.05)
        raise AssertionError(f"fewer than {at_least} {kind} effects within {timeout} s: the batch never started")

    def settle(self, comment_ids, timeout: float = 90.0) -> Tally:
        """Until every comment has all its effects and the product has nothing left to do for them (a late repeat
        would already show); the count as it stands after `timeout` otherwise."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            counted = self.count(comment_ids)
            if not counted.lost_total and self.quiet(comment_ids):
                time.sleep(1.0)  # a repeat sent in the same breath as the last effect shows up too
                return self.count(comment_ids)
            time.sleep(0.25)
        return self.count(comment_ids)

    def quiet(self, comment_ids) -> bool:
        """None of these comments unprocessed in the inbox or with an action planned or sending (False while the
        database does not answer)."""
        wanted = list(comment_ids)
        try:
            session.rollback()
            unprocessed = session.scalar(select(func.count()).select_from(InboxEvent).where(
                InboxEvent.comment_id.in_(wanted), InboxEvent.processed_at.is_(None)))
            unfinished = session.scalar(select(func.count()).select_from(PlannedAction).where(
                PlannedAction.comment_id.in_(wanted), PlannedAction.state.in_(("planned", "sending"))))
            return not unprocessed and not unfinished
        except Exception:  # the database is down or our connection was cut: not quiet yet
            session.rollback()
            return False

    def let_rate_limit_waits_pass(self) -> int:
        """The wait Meta announced with a rate limit (a minute or more) has passed: what it put off is due now, the
        refused calls and those the page's pause held back (app/graph/pacing.py: on a page without reply delays,
        any later due time). The same fake clock as tests/workers/test_delays_and_faults.py, over the database's
        due times and the pages' pauses."""
        session.rollback()
        undelayed = select(SocialPage.id).where(SocialPage.delay_mode == "immediatly")
        moved = session.execute(update(PlannedAction).where(
            PlannedAction.state == "planned",
            or_(PlannedAction.error.like("RateLimited%"), PlannedAction.page_id.in_(undelayed)))
            .values(due_at=utcnow())).rowcount
        session.commit()
        RedisPacer(self.settings["REDIS_URL"], self.settings["CELERY_KEY_PREFIX"], 0, 0).forget()
        return moved

    def why(self, comment_ids) -> list[str]:
        """The product's own account of comments, for failure messages: each action's state, attempts, error."""
        session.rollback()
        rows = session.scalars(select(PlannedAction).where(PlannedAction.comment_id.in_(list(comment_ids)))
                               .order_by(PlannedAction.comment_id, PlannedAction.kind))
        stored = set(session.scalars(select(InboxEvent.comment_id).where(InboxEvent.comment_id.in_(list(comment_ids)))))
        lines = [f"{row.comment_id} {row.kind}: {row.state} after {row.attempts} attempts {row.error or ''}"
                 for row in rows if row.state != "done" or row.attempts > 1]  # the plain ones say nothing
        lines += [f"{comment_id}: never stored" for comment_id in comment_ids if comment_id not in stored]
        return lines



def report(name: str, product: WholeProduct, comment_ids, counted: Tally, fault_ended: float) -> Counter:
    """Prints the figures of one fault (recovery time: from the moment the fault ended to the last effect of its
    comments) and returns the repeated Graph calls."""
    repeated = product.graph_calls.repeated(comment_ids)
    p99 = percentile([counted.replied_at[c] - product.typed[c] for c in comment_ids if c in counted.replied_at], 0.99)
    print(f"\nFAULT {name}: {counted.describe()}; repeated Graph calls {sum(repeated.values())} {dict(repeated)}; "
          f"recovered {counted.last_at - fault_ended:.1f} s after the fault ended; typed-to-private-reply p99 "
          f"{p99:.1f} s")
    return repeated


def assert_exactly_once(product: WholeProduct, comment_ids, counted: Tally, repeated: Counter,
                        repeats_allowed: int) -> None:
    """0 lost, 0 duplicated at the sandbox, no reply loop; at most `repeats_allowed` repeated Graph calls (the calls
    in flight when the fault struck: one per pool process)."""
    details = "\n".join(product.why(comment_ids)[:60])
    assert counted.lost_total == 0, f"lost: {dict(counted.lost)}\n{details}"
    assert counted.duplicated["private_reply"] == 0 and counted.duplicated["public_reply"] == 0, \
        f"duplicated: {dict(counted.duplicated)}\n{details}"
    assert counted.stray == 0, "the product acted on comments nobody typed (its own replies?)"
    assert sum(repeated.values()) <= repeats_allowed, \
        f"repeated Graph calls {dict(repeated)}, at most {repeats_allowed} allowed\n{details}"


@pytest.fixture(scope="module")
def whole_product(base_settings, tmp_path_factory):
    from app import create_app

    workdir = tmp_path_factory.mktemp("whole-product")
    with ExitStack() as cleanup:
        # Undone in reverse order, whatever failed: this process bound back to the suite's database and broker last.
        cleanup.callback(queue.bind, make_celery(load_settings(base_settings)))
        cleanup.callback(init_engine, base_settings["DATABASE_URL"])
        postgres = OwnPostgres()
        cleanup.callback(postgres.remove)
        postgres.init().start()
        broker = RedisServer(workdir / "redis", appendonly=True)
        cleanup.callback(broker.stop)
        broker.start()
        graph_calls = GraphCalls()
        sandbox_app = sandbox_package.create_app(scenario="empty", app_id=APP_ID, app_secret=APP_SECRET,
                                                 retry_delays=WEBHOOK_RETRY_DELAYS, webhook_timeout=5.0)
        flask.request_finished.connect(graph_calls.heard, sandbox_app)
        sandbox_server = make_server("127.0.0.1", 0, sandbox_app, threaded=True)
        threading.Thread(target=sandbox_server.serve_forever, kwargs={"poll_interval": 0.05}, name="faults-sandbox",
                         daemon=True).start()
        cleanup.callback(sandbox_server.shutdown)
        sandbox_url, web_url = f"http://127.0.0.1:{sandbox_server.server_port}", f"http://127.0.0.1:{free_port()}"
        settings = {**base_settings, "DATABASE_URL": postgres.create_database(DATABASE), "REDIS_URL": broker.url,
                    "CELERY_KEY_PREFIX": "", "GRAPH_API_URL": sandbox_url, "PUBLIC_URL": web_url,
                    "LOGIN_DIALOG_URL": f"{sandbox_url}/dialog/oauth", "POLL_INTERVAL": "1",
                    "STUCK_SENDING_SECONDS": str(STUCK_SENDING_SECONDS)}
        upgrade_schema(settings["DATABASE_URL"])
        # Binds this process's session and publisher to the product's database and Redis.
        app_settings = dict(create_app(dict(settings)).config)
        cleanup.callback(session.remove)
        load_reference_data()
        web_log = workdir / "web.log"
        web = start([str(VENV_BIN / "gunicorn"), "-b", web_url.removeprefix("http://"), "-k", "gthread",
                     "--threads", "4", "app:create_app()"], {**os.environ, **worker_env(settings)}, web_log)
        cleanup.callback(stop, web)
        wait_until_answering(f"{web_url}/api/v1/config", web, web_log)
        admin = AdminClient(sandbox_url)
        pages, posts = open_pages(admin, app_settings, web_url, PAGE_SHAPES)
        product = WholeProduct(settings, admin, graph_calls, postgres, broker, pages, posts)
        cleanup.callback(lambda: product.worker.stop())  # the worker of the moment: a test may have replaced it
        product.start_worker()
        product.beat = BeatProcess(worker_env(settings), workdir / "beat-schedule")
        cleanup.callback(product.beat.stop)
        product.beat.start()
        warm_up = product.type_comments(4)  # each pool process builds the agents' matchers once
        assert product.settle(warm_up, timeout=120).lost_total == 0, "the product never answered its first comments"
        yield product


def terminate_connections(product: WholeProduct) -> int:
    """pg_terminate_backend on every connection to the product's database but this one: what a failover, a
    proxy restart or an idle timeout does to the web and worker processes' pooled connections."""
    session.rollback()
    killed = session.scalars(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": DATABASE}).all()
    session.commit()
    return sum(1 for ok in killed if ok)
