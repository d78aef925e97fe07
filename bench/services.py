"""The processes a benchmark starts (sandbox, web, worker, beat) and always stops, plus a throwaway database.

Each process runs in its own session with its output in a log file, so a benchmark can stop the whole group
and point at the log when something does not come up.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil
import redis
import requests

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN_URL = os.environ.get("BENCH_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Service:
    """One started process group: its command, its log file, and a clean stop."""

    def __init__(self, name: str, command: list[str], env: dict, log_dir: Path):
        self.name, self.command = name, command
        self.log_path = log_dir / f"{name}.log"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def alive(self) -> bool:
        return self.process.poll() is None

    def cpu_seconds(self) -> float:
        """User + system CPU of the process and its children (the prefork pool, gunicorn's worker)."""
        try:
            root = psutil.Process(self.process.pid)
            return pids_cpu_seconds([root.pid, *(child.pid for child in root.children(recursive=True))])
        except psutil.NoSuchProcess:
            return 0.0

    def kill(self) -> None:
        """SIGKILL the whole process group: a crash, nothing saved, nothing handed back."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self, grace: float = 10.0) -> None:
        if not self.alive():
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


class RedisServer:
    """A redis-server of the run's own (append-only file on, as in production) that a fault can crash and start
    again on the same port and directory."""

    def __init__(self, directory: Path):
        self.directory, self.port = directory, free_port()
        self.service: Service | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.service = Service("redis", ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
                                         str(self.directory), "--appendonly", "yes", "--save", "",
                                         "--maxmemory-policy", "noeviction"], {}, self.directory)
        client = redis.Redis(port=self.port, socket_timeout=2)
        wait_for(lambda: _pings(client), "redis-server", services=(self.service,))

    def crash_and_restart(self) -> None:
        self.service.kill()
        self.start()

    def stop(self) -> None:
        if self.service:
            self.service.stop()


def _pings(client) -> bool:
    try:
        return client.ping()
    except (redis.BusyLoadingError, redis.ConnectionError):  # still reading its append-only file, or not up yet
        return False


def pids_cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of the given processes (some may have gone: they count for nothing)."""
    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def python_service(name: str, arguments: list[str], env: dict, log_dir: Path, niceness: int = 0) -> Service:
    """`niceness` as the Procfile's `nice -n`: nice execs Python, so the process and its pid stay the service's."""
    return Service(name, [*(["nice", "-n", str(niceness)] if niceness else []), sys.executable, *arguments], env,
                   log_dir)


def wait_for(condition, what: str, timeout: float = 60.0, services: tuple[Service, ...] = ()) -> None:
    """Poll until `condition()` is true; fail early with the log's path when a service died meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for service in services:
            if not service.alive():
                raise SystemExit(f"{service.name} exited while waiting for {what}; see {service.log_path}")
        try:
            if condition():
                return
        except (requests.RequestException, OSError):
            pass
        time.sleep(0.1)
    raise SystemExit(f"timed out waiting for {what}")


def answers(url: str) -> bool:
    return requests.get(url, timeout=2).status_code < 500


def fresh_database(name: str, scratch: Path) -> str:
    """A newly created PostgreSQL database when a server answers on 127.0.0.1:5432, else an SQLite file."""
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=2) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {name}")
    except Exception as error:  # any failure to reach PostgreSQL means: use SQLite
        print(f"PostgreSQL not available ({type(error).__name__}); using SQLite")
        return f"sqlite:///{scratch / (name + '.db')}"
    return PG_ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://") + f"/{name}"


def drop_database(url: str, name: str) -> None:
    if not url.startswith("postgresql"):
        return
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=2) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
