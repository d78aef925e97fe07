"""Browser-test fixtures: the frontend built once, the real product processes (sandbox + web) on free ports, made
fresh for each test module, and headless Debian Chromium driven by Playwright, one fresh browser context per test."""
from __future__ import annotations

import signal
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import sync_playwright

from app.config import DEFAULTS
from tests.e2e.browser import CHROMIUM_ARGS, chromium_executable, new_context
from tests.e2e.product import (
    STARTUP_SECONDS,
    VENV_BIN,
    Product,
    build_frontend_if_stale,
    free_port,
    migrate,
    product_environment,
    start,
    stop,
    wait_until_answering,
)
from tests.fixtures.live_web import forget_keys


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """The product's SQLite database as `python -m app migrate` leaves it, made once a run: each module's product
    starts from a copy, as fresh as migrating again and seconds quicker."""
    workdir = tmp_path_factory.mktemp("e2e-migrated")
    env = product_environment(workdir, free_port(), free_port())
    migrate(env)
    return Path(env["DATABASE_URL"].removeprefix("sqlite:///"))


class Launched:
    """The sandbox (demo scenario) and the web process started on free ports over a copy of the migrated database,
    taken by one test module after another, each given it as fresh as if it had just been started (`renew`)."""

    def __init__(self, tmp_path_factory, migrated_database: Path):
        self.migrated_database = migrated_database
        self.workdir = tmp_path_factory.mktemp("e2e")
        sandbox_port, web_port = free_port(), free_port()
        self.env = product_environment(self.workdir, sandbox_port, web_port)
        self.database = Path(self.env["DATABASE_URL"].removeprefix("sqlite:///"))
        restore_database(migrated_database, self.database)
        self.product = Product(web_url=f"http://127.0.0.1:{web_port}", sandbox_url=f"http://127.0.0.1:{sandbox_port}",
                               env=self.env)
        self.sandbox = start([str(VENV_BIN / "python"), "-m", "sandbox", "--port", str(sandbox_port),
                              "--scenario", "demo"], self.env, self.workdir / "sandbox.log")
        # Preloaded: gunicorn builds the app once, in its master, and forks each new worker from it (`renew`).
        self.web = start([str(VENV_BIN / "gunicorn"), "--preload", "-b", f"127.0.0.1:{web_port}", "app:create_app()"],
                         self.env, self.workdir / "web.log")
        self.taken = False
        self.wait_until_answering()

    def take(self) -> Product:
        if self.taken:
            self.renew()
        self.taken = True
        return self.product

    def renew(self) -> None:
        """What a module's tests left is gone, as with a product started again, in a fraction of the CPU a start
        costs (3 s, the web process's 2 of it building the app): each process gets a new worker (nothing of the
        last worker's memory: the web's caches, the sandbox's world and gateway, its webhook deliveries in flight),
        the database is the migrated copy again and the product's Redis keys are forgotten."""
        replace_workers([self.web, self.sandbox])
        restore_database(self.migrated_database, self.database)
        self.forget_keys()
        self.wait_until_answering()

    def wait_until_answering(self) -> None:
        wait_until_answering(f"{self.product.sandbox_url}/", self.sandbox, self.workdir / "sandbox.log")
        wait_until_answering(f"{self.product.web_url}/api/v1/config", self.web, self.workdir / "web.log")

    def stop(self) -> None:
        stop(self.web)
        stop(self.sandbox)
        self.forget_keys()

    @property
    def redis_url(self) -> str:
        """The Redis the product's processes use: the suite's, or the app's default (app/config.py)."""
        return self.env.get("REDIS_URL", DEFAULTS["REDIS_URL"])

    def forget_keys(self) -> None:
        forget_keys(self.redis_url, self.env["CELERY_KEY_PREFIX"])


def replace_workers(masters: list[subprocess.Popen]) -> None:
    """gunicorn starts new workers on SIGHUP and lets the old ones finish what they serve: returns once they are
    gone. The web's new worker is forked from the app its master preloaded; the sandbox's (not preloaded) builds its
    world again from the scenario."""
    old = [worker for master in masters for worker in psutil.Process(master.pid).children()]
    for master in masters:
        master.send_signal(signal.SIGHUP)
    _, alive = psutil.wait_procs(old, timeout=STARTUP_SECONDS)
    if alive:
        raise RuntimeError(f"gunicorn workers {[worker.pid for worker in alive]} did not stop after SIGHUP")


def restore_database(migrated: Path, database: Path) -> None:
    """The migrated copy written to the product's database, at start and over it at each renewal, through SQLite's
    backup (its write-ahead log and any connection still open read the copy, as a file copied over them might not)."""
    with closing(sqlite3.connect(migrated)) as source, closing(sqlite3.connect(database)) as target:
        source.backup(target)


@pytest.fixture(scope="session")
def launched_product(tmp_path_factory, migrated_database):
    """This pytest process's product, started for its first browser module and renewed for each one after."""
    build_frontend_if_stale()
    launched = Launched(tmp_path_factory, migrated_database)
    yield launched
    launched.stop()


# Each test module starts from a fresh database, sandbox and web process: a module's tests may connect the demo
# users' pages, grant plans or pay, and no other module's tests may depend on what they left.
@pytest.fixture(scope="module")
def product(launched_product):
    return launched_product.take()


@pytest.fixture(scope="session")
def browser():
    executable = chromium_executable()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _tab(browser, width: int, height: int):
    context = new_context(browser, viewport={"width": width, "height": height})
    yield context.new_page()
    context.close()


@pytest.fixture
def page(browser, product):
    yield from _tab(browser, 1280, 800)


@pytest.fixture
def mobile_page(browser, product):
    yield from _tab(browser, 375, 740)
