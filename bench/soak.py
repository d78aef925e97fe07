"""Soak: the whole product under N minutes of mixed traffic with a fault every few minutes, counted from the outside.

Comments are typed at the sandbox at a steady rate with bursts (it delivers the signed webhooks; a copy of every
other one is also POSTed straight to the web process, as Meta's duplicates are, and timed); the owner reads the
dashboards, edits the agent's answer and the catalogue, and replays the agent over past comments. Every
--fault-every minutes one fault strikes, in turn: worker SIGKILL, Redis SIGKILL and restart from its append-only
file, the database's connections terminated, a Graph API 5xx storm, a Graph API rate limit. The product runs with
its default recovery settings (app/config.py), as in production.

    .venv/bin/python bench/soak.py                      # 30 minutes
    .venv/bin/python bench/soak.py --minutes 5 --fault-every 1

Prints events in, replies out, lost, duplicated (private replies, likes, public replies, at the sandbox), p99 of the
webhook answer and of typed-to-private-reply, and each process's resident memory over time (peak, and a flag on any
process whose last third is well above its first). See bench/README.md ("Soak").
"""
from __future__ import annotations

import argparse
import itertools
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
import requests  # noqa: E402
from sqlalchemy import text  # noqa: E402

from app import queue  # noqa: E402
from app.config import load_settings  # noqa: E402
from app.database import init_engine, session  # noqa: E402
from app.models import Agent  # noqa: E402
from bench import services  # noqa: E402
from bench.load import HttpClient, percentile  # noqa: E402
from sandbox.admin_client import AdminClient  # noqa: E402
from sandbox.webhooks import body_bytes, facebook_change, signature_headers  # noqa: E402
from tests.fixtures.answering_pages import PRICE_QUESTIONS, open_pages  # noqa: E402
from tests.fixtures.effect_tally import tally  # noqa: E402
from tests.workers.test_recovery import RedisServer  # noqa: E402

DATABASE_NAME = f"autoreply_soak_{os.getpid()}"
PAGE_SHAPES = {"immediate": {}, "delayed": {"delay_mode": "Exactly", "delay_times_ms": [3000]}}
PAGES = tuple(PAGE_SHAPES)
FAULTS = ("worker SIGKILL", "Redis SIGKILL + restart", "database connections terminated", "Graph 5xx storm",
          "Graph rate limit")
GRAPH_FAULT_SECONDS = 20.0
MEMORY_EVERY = 5.0
GROWTH_FLAG = 1.2  # last third's mean RSS over the first third's: above this, the process is flagged
EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Timeout)\b.*:")


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="length of the traffic (CI: 2)")
    parser.add_argument("--rate", type=float, default=3.0, help="comments typed per second, steady")
    parser.add_argument("--burst", type=int, default=40, help="comments typed at once every --burst-every s")
    parser.add_argument("--burst-every", type=float, default=60.0)
    parser.add_argument("--fault-every", type=float, default=3.0, help="minutes between faults")
    parser.add_argument("--reads-per-second", type=float, default=2.0, help="dashboard reads")
    parser.add_argument("--edit-every", type=float, default=15.0, help="seconds between agent/catalogue edits")
    parser.add_argument("--replay-every", type=float, default=120.0,
                        help="seconds between replays of the agent (skipped, with a notice, where this build has "
                             "no replay API)")
    parser.add_argument("--no-replays", action="store_true", help="no replays at all")
    parser.add_argument("--drain-seconds", type=float, default=600.0,
                        help="longest wait for the last replies after the traffic (a rate limit puts replies off "
                             "by the 5 minutes Meta announces)")
    return parser.parse_args(argv)


class Product:
    """Sandbox, gunicorn, a prefork worker and beat as subprocesses; a Redis of its own (so it can be crashed) and
    a fresh database on the local PostgreSQL (its connections can be terminated without touching others')."""

    def __init__(self, scratch: Path):
        self.scratch = scratch
        self.broker = RedisServer(scratch / "redis", appendonly=True).start()
        self.database_url = services.fresh_database(DATABASE_NAME, scratch)
        self.sandbox_port, self.web_port = services.free_port(), services.free_port()
        self.sandbox_url, self.web_url = f"http://127.0.0.1:{self.sandbox_port}", f"http://127.0.0.1:{self.web_port}"
        self.env = {"APP_ENV": "development", "DATABASE_URL": self.database_url, "REDIS_URL": self.broker.url,
                    "CELERY_KEY_PREFIX": "", "GRAPH_API_URL": self.sandbox_url, "PUBLIC_URL": self.web_url,
                    "LOGIN_DIALOG_URL": f"{self.sandbox_url}/dialog/oauth"}
        self.settings = load_settings(self.env)
        self.services: dict[str, services.Service] = {}
        self.worker_starts = itertools.count(1)

    def start(self) -> None:
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], self.env, self.scratch)
        if migrate.process.wait(timeout=180) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        init_engine(self.database_url)
        self._run("sandbox", ["-m", "sandbox", "--port", str(self.sandbox_port), "--scenario", "empty"])
        self._run("web", ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", "gthread", "--threads", "4",
                          "-b", f"127.0.0.1:{self.web_port}"])
        self.start_worker()
        self._run("beat", ["-m", "celery", "-A", "workers.celery_app", "beat", "-l", "WARNING",
                           "-s", str(self.scratch / "beat-schedule")])
        services.wait_for(lambda: services.answers(f"{self.sandbox_url}/__admin/faults"), "the sandbox",
                          services=(self.services["sandbox"],))
        services.wait_for(lambda: services.answers(f"{self.web_url}/api/v1/config"), "the web process",
                          services=(self.services["web"],))

    def start_worker(self) -> None:
        # Each start logs to its own file, so the killed worker's last lines are kept.
        self._run("worker", ["-m", "celery", "-A", "workers.celery_app", "worker", "-P", "prefork", "-c", "2",
                             "-Q", ",".join(queue.QUEUES), "--without-gossip", "--without-mingle",
                             "--without-heartbeat", "-l", "WARNING"], log_name=f"worker-{next(self.worker_starts)}")

    def kill_worker(self) -> None:
        os.killpg(self.services["worker"].process.pid, signal.SIGKILL)
        self.services["worker"].process.wait(timeout=10)

    def terminate_connections(self) -> int:
        session.rollback()
        killed = session.scalars(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name"
                                      " AND pid <> pg_backend_pid()"), {"name": DATABASE_NAME}).all()
        session.commit()
        return sum(1 for ok in killed if ok)

    def _run(self, name: str, arguments: list[str], log_name: str | None = None) -> None:
        self.services[name] = services.python_service(log_name or name, arguments, self.env, self.scratch)

    def memory(self) -> dict[str, int]:
        """Resident bytes of each process with its children (gunicorn's worker, the prefork pool), of Redis, and of
        the PostgreSQL backends serving this database."""
        resident = {name: _tree_rss(service.process.pid) for name, service in self.services.items()
                    if service.alive()}
        resident["redis"] = _tree_rss(self.broker.process.pid)
        if self.database_url.startswith("postgresql"):
            try:
                session.rollback()
                pids = session.scalars(text("SELECT pid FROM pg_stat_activity WHERE datname = :name"),
                                       {"name": DATABASE_NAME}).all()
                backends = [_tree_rss(pid, children=False) for pid in pids]
                # Their number follows the connection pools, so their mean tells growth apart from more backends.
                resident["postgres backends (sum)"] = sum(backends)
                resident["postgres backend (mean)"] = sum(backends) // max(len(backends), 1)
                # A backend's resident set counts the pages of the shared buffers it has touched so far, which only
                # grows up to `shared_buffers`; its own (unique) memory is what a leak would show in.
                private = [_private_bytes(pid) for pid in pids]
                resident["postgres backend own (mean)"] = sum(private) // max(len(private), 1)
            except Exception:  # connections just terminated by a fault: no sample this time
                session.rollback()
        return resident

    def stop(self) -> None:
        for service in reversed(list(self.services.values())):
            service.stop()
        session.remove()
        self.broker.stop()
        services.drop_database(self.database_url, DATABASE_NAME)


def _tree_rss(pid: int, children: bool = True) -> int:
    try:
        root = psutil.Process(pid)
        processes = [root, *(root.children(recursive=True) if children else [])]
        return sum(process.memory_info().rss for process in processes)
    except psutil.NoSuchProcess:
        return 0


def _private_bytes(pid: int) -> int:
    """The process's unique set size (its own pages, none shared); its resident set where that is not readable."""
    try:
        process = psutil.Process(pid)
        try:
            return process.memory_full_info().uss
        except psutil.AccessDenied:
            return process.memory_info().rss
    except psutil.NoSuchProcess:
        return 0


class Owners:
    """The shops' owners using the product while it runs (each signed in, on their own page): dashboard reads,
    agent edits (then training, as the wizard's "update now" does), catalogue edits and replays."""

    def __init__(self, product: Product, pages: dict, posts: dict, agents: dict, tokens: dict):
        self.product, self.pages, self.posts, self.agents = product, pages, posts, agents
        self.headers = {name: {"Authorization": f"Bearer {token}"} for name, token in tokens.items()}
        self.http = requests.Session()
        self.statuses: dict[str, defaultdict] = defaultdict(lambda: defaultdict(int))
        self.read_seconds: list[float] = []
        self.edits = itertools.count(1)

    def call(self, kind: str, page: str, method: str, path: str, **extra) -> None:
        started = time.perf_counter()
        try:
            answer = self.http.request(method, self.product.web_url + path, headers=self.headers[page], timeout=10,
                                       **extra)
        except requests.RequestException as error:
            self.statuses[kind][type(error).__name__] += 1
            return
        if kind == "dashboard read":
            self.read_seconds.append(time.perf_counter() - started)
        self.statuses[kind][answer.status_code] += 1

    def read(self, number: int) -> None:
        page = PAGES[number % 2]
        if number % 3 == 2:
            self.call("dashboard read", page, "GET", f"/api/v1/secure/logEvent/post/{self.posts[page]}/all")
        else:
            period = ("all", "week", "day")[number % 3]
            self.call("dashboard read", page, "GET", f"/api/v1/secure/logEvent/dashbord/intent/"
                                                     f"{self.pages[page].external_id}/facebook/{period}")

    def edit(self) -> None:
        number = next(self.edits)
        page = PAGES[number % 2]
        self.call("agent edit", page, "PUT", f"/api/v1/secure/project/generiqueupdate/{self.agents[page]}",
                  json={"intent": "price", "genericAnswer": f"Bonjour ##FIRST_NAME##, la robe est à {40 + number % 9}"
                                                            " DT chez ##PAGE_NAME##."})
        self.train(page)
        self.call("catalogue edit", page, "POST", f"/api/v1/secure/pages/entities/add/{self.pages[page].external_id}",
                  json={"entity": {"name": f"collection {number}",
                                   "values": [{"content": f"robe {number}", "synonyms": [f"robe n{number}"]}]}})

    def train(self, page: str) -> None:
        self.call("agent training", page, "POST", "/trainagentpos", json={"idProject": self.agents[page]})

    def replay(self) -> None:
        agent = self.agents["immediate"]
        self.call("replay", "immediate", "POST", f"/api/v1/secure/agents/{agent}/replays")
        self.call("replay", "immediate", "GET", f"/api/v1/secure/agents/{agent}/replays/latest")


def replay_api_present(app) -> bool:
    return any(rule.rule.endswith("/replays") for rule in app.url_map.iter_rules())


class Traffic:
    """The comments typed (comment id -> when) and the webhook answers timed."""

    def __init__(self, product: Product, posts: dict):
        self.product, self.posts = product, posts
        self.admin = AdminClient(product.sandbox_url)
        self.web = HttpClient("127.0.0.1", product.web_port)
        self.typed: dict[str, float] = {}
        self.page_of: dict[str, str] = {}
        self.warm_up: set[str] = set()  # typed before the measure: known (not stray), not counted
        self.webhook_seconds: list[float] = []
        self.webhook_statuses: defaultdict = defaultdict(int)
        self.type_errors = 0
        self.fans = itertools.count(6_120_934_700_000_000)
        self.lock = threading.Lock()

    def type_comment(self, number: int) -> None:
        name = PAGES[number % 2]
        fan = {"id": str(next(self.fans)), "name": f"Fan {number}"}
        message = PRICE_QUESTIONS[number % len(PRICE_QUESTIONS)]
        try:
            comment = self.admin.comment(self.posts[name], message, author=fan)
        except (AssertionError, requests.RequestException):
            self.type_errors += 1
            return
        with self.lock:
            self.typed[comment["id"]] = time.time()
            self.page_of[comment["id"]] = name
        if number % 2 == 0:
            self.deliver_copy(comment["id"], self.posts[name], message, fan)

    def type_burst(self, number: int, size: int) -> None:
        if number:  # the first one would coincide with the start
            for index in range(size):
                self.type_comment(10**6 + number * size + index)

    def deliver_copy(self, comment_id: str, post_id: str, message: str, fan: dict) -> None:
        """The signed delivery Meta would send for this comment, POSTed straight to the web process and timed."""
        now = int(time.time())
        comment = {"id": comment_id, "from": fan, "message": message, "created_time": now, "parent_id": None}
        post = {"id": post_id, "picture": None, "created_time": now}
        page_id = post_id.split("_")[0]
        change = facebook_change(comment, post, self.product.sandbox_url)
        raw = body_bytes({"object": "page", "entry": [{"id": page_id, "time": now, "changes": [change]}]})
        headers = signature_headers(raw, self.product.settings["META_APP_SECRET"])
        started = time.perf_counter()
        try:
            status, _ = self.web.request("POST", "/api/v1/webhooks/meta", raw, headers)
        except OSError:
            status = 0
        with self.lock:
            self.webhook_seconds.append(time.perf_counter() - started)
            self.webhook_statuses[status] += 1


def every(seconds: float, stop: threading.Event, action, name: str) -> threading.Thread:
    """Runs action(n) every `seconds` (n counting from 0) on its own thread until `stop` is set."""
    def loop():
        started = time.monotonic()
        for number in itertools.count():
            if stop.wait(max(0.0, started + number * seconds - time.monotonic())):
                return
            try:
                action(number)
            except Exception as error:  # a load thread must outlive one failed call; the error is printed
                print(f"{name}: {type(error).__name__}: {error}", flush=True)
    thread = threading.Thread(target=loop, name=name, daemon=True)
    thread.start()
    return thread


def strike(product: Product, admin: AdminClient, number: int, pages: dict) -> str:
    """The next fault in turn; returns what happened."""
    fault = FAULTS[number % len(FAULTS)]
    if fault == "worker SIGKILL":
        product.kill_worker()
        product.start_worker()
    elif fault == "Redis SIGKILL + restart":
        product.broker.crash()
        product.broker.start()
    elif fault == "database connections terminated":
        fault += f" ({product.terminate_connections()} connections)"
    elif fault == "Graph 5xx storm":
        admin.fault("server_error")
        time.sleep(GRAPH_FAULT_SECONDS)
        admin.clear_faults()
        fault += f" ({GRAPH_FAULT_SECONDS:.0f} s, every call)"
    else:
        admin.fault("rate_limit", scope=pages["delayed"].external_id, code=32)
        time.sleep(GRAPH_FAULT_SECONDS)
        admin.clear_faults()
        fault += f" (#32 on the delayed page for {GRAPH_FAULT_SECONDS:.0f} s)"
    return fault


def drain(traffic: Traffic, seconds: float) -> float:
    """Wait until every typed comment has its three effects, or `seconds`; returns the time waited."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if not tally(traffic.admin.effects(), traffic.typed).lost_total:
            break
        time.sleep(2.0)
    return time.monotonic() - started


def memory_report(samples: list[tuple[float, dict[str, int]]]) -> list[str]:
    names = sorted({name for _, sample in samples for name in sample})
    lines, third = [], max(1, len(samples) // 3)
    minutes = [int((at - samples[0][0]) // 60) for at, _ in samples]
    minute_marks = [sample for index, sample in enumerate(samples) if not index or minutes[index] != minutes[index - 1]]
    for name in names:
        series = [sample.get(name, 0) for _, sample in samples]
        first, last = _mean(series[:third]), _mean(series[-third:])
        growth = last / first if first else 0.0
        flag = "  GROWING" if growth > GROWTH_FLAG else ""
        timeline = " ".join(f"{sample.get(name, 0) / 2**20:.0f}" for _, sample in minute_marks)
        lines.append(f"memory {name}: peak {max(series) / 2**20:.0f} MiB, first third {first / 2**20:.0f} MiB, last "
                     f"third {last / 2**20:.0f} MiB (x{growth:.2f}){flag}; per minute (MiB): {timeline}")
    return lines


def _mean(values: list[int]) -> float:
    values = [value for value in values if value]
    return sum(values) / len(values) if values else 0.0


def main(argv=None) -> int:
    args = parse_arguments(argv)
    print("load average before start: " + " ".join(f"{value:.2f}" for value in psutil.getloadavg()), flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="soak-"))
    product = Product(scratch)
    status = 1
    try:
        product.start()
        status = run(args, product)
    finally:
        product.stop()
        if status:
            print(f"the started processes' logs are kept in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return status


def run(args: argparse.Namespace, product: Product) -> int:
    from flask_jwt_extended import create_access_token

    from app import create_app

    app = create_app(dict(product.settings))
    pages, posts = open_pages(AdminClient(product.sandbox_url), dict(app.config), product.web_url, PAGE_SHAPES)
    agents = {name: session.query(Agent.id).filter_by(page_id=page.id).scalar() for name, page in pages.items()}
    with app.app_context():
        tokens = {name: create_access_token(identity=str(page.owner_id)) for name, page in pages.items()}
    traffic, owner = Traffic(product, posts), Owners(product, pages, posts, agents, tokens)
    for page in PAGES:
        owner.train(page)  # trained through the product, as an owner's wizard does, before going live
    replays = not args.no_replays and replay_api_present(app)
    if not args.no_replays and not replays:
        print("NOTICE: replays skipped: this build has no replay API (/api/v1/secure/agents/<id>/replays)")

    for number in range(4):  # each pool process builds the agents' matchers once
        traffic.type_comment(number)
    if drain(traffic, 120) >= 120:
        raise SystemExit("the product never answered its first comments")
    traffic.warm_up = set(traffic.typed)

    stop, started, events = threading.Event(), time.time(), []
    threads = [every(1 / args.rate, stop, traffic.type_comment, "steady comments"),
               every(args.burst_every, stop, lambda n: traffic.type_burst(n, args.burst), "bursts"),
               every(1 / args.reads_per_second, stop, owner.read, "dashboard reads"),
               every(args.edit_every, stop, lambda _n: owner.edit(), "edits")]
    if replays:
        threads.append(every(args.replay_every, stop, lambda _n: owner.replay(), "replays"))
    samples: list[tuple[float, dict[str, int]]] = []
    threads.append(every(MEMORY_EVERY, stop, lambda _n: samples.append((time.time(), product.memory())), "memory"))
    admin = AdminClient(product.sandbox_url)
    end = started + args.minutes * 60
    for number in itertools.count():
        next_fault = started + (number + 1) * args.fault_every * 60
        if next_fault >= end:
            break
        time.sleep(max(0.0, next_fault - time.time()))
        what = strike(product, admin, number, pages)
        events.append((time.time() - started, what))
        print(f"{time.time() - started:7.1f} s  fault: {what}", flush=True)
    time.sleep(max(0.0, end - time.time()))
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    waited = drain(traffic, args.drain_seconds)
    samples.append((time.time(), product.memory()))
    return 0 if report(args, traffic, owner, events, samples, waited, replays) else 1


def log_errors(scratch: Path) -> list[str]:
    """Per log file: how many exceptions and warnings the process wrote, and the three most frequent (numbers cut)."""
    lines = []
    for path in sorted(scratch.glob("*.log")):
        text_lines = path.read_text(errors="replace").splitlines()
        problems = [line for line in text_lines if EXCEPTION_LINE.match(line) or "WARNING/" in line or "ERROR/" in line]
        if problems:
            shapes = Counter(re.sub(r"\d+", "N", line.split("] ", 1)[-1])[:160] for line in problems)
            lines.append(f"log {path.stem}: {len(problems)} exception or warning lines; most frequent: "
                         + " | ".join(f"({count}x) {shape}" for shape, count in shapes.most_common(3)))
    return lines


def measured(traffic: Traffic) -> list[str]:
    return [comment_id for comment_id in traffic.typed if comment_id not in traffic.warm_up]


def why_lost(comment_ids: list[str]) -> list[str]:
    """The product's own account of what it did not send: actions by kind, state and error."""
    session.rollback()
    rows = session.execute(text("SELECT kind, state, left(coalesce(error, ''), 90), count(*) FROM planned_actions "
                                "WHERE comment_id = ANY(:ids) AND state <> 'done' GROUP BY 1, 2, 3 ORDER BY 4 DESC"),
                           {"ids": comment_ids}).all()
    return [f"unsent: {count} x {kind} {state} {error}" for kind, state, error, count in rows[:10]]


def report(args, traffic: Traffic, owner: Owners, events: list, samples: list, waited: float, replays: bool) -> bool:
    """Prints the figures; True when nothing was lost or duplicated."""
    comment_ids = measured(traffic)
    counted = tally(traffic.admin.effects(), comment_ids, typed=traffic.typed)
    waits = {"immediate": [], "delayed": []}
    for comment_id in comment_ids:
        if comment_id in counted.replied_at:
            waits[traffic.page_of[comment_id]].append(counted.replied_at[comment_id] - traffic.typed[comment_id])
    replies_out = len(counted.replied_at)
    print(f"setup: {psutil.cpu_count()} cores, load average now "
          + " ".join(f"{value:.2f}" for value in psutil.getloadavg())
          + f"; {args.minutes:g} min at {args.rate:g} comments/s with {args.burst} every {args.burst_every:g} s; "
            f"a fault every {args.fault_every:g} min ({len(events)} faults)")
    print(f"events in: {len(comment_ids)} comments typed (type errors {traffic.type_errors}), "
          f"{len(traffic.webhook_seconds)} duplicate webhooks POSTed (statuses {dict(traffic.webhook_statuses)})")
    for kind, statuses in owner.statuses.items():
        print(f"owner {kind}: {dict(statuses)}")
    if not replays:
        print("owner replay: skipped (see the notice above)")
    print(f"replies out: {replies_out} private replies; drain after the traffic {waited:.0f} s")
    print(f"lost {counted.lost_total} {dict(counted.lost)}, duplicated {counted.duplicated_total} "
          f"{dict(counted.duplicated)}, stray effects {counted.stray}")
    print(f"webhook answer p50 {percentile(traffic.webhook_seconds, 0.5) * 1000:.0f} ms p99 "
          f"{percentile(traffic.webhook_seconds, 0.99) * 1000:.0f} ms; dashboard read p99 "
          f"{percentile(owner.read_seconds, 0.99) * 1000:.0f} ms")
    for name, values in waits.items():
        print(f"typed-to-private-reply ({name} page) p50 {percentile(values, 0.5):.1f} s p99 "
              f"{percentile(values, 0.99):.1f} s max {max(values, default=0):.1f} s")
    for line in memory_report(samples) + log_errors(traffic.product.scratch):
        print(line)
    if counted.lost_total and traffic.product.database_url.startswith("postgresql"):
        for line in why_lost(comment_ids):
            print(line)
    print(f"SUMMARY soak {args.minutes:g} min: in {len(comment_ids)} out {replies_out} lost {counted.lost_total} "
          f"duplicated {counted.duplicated_total} | webhook p99 {percentile(traffic.webhook_seconds, 0.99) * 1000:.0f}"
          f" ms | typed-to-reply p99 {percentile(waits['immediate'], 0.99):.1f} s (immediate) "
          f"{percentile(waits['delayed'], 0.99):.1f} s (delayed 3 s)")
    return not counted.lost_total and not counted.duplicated_total


if __name__ == "__main__":
    sys.exit(main())
