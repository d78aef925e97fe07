"""Browser-test fixtures: the frontend built once, the real product processes (sandbox + web) on free ports, per
module or shared by the modules that can share them, and headless Debian Chromium driven by Playwright, one fresh
browser context per test."""
from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.e2e.browser import CHROMIUM_ARGS, chromium_executable, new_context
from tests.e2e.product import (
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
    """The product's SQLite database as `python -m app migrate` leaves it, made once a run: each product starts from
    a copy, as fresh as migrating again and seconds quicker."""
    workdir = tmp_path_factory.mktemp("e2e-migrated")
    env = product_environment(workdir, free_port(), free_port())
    migrate(env)
    return Path(env["DATABASE_URL"].removeprefix("sqlite:///"))


class Launched:
    """The sandbox (demo scenario) and the web process started on free ports over a fresh copy of the migrated
    database, answering or not yet."""

    def __init__(self, tmp_path_factory, migrated_database: Path):
        self.workdir = tmp_path_factory.mktemp("e2e")
        sandbox_port, web_port = free_port(), free_port()
        self.env = product_environment(self.workdir, sandbox_port, web_port)
        shutil.copyfile(migrated_database, self.env["DATABASE_URL"].removeprefix("sqlite:///"))
        self.sandbox_url, self.web_url = f"http://127.0.0.1:{sandbox_port}", f"http://127.0.0.1:{web_port}"
        self.sandbox = start([str(VENV_BIN / "python"), "-m", "sandbox", "--port", str(sandbox_port),
                              "--scenario", "demo"], self.env, self.workdir / "sandbox.log")
        self.web = start([str(VENV_BIN / "gunicorn"), "-b", f"127.0.0.1:{web_port}", "app:create_app()"],
                         self.env, self.workdir / "web.log")

    def ready(self) -> Product:
        wait_until_answering(f"{self.sandbox_url}/", self.sandbox, self.workdir / "sandbox.log")
        wait_until_answering(f"{self.web_url}/api/v1/config", self.web, self.workdir / "web.log")
        return Product(web_url=self.web_url, sandbox_url=self.sandbox_url, env=self.env)

    def stop(self) -> None:
        stop(self.web)
        stop(self.sandbox)
        forget_keys(self.env.get("REDIS_URL", "redis://127.0.0.1:6379/0"), self.env["CELERY_KEY_PREFIX"])


@pytest.fixture(scope="session")
def spare_products():
    """The product the next module of this process will take, started while the current module's tests run: its
    seconds of start-up overlap the browser's waits instead of adding to them."""
    spares: list[Launched] = []
    yield spares
    for spare in spares:
        spare.stop()


@contextmanager
def running_product(tmp_path_factory, migrated_database: Path, spares: list[Launched]):
    build_frontend_if_stale()
    launched = spares.pop() if spares else Launched(tmp_path_factory, migrated_database)
    spares.append(Launched(tmp_path_factory, migrated_database))
    try:
        yield launched.ready()
    finally:
        launched.stop()


@pytest.fixture(scope="session")
def shared_product(tmp_path_factory, migrated_database, spare_products):
    """One product for the modules that say SHARES_PRODUCT = True: they only visit, sign the demo users in and out
    and send contact forms, so none of them depends on what another left (no page connected, no plan, no payment)."""
    with running_product(tmp_path_factory, migrated_database, spare_products) as product:
        yield product


# One product per test module, started from a fresh database and sandbox: a module's tests may connect the demo
# users' pages, grant plans or pay, and no other module's tests may depend on what they left. A module that does
# none of that may share one (SHARES_PRODUCT = True): each product started costs seconds.
@pytest.fixture(scope="module")
def product(request, tmp_path_factory, migrated_database, spare_products):
    if getattr(request.module, "SHARES_PRODUCT", False):
        yield request.getfixturevalue("shared_product")
        return
    with running_product(tmp_path_factory, migrated_database, spare_products) as product:
        yield product


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
