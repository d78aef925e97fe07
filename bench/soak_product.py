"""The product the soak (bench/soak.py) runs and breaks: sandbox, gunicorn, a prefork worker and beat as
subprocesses, a Redis of its own and a fresh PostgreSQL database, with what the faults need (kill the worker,
terminate the database's connections) and each process's resident memory for the growth report."""
from __future__ import annotations

import itertools
import os
import signal
from pathlib import Path

import psutil
from sqlalchemy import text

from app import queue
from app.config import load_settings
from app.database import init_engine, session
from bench import services
from tests.workers.test_recovery import RedisServer

DATABASE_NAME = f"autoreply_soak_{os.getpid()}"


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
        self._run("beat", ["-m", "workers", "beat", "-l", "WARNING",
                           "-s", str(self.scratch / "beat-schedule")])
        services.wait_for(lambda: services.answers(f"{self.sandbox_url}/__admin/faults"), "the sandbox",
                          services=(self.services["sandbox"],))
        services.wait_for(lambda: services.answers(f"{self.web_url}/api/v1/config"), "the web process",
                          services=(self.services["web"],))

    def start_worker(self) -> None:
        # Each start logs to its own file, so the killed worker's last lines are kept.
        self._run("worker", ["-m", "workers", "worker", "-P", "prefork", "-c", "2",
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
