"""End-to-end benchmark of the comment pipeline: the sandbox, one web process (gunicorn), one Celery worker
(prefork -c 2) and beat, as subprocesses on free ports against a throwaway database and Redis db 14. Measures the
signed webhook endpoint alone at a fixed rate, a Celery no-op drain through the same worker, then comments posted at
the sandbox up to their private replies (with --faults: under worker kills and a Redis crash, on a private Redis).

Run: .venv/bin/python bench/pipeline_bench.py [--comments N --rate R] [--faults] (see bench/README.md); the last
line printed is the summary. Goals (issues 5 and 23): webhook p99 < 50 ms at 500/s; 200 comments/s with p99 < 2 s;
throughput at least 0.3 of the no-op drain; the product's CPU at most 3 ms per comment; 0 lost, 0 duplicated;
under faults, reply overhead p99 < 10 s after the last fault and at most one repeated Graph call per fault.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import uuid
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
import redis  # noqa: E402
from sqlalchemy import select, text  # noqa: E402

from app import queue, redis_keys  # noqa: E402
from app.celery_factory import make_celery  # noqa: E402
from app.config import load_settings  # noqa: E402
from app.database import init_engine, session  # noqa: E402
from app.models import SocialPage  # noqa: E402
from bench import services  # noqa: E402
from bench.delays import measure_delays, open_delay_shops, report_delays  # noqa: E402
from bench.phases import measure_noop_drain, measure_pipeline, measure_webhook, warm_up  # noqa: E402
from bench.shop import open_shop  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/14"
CELERY_WORKER = ["-m", "workers", "worker", "--without-gossip", "--without-mingle",
                 "--without-heartbeat", "-l", "WARNING"]
# As the Procfile: the worker serves every queue but `actions`, which the dispatcher serves alone.
WORKER_ARGUMENTS = CELERY_WORKER + ["-P", "prefork", "-c", "2", "-Q",
                                    ",".join(name for name in queue.QUEUES if name != "actions")]
DISPATCHER_ARGUMENTS = CELERY_WORKER + ["-P", "prefork", "-c", "2", "-Q", "actions"]
# As the Procfile: the ingest worker runs below the dispatcher (workers/priority.py).
WORKER_NICENESS = 3
# The product's own processes, whose CPU per comment the goal counts (not the sandbox nor the load client).
PRODUCT_PROCESSES = ("web", "worker", "dispatcher", "beat", "postgres", "redis")
# Per run, so two runs side by side (or a test run) never drop each other's database or queues.
DATABASE_NAME = f"autoreply_bench_{os.getpid()}"
KEY_PREFIX = f"bench-{os.getpid()}:"


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--comments", type=int, default=3000, help="comments posted at the sandbox (phase b)")
    parser.add_argument("--rate", type=float, default=200.0, help="comments per second (phase b)")
    parser.add_argument("--webhook-rate", type=float, default=500.0, help="signed webhook POSTs per second (a)")
    parser.add_argument("--webhook-seconds", type=float, default=6.0, help="duration of phase a")
    parser.add_argument("--web-workers", default="gthread", choices=("gthread", "sync"),
                        help="gunicorn worker class of the single web process")
    parser.add_argument("--web-threads", type=int, default=4, help="threads of the gthread web process")
    parser.add_argument("--client-threads", type=int, default=32, help="threads sending the load")
    parser.add_argument("--noop-tasks", type=int, default=5000,
                        help="no-op Celery tasks drained by the same worker, the yardstick of the ratio (phase n)")
    parser.add_argument("--faults", action="store_true",
                        help="phase b under faults: the worker SIGKILLed (and restarted) four times, then Redis (a "
                             "private one, append-only file on) SIGKILLed and restarted; likes on")
    parser.add_argument("--delays", action="store_true",
                        help="instead of phases a, n and b: comments over three pages (immediate, exactly 3 s, "
                             "exactly 5 s + public reply), delayed replies' due-to-sent p99 (with --faults too)")
    parser.add_argument("--worker-nice", type=int, default=WORKER_NICENESS,
                        help="nice value of the ingest worker (the Procfile's; 0: the dispatcher's equal)")
    parser.add_argument("--drain-seconds", type=float, default=120.0,
                        help="longest wait for the backlog after sending (also ends after 15 s without progress)")
    return parser.parse_args(argv)


class Product:
    """The started processes and what the benchmark needs to reach them."""

    def __init__(self, args: argparse.Namespace, scratch: Path):
        self.scratch, self.started = scratch, []
        self.database_url = services.fresh_database(DATABASE_NAME, scratch)
        self.sandbox_port, self.web_port = services.free_port(), services.free_port()
        self.sandbox_url, self.web_url = (f"http://127.0.0.1:{self.sandbox_port}", f"http://127.0.0.1:{self.web_port}")
        # Faults crash Redis: then the broker is a redis-server of the run's own, never the shared one.
        self.broker = services.RedisServer(scratch / "redis") if args.faults else None
        redis_url = self.broker.url if self.broker else REDIS_URL
        self.env = {"APP_ENV": "development", "DATABASE_URL": self.database_url, "REDIS_URL": redis_url,
                    "CELERY_KEY_PREFIX": KEY_PREFIX,
                    "GRAPH_API_URL": self.sandbox_url, "PUBLIC_URL": self.web_url,
                    "LOGIN_DIALOG_URL": f"{self.sandbox_url}/dialog/oauth"}
        self.settings = load_settings(self.env)
        self.redis = redis.Redis.from_url(redis_url)
        self.args = args
        self.worker: services.Service | None = None

    def start(self) -> None:
        if self.broker:
            self.broker.start()
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], self.env, self.scratch)
        if migrate.process.wait(timeout=120) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        init_engine(self.database_url)
        sandbox = self._run("sandbox", ["-m", "sandbox", "--port", str(self.sandbox_port), "--scenario", "empty"])
        web = self._run("web", ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", self.args.web_workers,
                                "--threads", str(self.args.web_threads), "-b", f"127.0.0.1:{self.web_port}",
                                "--backlog", "2048"])
        worker = self.worker = self._run("worker", WORKER_ARGUMENTS, self.args.worker_nice)
        self._run("dispatcher", DISPATCHER_ARGUMENTS)
        self._run("beat", ["-m", "workers", "beat", "-l", "WARNING",
                           "-s", str(self.scratch / "beat-schedule")])
        services.wait_for(lambda: services.answers(f"{self.sandbox_url}/__admin/faults"), "the sandbox",
                          services=(sandbox,))
        services.wait_for(lambda: services.answers(f"{self.web_url}/api/v1/config"), "the web process",
                          services=(web,))
        self._wait_for_worker(worker)

    def _run(self, name: str, arguments: list[str], niceness: int = 0) -> services.Service:
        service = services.python_service(name, arguments, self.env, self.scratch, niceness)
        self.started.append(service)
        return service

    def _wait_for_worker(self, worker: services.Service) -> None:
        token = uuid.uuid4().hex
        make_celery(self.settings).send_task(queue.PING, args=[token], queue=queue.ROUTES[queue.PING])
        answer = redis_keys.PING_ANSWER.format(token=token)
        services.wait_for(lambda: self.redis.exists(answer), "the worker", services=(worker,))
        self.redis.delete(answer)

    def cpu_seconds(self) -> dict[str, float]:
        cpu = {service.name: service.cpu_seconds() for service in self.started}
        own = psutil.Process().cpu_times()
        return {**cpu, "postgres": services.pids_cpu_seconds(self._postgres_backends()),
                "redis": services.pids_cpu_seconds([self.redis.info("server")["process_id"]]),
                "bench client": own.user + own.system}

    def _postgres_backends(self) -> list[int]:
        """The server processes serving this benchmark's database (others' databases are not counted)."""
        if not self.database_url.startswith("postgresql"):
            return []
        session.rollback()
        return list(session.scalars(text("SELECT pid FROM pg_stat_activity WHERE datname = :name"),
                                    {"name": DATABASE_NAME}))

    def kill_worker(self) -> None:
        """SIGKILL the whole worker (main process and pool) and start a new one at once, as a supervisor would."""
        self.worker.kill()
        self.worker = self._run("worker", WORKER_ARGUMENTS, self.args.worker_nice)

    def stop(self) -> None:
        for service in reversed(self.started):
            service.stop()
        if self.broker:
            self.broker.stop()
        session.remove()
        if not self.broker:
            for key in self.redis.scan_iter(match=f"{KEY_PREFIX}*"):
                self.redis.delete(key)
        services.drop_database(self.database_url, DATABASE_NAME)


def _mean_drain(before: dict, after: dict) -> dict:
    """The no-op drain measured on each side of phase b: the machine's speed drifts within a run too."""
    per_second = (before["tasks"] + after["tasks"]) / (before["seconds"] + after["seconds"])
    cpu = {name: (before["cpu_ms_per_task"][name] + after["cpu_ms_per_task"][name]) / 2
           for name in before["cpu_ms_per_task"]}
    return {"tasks": before["tasks"], "seconds": (before["seconds"] + after["seconds"]) / 2,
            "per_second": per_second, "cpu_ms_per_task": cpu,
            "each": (before["per_second"], after["per_second"])}


def inject_faults(product: Product, seconds: float) -> list[tuple[float, str]]:
    """The outside check's faults over the sending time: the worker SIGKILLed four times (each time a new one
    starts at once), then Redis SIGKILLed and started again from its append-only file."""
    started, injected = time.time(), []
    for fraction, what in ((0.2, "worker"), (0.35, "worker"), (0.5, "worker"), (0.65, "worker"), (0.8, "redis")):
        time.sleep(max(0.0, started + fraction * seconds - time.time()))
        product.kill_worker() if what == "worker" else product.broker.crash_and_restart()
        injected.append((time.time(), what))
    return injected


def _like_comments(shop) -> None:
    page = session.scalars(select(SocialPage).where(SocialPage.external_id == shop.page_id)).one()
    page.likes_comment = True
    session.commit()


def report(args, product: Product, webhook: dict, noop: dict, pipeline: dict) -> None:
    ms = 1000
    web = f"gunicorn 1 process, {args.web_workers}" + (f" {args.web_threads} threads" if args.web_workers ==
                                                          "gthread" else "")
    print(f"setup: {web}; celery prefork -c 2 + beat; database {product.database_url.split(':')[0]}; "
          f"{psutil.cpu_count()} cores")
    print(f"(a) webhook: {webhook['count']} signed POSTs at {webhook['rate']:.0f}/s, errors {webhook['errors']}, "
          f"answer p50 {webhook['p50'] * ms:.1f} ms p99 {webhook['p99'] * ms:.1f} ms max {webhook['max'] * ms:.1f} ms"
          f", client start lag p99 {webhook['lag_p99'] * ms:.1f} ms")
    print("(a) CPU ms per webhook while sending: " + _per_process(webhook["cpu_ms_while_sending"]))
    print("(a) CPU ms per webhook, sending and ingesting: " + _per_process(webhook["cpu_ms_per_comment"]))
    ingested = webhook["ingested_per_second"]
    print(f"(a) those comments ingested (not matched, logged) at {ingested:.0f}/s" if ingested else
          "(a) the worker had not ingested every comment by the end of the drain")
    print(f"(n) no-op drain: {noop['tasks']} Celery tasks queued, drained by the same worker before and after (b) at "
          f"{noop['each'][0]:.0f} and {noop['each'][1]:.0f} tasks/s, {noop['per_second']:.0f}/s together; CPU ms per "
          f"task: " + _per_process(noop["cpu_ms_per_task"]))
    print(f"(b) pipeline: {pipeline['posted']} comments posted at {args.rate:.0f}/s (post errors "
          f"{pipeline['post_errors']}), all finished {pipeline['settled']}, webhook->private reply p50 "
          f"{pipeline['p50'] * ms:.0f} ms p99 {pipeline['p99'] * ms:.0f} ms max {pipeline['max'] * ms:.0f} ms")
    for why, count in pipeline["lost_why"].most_common(5):
        print(f"(b) unanswered: {count} x {why}")
    recovery = pipeline["recovery"]
    if recovery:
        print(f"(f) faults: {', '.join(recovery['faults'])}; {recovery['after_count']} comments posted after the last "
              f"one: reply p50 {recovery['after_p50'] * ms:.0f} ms p99 {recovery['after_p99'] * ms:.0f} ms; last "
              f"reply {recovery['settled_after_load']:.1f} s after the load ended")
        print(f"(f) repeated Graph calls by kind: {recovery['repeated_calls']}; private replies found sent by an "
              f"earlier attempt: {recovery['earlier_attempt']}; likes seen twice at the sandbox: "
              f"{recovery['likes_twice']} (CPU figures miss the killed processes)")
    cpu = pipeline["cpu_ms_per_comment"]
    print("(b) CPU ms per comment: " + _per_process(cpu))
    product_cpu = {name: cpu[name] for name in PRODUCT_PROCESSES}
    print(f"SUMMARY webhook p50={webhook['p50'] * ms:.1f}ms p99={webhook['p99'] * ms:.1f}ms "
          f"@{webhook['rate']:.0f}/s | processed {pipeline['per_second']:.1f} comments/s @{args.rate:.0f}/s, "
          f"no-op drain {noop['per_second']:.0f}/s, ratio {pipeline['per_second'] / noop['per_second']:.2f} | "
          f"webhook->reply p50={pipeline['p50'] * ms:.0f}ms p99={pipeline['p99'] * ms:.0f}ms | "
          f"product CPU {sum(product_cpu.values()):.2f} ms/comment ("
          + " ".join(f"{name}={value:.2f}" for name, value in product_cpu.items()) + ") | "
          f"lost={pipeline['lost']} duplicated={pipeline['duplicated']}")


def _per_process(cpu_ms: dict[str, float]) -> str:
    return ", ".join(f"{name} {value:.2f}" for name, value in cpu_ms.items())


def main(argv=None) -> int:
    args = parse_arguments(argv)
    print("load average before start: " + " ".join(f"{value:.2f}" for value in psutil.getloadavg()))
    scratch = Path(tempfile.mkdtemp(prefix="pipeline-bench-"))
    product = Product(args, scratch)
    try:
        product.start()
        if args.delays:
            return _run_delays(args, product)
        shop = open_shop(product.settings, product.sandbox_url, product.web_url)
        print(f"warm-up: {warm_up(shop):.1f} s until 20 first comments were answered (matchers built)")
        webhook = measure_webhook(product, shop, args)
        noop_before = measure_noop_drain(product, args.noop_tasks)
        if args.faults:
            _like_comments(shop)
        pipeline = measure_pipeline(product, shop, args, faults=partial(inject_faults, product) if args.faults
                                    else None)
        noop = _mean_drain(noop_before, measure_noop_drain(product, args.noop_tasks))
    except BaseException:
        print(f"the started processes' logs are kept in {scratch}")
        raise
    finally:
        product.stop()
    report(args, product, webhook, noop, pipeline)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


def _run_delays(args, product: Product) -> int:
    shops = open_delay_shops(product.settings, product.sandbox_url, product.web_url)
    print(f"warm-up: {warm_up(shops[0][1]):.1f} s until 20 first comments were answered (matchers built)")
    result = measure_delays(product, shops, args, faults=partial(inject_faults, product) if args.faults else None)
    print("load average after: " + " ".join(f"{value:.2f}" for value in psutil.getloadavg()))
    report_delays(args, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
