"""The team screen (/home/team) and the invitation flow in a browser (spec 000 §2 "Team screen", §4 "Invitation
flow", §5 "Team", §6, §8, §9): the owner's table, an invitation by name with its link cut at 33 characters, the copy
and its 1.5 s message, the mail sent (2.5 s toast) and read from a mail sink fed by a real mail worker, the invited
member opening the mailed link, signing in and seeing the page as invited; the picker of the owner's other teams,
removing a member but never the owner, the cannot-see and choose-a-page messages; at 1280 px and 375 px, in English
and French, with no horizontal overflow and no CSP violation. Screenshots of each state go to screens/ and
/tmp/screens/.

Set-up goes through the API with the demo users' sandbox tokens (Amira owns the pages, Karim is invited); the
owner's plan is granted with `python -m app plans grant`, as an operator would."""
from __future__ import annotations

import email
import json
import os
import shutil
import signal
import subprocess
import time
from email import policy
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.product import REPO, VENV_BIN, free_port
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401  (screens_dir is a fixture)
from tests.e2e.test_session import LANDING_TITLE_EN

AMIRA_ID, AMIRA_TOKEN = "7345098700000001", "EAAUdemoAmiraBenSalah0001"
KARIM_ID, KARIM_TOKEN = "7345098700000002", "EAAUdemoKarimTrabelsi0002"
PLAN = "Agencies"
MAIL_WAIT_SECONDS = 30


# --- the product, through its API --------------------------------------------------------------------------

def api_login(product, network_token: str, invitation: str | None = None) -> dict:
    answer = requests.post(product.web_url + "/api/v1/auth/login/facebook",
                           json={"token": network_token, "tokenMemberShip": invitation}, timeout=10)
    assert answer.ok, answer.text
    return answer.json()


def api(product, jwt: str, method: str, path: str, **kwargs):
    answer = requests.request(method, product.web_url + "/api/v1/secure" + path,
                              headers={"Authorization": f"Bearer {jwt}"}, timeout=10, **kwargs)
    assert answer.ok, f"{method} {path}: {answer.status_code} {answer.text}"
    return answer.json()


def pages_of(product, jwt: str) -> dict[str, dict]:
    """Every facebook page the user sees, by name, each with its group as `status`."""
    groups = api(product, jwt, "GET", "/pages/get/all/")
    return {page["name"]: page for pages in groups.values() for page in pages}


def connected_page(product, jwt: str, name: str) -> dict:
    """The page `name` connected by the signed-in user (connected now when it is not yet)."""
    page = pages_of(product, jwt)[name]
    if page["status"] != "listPageConnectedOwner":
        assert api(product, jwt, "POST", "/pages/connect/", json={"id": page["id"]}) is True
        page = pages_of(product, jwt)[name]
    assert page["status"] == "listPageConnectedOwner"
    return page


def selected(page: dict) -> dict:
    """The page as the dashboard stores it (spec 000 §3 "Selected page")."""
    return {"platform": page.get("platform") or "facebook", "name": page["name"], "picture_url": page.get("picture"),
            "id": page.get("idPage") or page["id"], "accessToken": None, "team": page.get("user", []),
            "admins": page.get("admins", []), "status": page["status"]}


def team_of(product, jwt: str, page: dict) -> list[dict]:
    return api(product, jwt, "GET", f"/membership/listUser/{page['id']}/facebook")


def remove_from_team(product, jwt: str, page: dict, network_id: str) -> None:
    if any(member["idFacebook"] == network_id for member in team_of(product, jwt, page)):
        api(product, jwt, "POST", "/membership/deleteMember/invited_member",
            json={"idFacebook": network_id, "idPage": page["id"], "typePage": "facebook"})


def join_by_api(product, owner_jwt: str, page: dict, who_token: str, name: str) -> None:
    """A fresh invitation of `page`, accepted by a login with it (the member's own browser is not needed)."""
    invitation = api(product, owner_jwt, "GET", f"/membership/get/{page['id']}/facebook/{name}")
    assert "tokenPage" in invitation, invitation
    assert api_login(product, who_token, invitation["tokenPage"])["invitation"] == "accepted"


@pytest.fixture
def amira(product) -> dict:
    """Amira signed in (API), on a plan with seats, owning Maison Jasmin with Karim not on its team."""
    session = api_login(product, AMIRA_TOKEN)
    product.run_app("plans", "grant", AMIRA_ID, PLAN)
    jasmin = connected_page(product, session["token"], "Maison Jasmin")
    for page in pages_of(product, session["token"]).values():
        if page["status"] == "listPageConnectedOwner":
            remove_from_team(product, session["token"], page, KARIM_ID)
    return {**session, "jasmin": jasmin}


# --- the browser -------------------------------------------------------------------------------------------

def open_signed_in(tab: Page, product, session: dict, page: dict | None, path: str = "/home/team",
                   lang: str = "en") -> None:
    """Opens `path` with the session stored as the app stores it (`state`), `page` selected."""
    tab.goto(product.web_url + "/politique-de-confidentialite")
    state = {"session": {"state": {"token": session["token"], "user": session["user"], "tokenMembership": None,
                                   "selectedPage": selected(page) if page else None}, "version": 0}}
    tab.evaluate("""([state, lang]) => {
        localStorage.clear()
        localStorage.setItem('state', JSON.stringify(state))
        localStorage.setItem('authtoken', state.session.state.token)
        localStorage.setItem('modoLang', lang)
        localStorage.setItem('hasvisited', 'true')  // no plan-expiry toast over the screenshots
    }""", [state, lang])
    tab.goto(product.web_url + path)


def snap(tab: Page, screens_dir: Path, name: str, full_page: bool = True) -> None:
    """shoot(), with the toasts of other screens (a plan's expiry notice) closed first, so none hides the team."""
    for close in tab.locator(".mantine-Notification-root .mantine-CloseButton-root").all():
        close.click()
    expect(tab.locator(".mantine-Notification-root")).to_have_count(0)
    shoot(tab, screens_dir, name, full_page)


def assert_no_overflow(tab: Page) -> None:
    widths = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]}px wide in a {widths[1]}px window"


def dialog_fits(tab: Page) -> None:
    box = tab.get_by_role("dialog").bounding_box()
    width = tab.evaluate("window.innerWidth")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"the dialog at {box} in {width}px"


def okay_alert(tab: Page, text: str, okay: str = "Okay") -> None:
    alert = tab.get_by_role("alertdialog")
    expect(alert).to_contain_text(text)
    alert.get_by_role("button", name=okay).click()
    expect(tab.get_by_role("alertdialog")).to_have_count(0)


# --- a mail sink and a mail worker, for the mailed link --------------------------------------------------------

@pytest.fixture(scope="module")
def mailbox(product, tmp_path_factory):
    """`python -m app mailsink` on a free port and a Celery worker of the `mail` queue sending to it, both with the
    product's environment (the web process only queues mails); yields the sink's folder of .eml files."""
    folder = tmp_path_factory.mktemp("mail")
    env = {**product.env, "SMTP_URL": f"smtp://127.0.0.1:{free_port()}"}
    sink = subprocess.Popen([str(VENV_BIN / "python"), "-m", "app", "mailsink", "--dir", str(folder)], cwd=REPO,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    worker = subprocess.Popen([str(VENV_BIN / "python"), "-m", "celery", "-A", "workers.celery_app", "worker",
                               "-Q", "mail", "-P", "solo", "-c", "1", "--without-gossip", "--without-mingle",
                               "--without-heartbeat", "-l", "WARNING", "-n", f"e2e-mail-{os.getpid()}@%h"],
                              cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        yield folder
    finally:
        for process in (worker, sink):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def mail_to(folder: Path, address: str) -> email.message.EmailMessage:
    deadline = time.monotonic() + MAIL_WAIT_SECONDS
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            if message["To"] == address:
                return message
        time.sleep(0.3)
    raise AssertionError(f"no mail to {address} in {MAIL_WAIT_SECONDS} s")


# --- the tests ---------------------------------------------------------------------------------------------

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
    body = mail.get_content()
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


def test_owner_adds_a_member_of_another_team_and_removes_him_but_not_herself_in_french(page: Page, product, amira,
                                                                                      screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    join_by_api(product, amira["token"], amira["jasmin"], KARIM_TOKEN, "Karim")
    sneakers = connected_page(product, amira["token"], "Sfax Sneakers")
    remove_from_team(product, amira["token"], sneakers, KARIM_ID)

    open_signed_in(page, product, amira, sneakers, lang="fr")
    expect(page.get_by_role("heading", name="Équipe", exact=True)).to_be_visible()
    page.get_by_label("Nom du membre").fill("karim")
    page.get_by_role("button", name="Générer l'invitation").click()
    picker = page.get_by_role("dialog", name="Membres de vos autres équipes")
    expect(picker).to_be_visible()
    choice = picker.get_by_label("Karim Trabelsi")
    picker.get_by_role("button", name="Ajouter à l'équipe").click()
    expect(picker.get_by_text("Sélectionnez un membre de l'équipe pour l'inviter.")).to_be_visible()
    choice.check()
    expect(choice).to_be_checked()
    expect(picker.get_by_text("Sélectionnez un membre de l'équipe pour l'inviter.")).to_have_count(0)
    choice.click()
    expect(choice).not_to_be_checked()
    choice.check()
    dialog_fits(page)
    shoot(page, screens_dir, "team-picker-desktop-fr", full_page=False)
    picker.get_by_role("button", name="Ajouter à l'équipe").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    karim_row = page.locator("tr", has_text="Karim Trabelsi")
    expect(karim_row).to_contain_text("Membre invité")
    assert any(m["idFacebook"] == KARIM_ID for m in team_of(product, amira["token"], sneakers))
    assert_no_overflow(page)
    snap(page, screens_dir, "team-owner-desktop-fr")

    page.get_by_role("button", name="Retirer Amira Ben Salah").click()
    okay_alert(page, "Vous ne pouvez pas supprimer le propriétaire", okay="D'accord")

    page.get_by_role("button", name="Retirer Karim Trabelsi").click()
    confirm = page.get_by_role("dialog", name="Retirer un membre")
    expect(confirm).to_contain_text("Retirer Karim Trabelsi de l'équipe de cette page ?")
    shoot(page, screens_dir, "team-remove-confirm-desktop-fr", full_page=False)
    confirm.get_by_role("button", name="Retirer").click()
    expect(karim_row).to_have_count(0)
    removed = page.locator(".mantine-Notification-root", has_text="Karim Trabelsi a été retiré de l'équipe")
    expect(removed).to_be_visible()
    expect(page.locator("tr[data-role=owner]")).to_have_count(1)
    assert all(m["idFacebook"] != KARIM_ID for m in team_of(product, amira["token"], sneakers))
    assert console.violations() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_team_screen_fits_a_phone(mobile_page: Page, product, amira, screens_dir, lang):  # noqa: F811
    tab = mobile_page
    join_by_api(product, amira["token"], amira["jasmin"], KARIM_TOKEN, "Karim")
    open_signed_in(tab, product, amira, amira["jasmin"], lang=lang)
    expect(tab.locator("tr[data-role=owner]")).to_be_visible()
    expect(tab.locator("tr", has_text="Karim Trabelsi")).to_be_visible()
    assert_no_overflow(tab)
    snap(tab, screens_dir, f"team-owner-mobile-{lang}")

    tab.get_by_label("Member name" if lang == "en" else "Nom du membre").fill("Someone New")
    tab.get_by_role("button", name="Generate the invitation" if lang == "en" else "Générer l'invitation").click()
    modal = tab.get_by_role("dialog")
    expect(modal.locator("code")).to_be_visible(timeout=5000)
    assert modal.locator("code").evaluate("el => el.scrollWidth <= el.clientWidth"), "the link's 33 characters are cut"
    dialog_fits(tab)
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"team-invite-modal-mobile-{lang}", full_page=False)
    modal.get_by_role("button", name="Copy" if lang == "en" else "Copier").click()
    expect(modal.get_by_role("button", name="Copied!" if lang == "en" else "Copié !")).to_be_visible()
    shoot(tab, screens_dir, f"team-invite-copied-mobile-{lang}", full_page=False)
    modal.get_by_role("button", name="Close" if lang == "en" else "Fermer").click()

    tab.get_by_role("button", name=f"{'Remove' if lang == 'en' else 'Retirer'} Karim Trabelsi").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    dialog_fits(tab)
    shoot(tab, screens_dir, f"team-remove-confirm-mobile-{lang}", full_page=False)


@pytest.mark.parametrize("width", ["desktop", "mobile"])
def test_no_selected_page_and_a_team_one_is_not_on(request, product, amira, screens_dir, width):  # noqa: F811
    tab = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    karim = api_login(product, KARIM_TOKEN)
    for lang, choose, cannot in (("en", "Choose a page on My pages first", "Sorry ! You can't see this team"),
                                 ("fr", "Choisissez d'abord une page dans Mes pages",
                                  "Désolé ! Vous ne pouvez pas voir cette équipe")):
        open_signed_in(tab, product, karim, None, lang=lang)
        expect(tab.get_by_text(choose)).to_be_visible()
        expect(tab.get_by_role("link", name="Go to My pages" if lang == "en" else "Aller à Mes pages")).to_be_visible()
        assert_no_overflow(tab)
        snap(tab, screens_dir, f"team-no-page-{width}-{lang}")

        # Maison Jasmin is Amira's and Karim is not on its team.
        open_signed_in(tab, product, karim, {**amira["jasmin"], "status": "listPageInvite"}, lang=lang)
        expect(tab.get_by_text(cannot)).to_be_visible()
        expect(tab.get_by_role("table")).to_have_count(0)
        assert_no_overflow(tab)
        snap(tab, screens_dir, f"team-cannot-see-{width}-{lang}")
