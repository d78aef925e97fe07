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
process whose last third is well above its first). See bench/README.md ("Soak"). The processes it starts are
bench/soak_product.py, the comments and owners' calls bench/soak_traffic.py, the figures bench/soak_report.py.
"""
from __future__ import annotations

import argparse
import itertools
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

from app.database import session  # noqa: E402
from app.models import Agent  # noqa: E402
from bench.soak_product import Product  # noqa: E402
from bench.soak_report import report  # noqa: E402
from bench.soak_traffic import PAGE_SHAPES, PAGES, Owners, Traffic  # noqa: E402
from sandbox.admin_client import AdminClient  # noqa: E402
from tests.fixtures.answering_pages import open_pages  # noqa: E402
from tests.fixtures.effect_tally import tally  # noqa: E402

FAULTS = ("worker SIGKILL", "Redis SIGKILL + restart", "database connections terminated", "Graph 5xx storm",
          "Graph rate limit")
GRAPH_FAULT_SECONDS = 20.0
MEMORY_EVERY = 5.0


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


def replay_api_present(app) -> bool:
    return any(rule.rule.endswith("/replays") for rule in app.url_map.iter_rules())


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


if __name__ == "__main__":
    sys.exit(main())
