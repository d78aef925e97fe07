"""Browser-test fixtures: the frontend built once, the real product processes (sandbox + web) on free ports,
and headless Debian Chromium driven by Playwright, one fresh browser context per test."""
from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

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

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def product(tmp_path_factory):
    build_frontend_if_stale()
    workdir = tmp_path_factory.mktemp("e2e")
    sandbox_port, web_port = free_port(), free_port()
    env = product_environment(workdir, sandbox_port, web_port)
    migrate(env)
    sandbox = start([str(VENV_BIN / "python"), "-m", "sandbox", "--port", str(sandbox_port), "--scenario", "demo"],
                    env, workdir / "sandbox.log")
    web = start([str(VENV_BIN / "gunicorn"), "-b", f"127.0.0.1:{web_port}", "app:create_app()"],
                env, workdir / "web.log")
    try:
        wait_until_answering(f"http://127.0.0.1:{sandbox_port}/", sandbox, workdir / "sandbox.log")
        wait_until_answering(f"http://127.0.0.1:{web_port}/api/v1/config", web, workdir / "web.log")
        yield Product(web_url=f"http://127.0.0.1:{web_port}", sandbox_url=f"http://127.0.0.1:{sandbox_port}")
    finally:
        stop(web)
        stop(sandbox)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _tab(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context.new_page()
    context.close()


@pytest.fixture
def page(browser, product):
    yield from _tab(browser, 1280, 800)


@pytest.fixture
def mobile_page(browser, product):
    yield from _tab(browser, 375, 740)
