"""What the browser tests share: the demo users (Amira owns the pages, Karim is invited) signed in through the API with
their sandbox tokens, the product's API called with their sessions (their pages, connecting one, their teams, joining
one by an invitation), Amira on a plan with seats (granted as `python -m app plans grant` does), a
tab opened signed in with a page selected, and the checks every screen makes (no horizontal overflow, a dialog inside
the window, an alert read and closed, a screenshot with the toasts closed)."""
from __future__ import annotations

from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.test_layout_screens import shoot

AMIRA_ID, AMIRA_TOKEN = "7345098700000001", "EAAUdemoAmiraBenSalah0001"
KARIM_ID, KARIM_TOKEN = "7345098700000002", "EAAUdemoKarimTrabelsi0002"
PLAN = "Agencies"


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
    product.grant_plan(AMIRA_ID, PLAN)
    jasmin = connected_page(product, session["token"], "Maison Jasmin")
    for page in pages_of(product, session["token"]).values():
        if page["status"] == "listPageConnectedOwner":
            remove_from_team(product, session["token"], page, KARIM_ID)
    return {**session, "jasmin": jasmin}


# --- the browser -------------------------------------------------------------------------------------------

def open_signed_in(tab: Page, product, session: dict, page: dict | None, path: str = "/home/team",
                   lang: str = "en") -> None:
    """Opens `path` with the session stored as the app stores it (`state`), `page` selected."""
    # The storage is written from a document of the app's origin that is not the app (a file of its build), so the
    # app starts once, with it: started first on a public page for that, it was loaded twice for every opening.
    tab.goto(product.web_url + "/logo.svg")
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
    # Clicked in one go by the page's script: a toast whose time ran out closes itself, and one found then clicked
    # apart could be gone in between (the click then waited for it until it timed out, in a CI run).
    tab.evaluate("""() => document.querySelectorAll('.mantine-Notification-root .mantine-CloseButton-root')
        .forEach((close) => close.click())""")
    expect(tab.locator(".mantine-Notification-root")).to_have_count(0)
    shoot(tab, screens_dir, name, full_page)


def switch_on(container, name) -> None:
    """Turns a switch on as a person does. A forced check clicks where the input was measured: in a modal still
    opening on a loaded machine that point had moved, and the click missed ("Clicking the checkbox did not change its
    state"); unforced, the click waits until the switch stands still."""
    container.get_by_role("switch", name=name).check()


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
