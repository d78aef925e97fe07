"""The session seen from a browser: sign in through the sandbox's login dialog, the dashboard, the language
switch, logout, and the guard of the signed-in area."""
import json
import re

from playwright.sync_api import Page, expect

LANDING_TITLE_EN = "Answer every comment, automatically"
LANDING_TITLE_FR = "Répondez à chaque commentaire, automatiquement"


def choose_first_demo_user(page: Page) -> str:
    """In the sandbox's login dialog, picks the first user; returns the name it showed."""
    choice = page.locator("form.user").first
    name = choice.locator(".name").inner_text().strip()
    choice.get_by_role("button").click()
    return name


def stored(page: Page, key: str):
    return page.evaluate("key => localStorage.getItem(key)", key)


def test_sign_in_see_dashboard_switch_to_french_and_log_out(page: Page, product):
    page.goto(product.web_url + "/")
    expect(page.get_by_role("heading", name=LANDING_TITLE_EN)).to_be_visible()

    page.get_by_role("button", name="Login", exact=True).click()
    page.wait_for_url(re.compile(re.escape(product.sandbox_url) + r"/dialog/oauth\?"))
    shown_name = choose_first_demo_user(page)
    page.wait_for_url(product.web_url + "/home/dashboard")

    session = json.loads(stored(page, "state"))["session"]["state"]
    user = session["user"]
    full_name = f"{user['first_name']} {user['last_name']}"
    assert user["first_name"] in shown_name
    expect(page.get_by_text(f"Welcome, {full_name}")).to_be_visible()
    expect(page.get_by_role("heading", name="My pages")).to_be_visible()
    picture = page.locator(".dashboard__user img")
    expect(picture).to_have_attribute("alt", full_name)
    expect(picture).to_have_attribute("src", user["profilePictureUrl"])
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
    assert stored(page, "authtoken") == session["token"]
    assert json.loads(stored(page, "userData")) == {"token": session["token"], "user": user}
    page.screenshot(path="/tmp/e2e_dashboard_en.png", full_page=True)

    page.get_by_role("button", name="FR", exact=True).click()
    expect(page.get_by_role("heading", name="Mes pages")).to_be_visible()
    expect(page.get_by_text(f"Bienvenue, {full_name}")).to_be_visible()
    assert stored(page, "modoLang") == "fr"
    page.screenshot(path="/tmp/e2e_dashboard_fr.png", full_page=True)

    page.get_by_role("button", name="Menu du profil").click()
    page.get_by_role("button", name="Déconnexion").click()
    page.wait_for_url(product.web_url + "/")
    expect(page.get_by_role("heading", name=LANDING_TITLE_FR)).to_be_visible()
    expect(page.get_by_role("button", name="Connexion", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.length") == 0

    page.goto(product.web_url + "/home/dashboard")
    page.wait_for_url(product.web_url + "/")


def test_logged_out_token_is_refused_by_the_server(page: Page, product):
    page.goto(product.web_url + "/")
    page.get_by_role("button", name="Login", exact=True).click()
    choose_first_demo_user(page)
    page.wait_for_url(product.web_url + "/home/dashboard")
    jwt = stored(page, "authtoken")

    page.get_by_role("button", name="Profile menu").click()
    page.get_by_role("button", name="Logout").click()
    page.wait_for_url(product.web_url + "/")

    answer = page.request.post(product.web_url + "/api/v1/auth/logout", headers={"Authorization": f"Bearer {jwt}"})
    assert answer.status == 401
    assert set(answer.json()) >= {"message", "code"}


def test_signed_out_visit_to_team_lands_on_landing(page: Page, product):
    page.goto(product.web_url + "/home/team")
    page.wait_for_url(product.web_url + "/")
    expect(page.get_by_role("heading", name=LANDING_TITLE_EN)).to_be_visible()
    expect(page.get_by_role("heading", name="Team")).to_have_count(0)


def test_refused_network_token_shows_the_login_error_and_stays_signed_out(page: Page, product):
    faults = f"{product.sandbox_url}/__admin/faults"
    assert page.request.post(faults, data={"scope": "*", "kind": "token_expired"}).ok
    try:
        page.goto(product.web_url + "/")
        page.get_by_role("button", name="Login", exact=True).click()
        choose_first_demo_user(page)
        expect(page.get_by_role("alertdialog")).to_contain_text("Connexion error with the server try again !")
        page.get_by_role("button", name="Okay").click()
        expect(page.get_by_role("alertdialog")).to_have_count(0)
    finally:
        page.request.delete(faults)
    assert page.url == product.web_url + "/"
    assert stored(page, "authtoken") is None
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()
