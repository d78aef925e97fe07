"""Starts the real product processes for the browser tests, the way the run command does: the sandbox
(`python -m sandbox`) and the web process (gunicorn) on free ports, after `python -m app migrate`."""
from __future__ import annotations

import itertools
import os
import random
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import requests

from app.database import init_engine, session
from tests.fixtures import locks

REPO = Path(__file__).resolve().parents[2]
FRONTEND = REPO / "frontend"
VENV_BIN = Path(sys.executable).parent
STARTUP_SECONDS = 60


@dataclass
class Product:
    web_url: str
    sandbox_url: str
    env: dict = field(default_factory=dict)  # the product's environment, for `python -m app` commands

    def run_app(self, *args: str) -> str:
        """Runs `python -m app ARGS` against the product's database; its output, or RuntimeError when it fails."""
        return run_app_command(self.env, *args)

    def grant_plan(self, network_user_id: str, plan_name: str) -> None:
        """Gives a signed-up user a plan for a month as `python -m app plans grant` does (the same `grants.grant`;
        tests/unit/test_plans_command.py runs the command itself), from this process on the product's database: the
        command started Python and imported the app for each grant, 44 of them a run, 1.6 s of CPU each on a slow
        machine."""
        from app.services.billing import grants

        with bound_to(self.env["DATABASE_URL"]):
            grants.grant(network_user_id, plan_name)


# The ports the suite's servers listen on: below Linux's ephemeral range (32768-60999, where bind(0) and every
# outgoing connection take theirs), in a block of each xdist worker's own. A port taken by bind(0) and freed for the
# server to bind was once handed to another worker's server in between: the second server could not bind, the first
# answered for it until its module ended, and the second module's tests met a refused connection.
FIRST_PORT, PORTS_A_WORKER = 20_000, 2_000
_handed_out = itertools.count(random.randrange(PORTS_A_WORKER))  # two suites run at once start apart


def free_port() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = FIRST_PORT + int(worker) * PORTS_A_WORKER if worker.isdigit() else FIRST_PORT
    for _ in range(PORTS_A_WORKER):
        port = first + next(_handed_out) % PORTS_A_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:  # still in use (a server of this worker, a connection waiting to close)
                continue
            return port
    raise RuntimeError(f"no free port from {first} to {first + PORTS_A_WORKER - 1}")


def product_environment(workdir: Path, sandbox_port: int, web_port: int) -> dict:
    return {
        **os.environ,
        "APP_ENV": "test",
        "DATABASE_URL": f"sqlite:///{workdir / 'e2e.db'}",
        "GRAPH_API_URL": f"http://127.0.0.1:{sandbox_port}",
        "LOGIN_DIALOG_URL": f"http://127.0.0.1:{sandbox_port}/dialog/oauth",
        "PUBLIC_URL": f"http://127.0.0.1:{web_port}",
        # The card checkout and the currency rates are the sandbox's too (docs/card-gateway.md).
        "GATEWAY_URL": f"http://127.0.0.1:{sandbox_port}/gateway/Validation_paiement.php",
        "CURRENCY_RATES_URL": f"http://127.0.0.1:{sandbox_port}/rates/TND",
        "FRONTEND_DIST": str(FRONTEND / "dist"),
        # Its own keys in the shared Redis, and no login throttle to run out across runs: the browser tests sign
        # in many times from one address (the throttle has its own tests).
        "CELERY_KEY_PREFIX": f"e2e-{os.getpid()}-{workdir.name}:",  # one product's tasks never reach another's
        "LOGIN_RATE_LIMIT": "10000 per minute",
        "CONTACT_RATE_LIMIT": "10000 per minute",
    }


def migrate(env: dict) -> None:
    result = subprocess.run([str(VENV_BIN / "python"), "-m", "app", "migrate"], cwd=REPO, env=env,
                            capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError(f"migrate failed:\n{result.stdout}{result.stderr}")


@contextmanager
def bound_to(database_url: str):
    """This process's session on another database for a moment, then on its own again."""
    own = session.session_factory.kw.get("bind")
    init_engine(database_url)
    try:
        yield
    finally:
        session.remove()
        session.configure(bind=own)


def run_app_command(env: dict, *args: str) -> str:
    result = subprocess.run([str(VENV_BIN / "python"), "-m", "app", *args], cwd=REPO, env=env,
                            capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError(f"python -m app {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def start(command: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    with open(log_path, "wb") as log:
        return subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_until_answering(url: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} exited with {process.returncode}:\n{log_path.read_text()[-3000:]}")
        try:
            if requests.get(url, timeout=2).status_code < 500:
                return
        except (requests.ConnectionError, requests.Timeout):
            # A read timeout too: gunicorn's socket accepts before its worker has booted the app.
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {STARTUP_SECONDS} s:\n{log_path.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def stop_group(process: subprocess.Popen) -> None:
    """Stops a process started with start_new_session=True and its children (a Celery worker's pool, a mail sink)."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _newest_source_mtime() -> float:
    sources = [FRONTEND / name for name in ("index.html", "package.json", "package-lock.json", "vite.config.js")]
    for folder in ("src", "public"):
        sources.extend(path for path in (FRONTEND / folder).rglob("*") if path.is_file())
    return max(path.stat().st_mtime for path in sources)


def build_frontend_if_stale() -> None:
    """Builds frontend/dist once when it is missing or older than the sources. Under a lock: the processes of a
    parallel run (pytest -n) would otherwise build into the same folder at once."""
    with locks.held(REPO / "var" / "frontend-build.lock"):
        built = FRONTEND / "dist" / "index.html"
        if built.is_file() and built.stat().st_mtime >= _newest_source_mtime():
            return
        if not (FRONTEND / "node_modules").is_dir():
            subprocess.run(["npm", "ci"], cwd=FRONTEND, check=True)
        subprocess.run(["npm", "run", "build"], cwd=FRONTEND, check=True)
