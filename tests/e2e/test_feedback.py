"""The feedback widgets in a browser (Mantine's Modal and notifications, under the app's Content-Security-Policy):
the blocking alert of a wrong newsletter e-mail closed by Okay, and the toast of a session the server no longer
accepts, shown for 5 s. Screenshots go to the session's screens/ dir and /tmp/screens/."""
from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir: the shared fixture)

SESSION_ENDED = "Your session has ended, please log in again."
NEWSLETTER_SENT = "Your contact request has been sent successfully"


def open_home(page: Page, product) -> None:
    """The home page once its lazily loaded content is in: until then the footer sits higher, and a click aimed at
    its Subscribe button as the content arrived landed on the content (twice in CI, no alert and no toast)."""
    page.goto(product.web_url + "/")
    expect(page.get_by_role("heading", name="Answer every comment, automatically")).to_be_visible()


def test_wrong_newsletter_address_shows_the_blocking_alert(mobile_page: Page, product, screens_dir):
    page = mobile_page
    console = ConsoleWatch(page)
    open_home(page, product)
    page.get_by_label("Newsletter").fill("not-an-address")
    page.get_by_role("button", name="Subscribe").click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Please enter a valid e-mail address")
    expect(page.get_by_role("button", name="Okay")).to_be_focused()
    box = alert.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    shoot(page, screens_dir, "feedback-alert-mobile", full_page=False)
    page.keyboard.press("Escape")  # a blocking alert: only Okay closes it
    expect(alert).to_be_visible()
    page.get_by_role("button", name="Okay").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert console.violations() == []


def test_a_newsletter_sign_up_is_stored_and_thanked(mobile_page: Page, product, screens_dir):
    page = mobile_page
    console = ConsoleWatch(page)
    open_home(page, product)
    page.get_by_label("Newsletter").fill("fan@example.tn")
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_role("status").filter(has_text=NEWSLETTER_SENT)).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    shoot(page, screens_dir, "feedback-newsletter-sent-mobile", full_page=False)
    assert console.violations() == []


def test_a_refused_session_signs_out_with_a_toast_for_five_seconds(page: Page, product, screens_dir):
    console = ConsoleWatch(page)
    # A stored session whose token the server does not accept (as once it has expired): no login needed,
    # and none spent against the login throttle.
    page.goto(product.web_url + "/")
    page.evaluate("""() => localStorage.setItem('state', JSON.stringify({ session: { version: 0, state: {
        token: 'no-longer-valid', tokenMembership: null, selectedPage: null,
        user: { first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: null } } } }))""")
    # The dashboard asks the server for the connected pages at once: the refusal signs the visitor out.
    page.goto(product.web_url + "/home/dashboard")
    page.wait_for_url(product.web_url + "/")

    toast = page.get_by_role("alert").filter(has_text=SESSION_ENDED)
    expect(toast).to_be_visible()
    shoot(page, screens_dir, "feedback-toast-desktop", full_page=False)
    stored = json.loads(page.evaluate("localStorage.getItem('state') || '{}'"))
    assert stored.get("session", {}).get("state", {}).get("token") is None
    expect(toast).to_have_count(0, timeout=7000)
    assert console.violations() == []
