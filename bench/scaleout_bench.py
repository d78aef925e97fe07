"""Scale-out across hosts: the same comment load answered by Celery workers on 1, 2 and 4 separate hosts (network
namespaces with their own addresses, bench/hosts.py) sharing one PostgreSQL, one Redis, the web process and the
sandbox, which listen on the bridge's address in the root namespace.

Run as root: .venv/bin/python bench/scaleout_bench.py [--hosts 1,2,4 --comments N --rate R --graph-latency-ms L]
(see bench/README.md). Prints, per host count, throughput and webhook->private reply p99, the replies each host
sent (read from each host's own metrics exporter), and the sandbox's CPU, to show it was not the bottleneck; then
what each comment cost the shared database and Redis and how long it held the one serial section
(bench/scaleout_costs.py), and the speed-up Amdahl's law predicts from that with a core per host.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
import redis  # noqa: E402
import requests  # noqa: E402
from sqlalchemy import text  # noqa: E402

from app import queue  # noqa: E402
from app.celery_factory import make_celery  # noqa: E402
from app.config import load_settings  # noqa: E402
from app.database import init_engine, session  # noqa: E402
from bench import scaleout_costs, services  # noqa: E402
from bench.hosts import ROOT_ADDRESS, HostNetwork, host_address  # noqa: E402
from bench.phases import measure_pipeline, warm_up  # noqa: E402
from bench.shop import open_shop  # noqa: E402

DATABASE_NAME = "autoreply_scaleout"
POSTGRES_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), Path("/usr/bin"))
WORKER_METRICS_PORT = 9808


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hosts", default="1,2,4", help="worker host counts to measure, in order")
    parser.add_argument("--concurrency", type=int, default=2, help="prefork children per worker host")
    # Posted faster than 4 hosts answer, so that the hosts bound the rate measured: at 160/s the posting did (4 hosts
    # answered 141.9/s, x3.20; at 320/s the same code gave x3.51).
    parser.add_argument("--comments", type=int, default=1600, help="comments posted per host count")
    parser.add_argument("--rate", type=float, default=320.0, help="comments per second")
    parser.add_argument("--graph-latency-ms", type=int, default=40,
                        help="the sandbox answers every Graph call this much later (Meta's are slower still)")
    parser.add_argument("--client-threads", type=int, default=16, help="threads posting the comments")
    parser.add_argument("--drain-seconds", type=float, default=120.0,
                        help="longest wait for the backlog after sending (also ends after 15 s without progress)")
    return parser.parse_args(argv)


class SharedServices:
    """PostgreSQL, Redis, the sandbox, the web process and beat of the benchmark's own, on the bridge's address."""

    def __init__(self, scratch: Path):
        self.scratch, self.started = scratch, []
        self.sandbox_host = ROOT_ADDRESS  # where bench/phases.py posts the comments
        self.pg_port, self.redis_port = services.free_port(), services.free_port()
        self.sandbox_port, self.web_port = services.free_port(), services.free_port()
        self.pg_data = scratch / "pg"
        self.database_url = f"postgresql+psycopg://postgres@{ROOT_ADDRESS}:{self.pg_port}/{DATABASE_NAME}"
        self.sandbox_url = f"http://{ROOT_ADDRESS}:{self.sandbox_port}"
        self.web_url = f"http://{ROOT_ADDRESS}:{self.web_port}"
        self.env = {"APP_ENV": "development", "DATABASE_URL": self.database_url,
                    "REDIS_URL": f"redis://{ROOT_ADDRESS}:{self.redis_port}/0", "GRAPH_API_URL": self.sandbox_url,
                    "PUBLIC_URL": self.web_url, "LOGIN_DIALOG_URL": f"{self.sandbox_url}/dialog/oauth",
                    "LOG_LEVEL": "WARNING"}
        self.settings = load_settings(self.env)
        self.redis = redis.Redis.from_url(self.env["REDIS_URL"])

    def start(self) -> None:
        self._start_postgres()
        self.started.append(services.Service("redis", [
            "redis-server", "--bind", ROOT_ADDRESS, "--port", str(self.redis_port), "--dir", str(self.scratch),
            "--protected-mode", "no", "--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy",
            "noeviction", "--save", ""],
            {}, self.scratch))
        services.wait_for(self._redis_answers, "Redis", services=tuple(self.started))
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], self.env, self.scratch)
        if migrate.process.wait(timeout=180) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        init_engine(self.database_url)
        sandbox = self._run("sandbox", ["-m", "sandbox", "--host", ROOT_ADDRESS, "--port", str(self.sandbox_port),
                                        "--scenario", "empty"])
        web = self._run("web", ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", "gthread", "--threads", "4",
                                "-b", f"{ROOT_ADDRESS}:{self.web_port}", "--backlog", "2048"])
        self._run("beat", ["-m", "workers", "beat", "-l", "WARNING",
                           "-s", str(self.scratch / "beat-schedule")])
        services.wait_for(lambda: services.answers(f"{self.sandbox_url}/__admin/faults"), "the sandbox",
                          services=(sandbox,))
        services.wait_for(lambda: services.answers(f"{self.web_url}/healthz"), "the web process", services=(web,))

    def _start_postgres(self) -> None:
        """A cluster of its own, listening on the bridge (the machine's PostgreSQL listens on 127.0.0.1 only)."""
        self.scratch.chmod(0o755)
        self.pg_data.mkdir()
        shutil.chown(self.pg_data, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
        subprocess.run([*as_postgres, str(POSTGRES_BIN / "initdb"), "-D", str(self.pg_data), "-A", "trust",
                        "-U", "postgres", "-E", "UTF8", "--no-sync"], check=True, stdout=subprocess.DEVNULL)
        with open(self.pg_data / "pg_hba.conf", "a") as rules:  # the worker hosts connect over the bridge
            rules.write(f"host all all {ROOT_ADDRESS}/24 trust\n")
        options = (f"-c listen_addresses={ROOT_ADDRESS} -p {self.pg_port} -c unix_socket_directories={self.pg_data}"
                   " -c max_connections=200" + scaleout_costs.PG_OPTIONS)
        subprocess.run([*as_postgres, str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.pg_data), "-o", options, "-l",
                        str(self.pg_data / "server.log"), "-w", "start"], check=True, stdout=subprocess.DEVNULL)
        import psycopg

        with psycopg.connect(f"postgresql://postgres@{ROOT_ADDRESS}:{self.pg_port}/postgres",
                             autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {DATABASE_NAME}")

    def _redis_answers(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:  # not listening yet
            return False

    def _run(self, name: str, arguments: list[str]) -> services.Service:
        service = services.python_service(name, arguments, self.env, self.scratch)
        self.started.append(service)
        return service

    def cpu_seconds(self) -> dict[str, float]:
        """What bench/phases.py reads around a phase: the shared processes, the workers, PostgreSQL's backends."""
        cpu = {service.name: service.cpu_seconds() for service in self.started}
        session.rollback()
        backends = list(session.scalars(text("SELECT pid FROM pg_stat_activity")))
        own = psutil.Process().cpu_times()
        return {**cpu, "postgres": services.pids_cpu_seconds(backends), "bench client": own.user + own.system}

    def stop(self) -> None:
        for service in reversed(self.started):
            service.stop()
        session.remove()
        if (self.pg_data / "postmaster.pid").exists():
            subprocess.run(["runuser", "-u", "postgres", "--", str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.pg_data),
                            "-m", "immediate", "stop"], check=False, stdout=subprocess.DEVNULL)


class WorkerHosts:
    """N Celery workers, each in its own namespace, each serving its processes' metrics on its own address."""

    def __init__(self, shared: SharedServices, network: HostNetwork, count: int, concurrency: int):
        self.shared, self.network, self.count = shared, network, count
        self.workers: list[services.Service] = []
        for index in range(1, count + 1):
            metrics_dir = shared.scratch / f"metrics-{count}-{index}"
            shutil.rmtree(metrics_dir, ignore_errors=True)
            metrics_dir.mkdir()
            env = {**shared.env, "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
                   "METRICS_PORT": str(WORKER_METRICS_PORT), "METRICS_ADDRESS": host_address(index)}
            command = network.command(index, [sys.executable, "-m", "workers", "worker",
                                              "-P", "prefork", "-c", str(concurrency), "-Q", ",".join(queue.QUEUES),
                                              "--without-gossip", "--without-mingle", "--without-heartbeat",
                                              "-l", "WARNING", "-n", f"host{index}@%h"])
            self.workers.append(services.Service(f"worker-host{index}", command, env, shared.scratch))

    def wait_ready(self) -> None:
        control = make_celery(self.shared.settings).control
        services.wait_for(lambda: len(control.ping(timeout=1.0) or []) >= self.count,
                          f"{self.count} worker hosts", timeout=120, services=tuple(self.workers))

    def replies_by_host(self) -> list[float]:
        """Private replies each host sent, from its own exporter (over the bridge, as Prometheus would read it)."""
        found = []
        for index in range(1, self.count + 1):
            exposition = requests.get(f"http://{host_address(index)}:{WORKER_METRICS_PORT}/metrics", timeout=5).text
            line = next((line for line in exposition.splitlines()
                         if line.startswith('autoreply_actions_sent_total{kind="private_reply"}')), None)
            found.append(float(line.rsplit(" ", 1)[1]) if line else 0.0)
        return found

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()


def measure(shared: SharedServices, network: HostNetwork, shop, args, count: int) -> dict:
    hosts = WorkerHosts(shared, network, count, args.concurrency)
    shared.started.extend(hosts.workers)  # counted in cpu_seconds(), stopped with the rest on any failure
    costs = scaleout_costs.Costs(shared.database_url, shared.redis)
    try:
        hosts.wait_ready()
        warm_up(shop, comments=20 * count)
        costs.start()
        pipeline = measure_pipeline(shared, shop, args)
        pipeline["costs"] = costs.stop(pipeline["posted"])
        pipeline["by_host"] = hosts.replies_by_host()
    finally:
        hosts.stop()
        for worker in hosts.workers:
            shared.started.remove(worker)
    window = pipeline["posted"] / pipeline["per_second"] if pipeline["per_second"] else 0.0
    pipeline["sandbox_cores"] = pipeline["cpu_ms_per_comment"]["sandbox"] * pipeline["posted"] / 1000 / window \
        if window else 0.0
    return pipeline


def report(args, count: int, result: dict) -> None:
    by_host = " ".join(f"{int(value)}" for value in result["by_host"])
    print(f"{count} worker host(s) x prefork -c {args.concurrency}: {result['posted']} comments at {args.rate:.0f}/s, "
          f"processed {result['per_second']:.1f} comments/s, webhook->private reply p50 {result['p50'] * 1000:.0f} ms "
          f"p99 {result['p99'] * 1000:.0f} ms, lost {result['lost']} duplicated {result['duplicated']}; "
          f"private replies per host (warm-up included) {by_host}; sandbox CPU {result['sandbox_cores']:.2f} core; "
          f"load average {psutil.getloadavg()[0]:.1f}", flush=True)
    cpu = result["cpu_ms_per_comment"]
    workers = sum(ms for name, ms in cpu.items() if name.startswith("worker-host"))
    print(f"  CPU ms per comment: workers {workers:.1f}, postgres {cpu['postgres']:.1f}, web {cpu['web']:.1f}, "
          f"sandbox {cpu['sandbox']:.1f}, redis {cpu['redis']:.1f}, beat {cpu['beat']:.1f}", flush=True)
    print(scaleout_costs.report(result["costs"]), flush=True)


def main(argv=None) -> int:
    args = parse_arguments(argv)
    counts = [int(part) for part in args.hosts.split(",")]
    if os.geteuid() != 0:
        raise SystemExit("run as root: the benchmark creates network namespaces")
    # SIGTERM ends the run through the finally blocks below, so the namespaces are always removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    print("load average before start: " + " ".join(f"{value:.2f}" for value in psutil.getloadavg()), flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="scaleout-bench-"))
    network, shared = HostNetwork(max(counts)), SharedServices(scratch)
    results = []
    try:
        network.create()
        shared.start()
        scaleout_costs.Costs(shared.database_url, shared.redis).prepare()
        shop = open_shop(shared.settings, shared.sandbox_url, shared.web_url)
        if args.graph_latency_ms:
            shop.admin.fault("slow", delay_ms=args.graph_latency_ms)  # every Graph call, until the end
        for count in counts:
            results.append((count, measure(shared, network, shop, args, count)))
            report(args, *results[-1])
    except BaseException:
        print(f"the started processes' logs are kept in {scratch}")
        raise
    finally:
        shared.stop()
        network.remove()
    summary = " | ".join(f"{count} host(s) {result['per_second']:.1f}/s p99={result['p99'] * 1000:.0f}ms"
                         for count, result in results)
    print(f"SUMMARY scale-out, Graph latency {args.graph_latency_ms} ms: {summary}")
    if results and results[0][0] == 1:
        one = results[0][1]
        print(scaleout_costs.amdahl(one["per_second"], one["costs"]["serial_ms"]))
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
