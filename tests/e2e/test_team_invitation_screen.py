"""The invitation flow in a browser (spec 000 §2 "Team screen", §4 "Invitation flow", §5 "Team", §8, §9): the owner's
table, an invitation by name with its link cut at 33 characters, the copy and its 1.5 s message, the mail sent (2.5 s
toast) and read from a mail sink fed by a real mail worker, the invited member opening the mailed link, signing in and
seeing the page as invited, the link single use; at 1280 px in English, with no horizontal overflow and no CSP
violation. Screenshots of each state go to screens/ and /tmp/screens/.

Set-up goes through the API with the demo users' sandbox tokens (tests/e2e/screens_support.py)."""
from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import time
from email import policy
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.product import REPO, VENV_BIN, free_port, stop_group
from tests.e2e.screens_support import (amira, assert_no_overflow, dialog_fits,  # noqa: F401 (amira: a fixture)
                                       okay_alert, open_signed_in, pages_of, snap)
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401  (screens_dir is a fixture)
from tests.e2e.test_session import LANDING_TITLE_EN

MAIL_WAIT_SECONDS = 30


# --- a mail sink and a mail worker, for the mailed link --------------------------------------------------------

@pytest.fixture(scope="module")
def mailbox(product, tmp_path_factory):
    """`python -m app mailsink` on a free port and a Celery worker of the `mail` queue sending to it, both with the
    product's environment (the web process only queues mails); yields the sink's folder of .eml files."""
    folder = tmp_path_factory.mktemp("mail")
    env = {**product.env, "SMTP_URL": f"smtp://127.0.0.1:{free_port()}"}
    sink = subprocess.Popen([str(VENV_BIN / "python"), "-m", "app", "mailsink", "--dir", str(folder)], cwd=REPO,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    worker = subprocess.Popen([str(VENV_BIN / "python"), "-m", "workers", "worker",
                               "-Q", "mail", "-P", "solo", "-c", "1", "--without-gossip", "--without-mingle",
                               "--without-heartbeat", "-l", "WARNING", "-n", f"e2e-mail-{os.getpid()}@%h"],
                              cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        yield folder
    finally:
        for process in (worker, sink):
            stop_group(process)


def mail_to(folder: Path, address: str) -> email.message.EmailMessage:
    deadline = time.monotonic() + MAIL_WAIT_SECONDS
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            if message["To"] == address:
                return message
        time.sleep(0.3)
    raise AssertionError(f"no mail to {address} in {MAIL_WAIT_SECONDS} s")


def test_owner_invites_by_mail_and_the_member_joins_from_the_mailed_link(page: Page, product, amira, mailbox,
                                                                        screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    open_signed_in(page, product, amira, amira["jasmin"])
    expect(page.get_by_role("heading", name="Team", exact=True)).to_be_visible()
    expect(page.get_by_text("Members of Maison Jasmin")).to_be_visible()
    owner_row = page.locator("tr[data-role=owner]")
    expect(owner_row).to_contain_text("Owner")
    assert owner_row.locator(".team__name").evaluate("el => getComputedStyle(el).textTransform") == "uppercase"
    assert owner_row.evaluate("el => getComputedStyle(el).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    expect(page.get_by_role("row")).to_have_count(2)  # the header and the owner
    assert_no_overflow(page)
    snap(page, screens_dir, "team-owner-desktop-en")

    name = page.get_by_label("Member name")
    name.fill("Ka")
    page.get_by_role("button", name="Generate the invitation").click()
    okay_alert(page, "Please enter a valid name first !")

    name.fill("Karim Trabelsi")
    asked = time.monotonic()
    page.get_by_role("button", name="Generate the invitation").click()
    modal = page.get_by_role("dialog", name="Invitation link")
    expect(modal).to_be_visible(timeout=5000)
    assert time.monotonic() - asked >= 0.95, "the invite modal opens 1 s after the answer"
    link = modal.locator("code").get_attribute("title")
    assert link.startswith(product.web_url + "/") and len(link) > 33
    expect(modal.locator("code")).to_have_text(link[:33] + "…")
    expect(modal.get_by_text("The link works once and is valid for 24 hours.")).to_be_visible()
    dialog_fits(page)
    shoot(page, screens_dir, "team-invite-modal-desktop-en", full_page=False)

    copied_at = time.monotonic()
    modal.get_by_role("button", name="Copy").click()
    expect(modal.get_by_role("button", name="Copied!")).to_be_visible()
    expect(page.get_by_role("tooltip")).to_have_text("Copied!")
    shoot(page, screens_dir, "team-invite-copied-desktop-en", full_page=False)
    expect(modal.get_by_role("button", name="Copy")).to_be_visible(timeout=3000)
    assert 1.4 <= time.monotonic() - copied_at <= 3.0, "the copied message stays 1.5 s"

    modal.get_by_label("E-mail address").fill("karim@example")
    modal.get_by_role("button", name="Send the invitation").click()
    expect(modal.get_by_text("Invalid email")).to_be_visible()
    shoot(page, screens_dir, "team-invite-invalid-email-desktop-en", full_page=False)
    modal.get_by_label("E-mail address").fill("karim@example.com")
    modal.get_by_role("button", name="Send the invitation").click()
    toast = page.locator(".mantine-Notification-root", has_text="Invitation sent successfully")
    expect(toast).to_be_visible()
    shown_at = time.monotonic()
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.screenshot(path=str(screens_dir / "team-invite-sent-desktop-en.png"))  # at once: the toast goes soon
    shutil.copy(screens_dir / "team-invite-sent-desktop-en.png", "/tmp/screens/")
    expect(toast).to_have_count(0, timeout=5000)
    assert 2.0 <= time.monotonic() - shown_at <= 4.0, "the invitation toast stays 2.5 s"

    mail = mail_to(mailbox, "karim@example.com")
    assert "Maison Jasmin" in mail["Subject"]
    body = mail.get_body(("plain",)).get_content()  # HTML with a plain-text part (issue 42)
    assert "Hello Karim Trabelsi," in body and link in body

    # Karim opens the mailed link in his own browser, signs in, and joins the team.
    page.evaluate("localStorage.clear()")
    page.goto(link)
    expect(page.get_by_text("You have been invited to a team: sign in to join it.")).to_be_visible()
    expect(page.get_by_role("heading", name=LANDING_TITLE_EN)).to_be_visible()
    shoot(page, screens_dir, "membership-link-desktop-en")
    page.locator(".membership__invited").get_by_role("button", name="Login").click()
    page.locator("form.user", has_text="Karim").get_by_role("button").click()
    page.wait_for_url(product.web_url + "/home/dashboard")
    expect(page.locator(".mantine-Notification-root",
                        has_text="You have joined the team: its page is now among your pages.")).to_be_visible()
    shoot(page, screens_dir, "membership-joined-desktop-en", full_page=False)
    karim = json.loads(page.evaluate("localStorage.getItem('state')"))["session"]["state"]
    assert karim["tokenMembership"] is None
    as_invited = pages_of(product, karim["token"])["Maison Jasmin"]
    assert as_invited["status"] in ("listPageInvite", "listPageInviteAdmin")

    # The dashboard lists the page as invited; selected there, the side menu's Team shows its team as the invited
    # member sees it: the table, no invite form, no remove button.
    page.locator(".page-card[data-status^=listPageInvite]").get_by_role("button", name="Maison Jasmin").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('state')).session.state.selectedPage?.name"
                           " === 'Maison Jasmin'")
    page.get_by_role("link", name="Team", exact=True).click()
    page.wait_for_url(product.web_url + "/home/team")
    expect(page.locator("tr", has_text="Karim Trabelsi")).to_contain_text("Invited member")
    expect(page.locator("tr[data-role=owner]")).to_contain_text("Amira Ben Salah")
    expect(page.get_by_text("Only the owner of the page can invite or remove members.")).to_be_visible()
    expect(page.get_by_label("Member name")).to_have_count(0)
    expect(page.get_by_role("button", name="Remove")).to_have_count(0)
    snap(page, screens_dir, "team-as-member-desktop-en")

    # The link is single use.
    page.evaluate("localStorage.clear()")
    page.goto(link)
    page.locator(".membership__invited").get_by_role("button", name="Login").click()
    page.locator("form.user", has_text="Karim").get_by_role("button").click()
    page.wait_for_url(product.web_url + "/home/dashboard")
    expect(page.locator(".mantine-Notification-root",
                        has_text="This invitation link has already been used.")).to_be_visible()
    assert console.violations() == []
