"""The Content-Security-Policy seen from Chromium: the landing page, the API docs and the whole sign-in run
with no violation, and script injected into either page (an inline <script>, an inline event handler) does
not run. Screenshots of the landing and docs pages go to the test's tmp dir."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.e2e.test_session import LANDING_TITLE_EN, choose_first_demo_user

API_TITLE = "Comment auto-reply API"


class ConsoleWatch:
    """Every console message and page error of one tab. Chromium reports a CSP violation in the console as
    "Refused to ..." (older) or "... violates the following Content Security Policy directive ..." (newer)."""

    def __init__(self, page: Page):
        self.messages: list[str] = []
        page.on("console", lambda message: self.messages.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.messages.append(f"pageerror: {error}"))

    def violations(self) -> list[str]:
        return [text for text in self.messages if is_violation(text)]


def is_violation(text: str) -> bool:
    return "Refused to" in text or "Content Security Policy" in text


@pytest.fixture
def console(page: Page) -> ConsoleWatch:
    return ConsoleWatch(page)


def test_landing_page_renders_under_the_policy(page: Page, product, console, tmp_path):
    answer = page.goto(product.web_url + "/")
    assert "script-src 'self';" in answer.headers["content-security-policy"]
    expect(page.get_by_role("heading", name=LANDING_TITLE_EN)).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(tmp_path / "landing.png"), full_page=True)
    assert console.violations() == []


def test_docs_page_renders_swagger_ui_under_its_own_policy(page: Page, product, console, tmp_path):
    answer = page.goto(product.web_url + "/api/docs")
    policy = answer.headers["content-security-policy"]
    assert re.search(r"script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'", policy)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(API_TITLE)
    expect(page.locator(".opblock").first).to_be_visible()
    expect(page.locator(".opblock-summary-path", has_text="/api/v1/auth/login/facebook").first).to_be_visible()
    # "Try it out" calls the API from the page (connect-src) and highlights the answer.
    page.locator(".opblock-summary", has_text="/api/v1/config").click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".live-responses-table .response .response-col_status").first).to_have_text("200")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(tmp_path / "docs.png"), full_page=True)
    assert console.violations() == []


def test_sign_in_through_the_login_dialog_runs_under_the_policy(page: Page, product, console):
    page.goto(product.web_url + "/")
    page.get_by_role("button", name="Login", exact=True).click()
    page.wait_for_url(re.compile(re.escape(product.sandbox_url) + r"/dialog/oauth\?"))
    choose_first_demo_user(page)
    page.wait_for_url(product.web_url + "/home/dashboard")
    expect(page.get_by_role("heading", name="My pages")).to_be_visible()
    # The profile picture comes from the Graph API's origin (the sandbox, over http): img-src lets it in.
    picture = page.locator(".dashboard__user img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
    assert page.evaluate("localStorage.getItem('authtoken')")
    assert console.violations() == []


INLINE_SCRIPT = """() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injectedScript = true'
    document.body.appendChild(script)
}"""
INLINE_HANDLER = """() => document.body.insertAdjacentHTML('beforeend',
    '<img src="data:," onerror="window.__injectedHandler = true" alt="">')"""


def refused(kind: str):
    """Matches Chromium's console report of a refused inline script or event handler, in either wording."""
    return lambda message: is_violation(message.text) and f"inline {kind}" in message.text


@pytest.mark.parametrize("path", ["/", "/api/docs"])
def test_injected_inline_script_does_not_run(page: Page, product, console, path):
    page.goto(product.web_url + path)
    page.wait_for_load_state("networkidle")
    assert console.violations() == []

    with page.expect_console_message(refused("script")):
        page.evaluate(INLINE_SCRIPT)
    with page.expect_console_message(refused("event handler")):
        page.evaluate(INLINE_HANDLER)
    with pytest.raises(PlaywrightError, match="Content Security Policy"):
        page.add_script_tag(content="window.__injectedTag = true")

    ran = page.evaluate("[window.__injectedScript, window.__injectedHandler, window.__injectedTag]")
    assert ran == [None, None, None]
