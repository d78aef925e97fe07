"""The pages screen and the dashboard's page list seen from a browser (spec 000 §2 "Pages screen", §4, §5):
Karim (the demo's second user) signs in, sees his pages grouped, is refused a connection on the Free Trial, connects
pages once given a plan, changes settings and the delay mode and finds them kept after a reload, turns the public
reply on with a message in the same form, selects a page for the dashboard, and deletes a page; then every screen at
1280 px and 375 px in English and French, with no horizontal overflow. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.screens_support import switch_on
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

KARIM_ID = "7345098700000002"
OWNER_GROUP = "Connected, you are the owner"


def sign_in_as_karim(page: Page, product) -> None:
    page.goto(product.web_url + "/")
    login = page.get_by_role("button", name="Login", exact=True)
    if not login.is_visible():  # on a phone the Login button is behind the Burger
        page.get_by_role("button", name="Menu", exact=True).click()
    login.click()
    page.wait_for_url(re.compile(re.escape(product.sandbox_url) + r"/dialog/oauth\?"))
    choice = page.locator("form.user").filter(has_text="Karim")
    choice.get_by_role("button").click()
    page.wait_for_url(product.web_url + "/home/dashboard")


def group(page: Page, heading: str):
    return page.locator("section.page-group").filter(has=page.get_by_role("heading", name=re.compile(heading)))


def card(page: Page, name: str):
    return page.locator(".page-card").filter(has=page.locator(f'[aria-label="{name}"]'))


def fits(page: Page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]}px wide in a {widths[1]}px window"


def open_settings(page: Page, name: str):
    page.get_by_role("button", name=f"Settings of {name}").click()
    form = page.get_by_role("dialog", name=f"Settings of {name}")
    expect(form.locator(".page-settings")).to_be_visible()
    return form


def test_connect_settings_public_reply_select_and_delete(page: Page, product, screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    sign_in_as_karim(page, product)
    page.goto(product.web_url + "/pages")

    # Grouped: nothing connected yet; 4 Facebook pages and 1 Instagram account make a carousel.
    not_connected = group(page, "Not connected")
    expect(not_connected.locator(".page-card")).to_have_count(5)
    expect(not_connected.locator(".mantine-Carousel-root")).to_be_visible()
    expect(card(page, "Tunis Tech Store").get_by_text("Tunis Tech Sto…")).to_be_visible()
    expect(card(page, "Tunis Tech Store").locator(".page-card__fans")).to_have_text("30.1k")
    fits(page)
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-not-connected")

    # The mouse wheel moves the carousel.
    slides = not_connected.locator(".mantine-Carousel-container")
    before = slides.evaluate("node => node.style.transform")
    not_connected.locator(".mantine-Carousel-viewport").hover()
    page.mouse.wheel(0, 200)
    page.wait_for_function("([node, before]) => node.style.transform !== before",
                           arg=[slides.element_handle(), before])

    # The Free Trial refuses the connection.
    page.get_by_role("button", name="Connect Sousse Sport").click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("You cannot connect this page when on free offer")
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-free-offer", full_page=False)
    alert.get_by_role("button", name="Not now").click()

    # With a plan, connecting works and the list reloads: the page is the owner's (pink border).
    product.grant_plan(KARIM_ID, "Agencies")
    for name in ("Sousse Sport", "Carthage Cosmetics"):
        page.get_by_role("button", name=f"Connect {name}").click()
        expect(group(page, OWNER_GROUP).locator(".page-card").filter(has_text=name[:14])).to_be_visible()
    owned = card(page, "Sousse Sport")
    expect(owned).to_have_attribute("data-status", "listPageConnectedOwner")
    assert "--mantine-color-pink" in owned.get_attribute("style")
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-connected")

    # Filters: owner role, Instagram platform (each change shows the loading state first).
    page.get_by_text("Owner", exact=True).first.click()
    expect(page.get_by_role("progressbar")).to_be_visible()
    expect(group(page, OWNER_GROUP)).to_be_visible()
    expect(group(page, "Not connected")).to_have_count(0)
    page.locator("label").filter(has_text=re.compile("^Instagram$")).click()
    expect(page.get_by_text("No page here.")).to_be_visible()
    page.locator("label").filter(has_text=re.compile("^All$")).first.click()
    page.locator("label").filter(has_text=re.compile("^All$")).nth(1).click()
    expect(group(page, "Not connected")).to_be_visible()

    # Settings and a Randomly delay, kept after a reload.
    settings = open_settings(page, "Sousse Sport")
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-settings", full_page=False)
    switch_on(settings, re.compile("Anti-spam"))
    switch_on(settings, "Hide negative comments")
    settings.get_by_text("Randomly", exact=True).click()
    minutes, seconds = settings.get_by_label("Minutes"), settings.get_by_label("Seconds")
    minutes.nth(0).fill("1")
    seconds.nth(0).fill("5")
    minutes.nth(1).fill("2")
    seconds.nth(1).fill("30")
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-settings-randomly", full_page=False)
    settings.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved")).to_be_visible()
    page.reload()
    settings = open_settings(page, "Sousse Sport")
    expect(settings.get_by_role("switch", name=re.compile("Anti-spam"))).to_be_checked()
    expect(settings.get_by_role("switch", name="Hide negative comments")).to_be_checked()
    expect(settings.get_by_role("switch", name="Like matched comments")).not_to_be_checked()
    expect(settings.get_by_role("radio", name="Randomly")).to_be_checked()
    expect(settings.get_by_label("Minutes").nth(1)).to_have_value("2")
    expect(settings.get_by_label("Seconds").nth(0)).to_have_value("5")

    # Public reply on with its message, in the same form, saved by Save.
    switch_on(settings, "Public reply")
    settings.get_by_label("Public reply message").fill("Merci ! Nous vous répondons en privé.")
    shoot(page, screens_dir, "pagescreen-pages-desktop-en-public-reply", full_page=False)
    settings.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved")).to_be_visible()
    assert page.url == product.web_url + "/pages"  # a click in the form does not select the page
    page.reload()
    settings = open_settings(page, "Sousse Sport")
    expect(settings.get_by_role("switch", name="Public reply")).to_be_checked()
    expect(settings.get_by_label("Public reply message")).to_have_value("Merci ! Nous vous répondons en privé.")
    page.keyboard.press("Escape")

    # A click on a connected page selects it for the dashboard, stored as the spec's "Selected page".
    card(page, "Sousse Sport").get_by_role("button", name="Sousse Sport", exact=True).click()
    page.wait_for_url(product.web_url + "/home/dashboard")
    expect(page.locator(".dashboard__selected")).to_contain_text("Sousse Sport")
    expect(page.locator('.page-card[data-selected="true"]')).to_contain_text("Sousse Sport")
    selected = json.loads(page.evaluate("localStorage.getItem('state')"))["session"]["state"]["selectedPage"]
    assert selected["name"] == "Sousse Sport" and selected["platform"] == "facebook"
    assert set(selected) == {"platform", "name", "picture_url", "id", "accessToken", "team", "admins", "status"}
    page.get_by_role("button", name="Carthage Cosmetics", exact=True).click()
    expect(page.locator(".dashboard__selected")).to_contain_text("Carthage Cosmetics")
    page.reload()
    expect(page.locator(".dashboard__selected")).to_contain_text("Carthage Cosmetics")
    shoot(page, screens_dir, "pagescreen-dashboard-desktop-en-selected")

    # Disconnect: no team member to make owner; delete the page.
    page.get_by_role("button", name="Disconnect Carthage Cosmetics").click()
    dialog = page.get_by_role("dialog", name="Disconnect Carthage Cosmetics")
    expect(dialog).to_contain_text("Sorry ! You don't have any team member.")
    shoot(page, screens_dir, "pagescreen-dashboard-desktop-en-disconnect", full_page=False)
    dialog.get_by_role("button", name="Delete the page").click()
    dialog.get_by_role("button", name="Yes, delete it").click()
    expect(page.get_by_text("The page was deleted")).to_be_visible()
    expect(page.locator(".page-card").filter(has_text="Carthage")).to_have_count(0)
    expect(page.locator(".dashboard__selected")).to_contain_text("Sousse Sport")
    page.goto(product.web_url + "/pages")
    expect(group(page, "Not connected").locator(".page-card").filter(
        has=page.locator('[aria-label="Carthage Cosmetics"]'))).to_be_visible()
    assert console.violations() == []


def sign_in_as_amira(page: Page, product) -> None:
    page.goto(product.web_url + "/")
    login = page.get_by_role("button", name="Login", exact=True)
    if not login.is_visible():
        page.get_by_role("button", name="Menu", exact=True).click()
    login.click()
    page.locator("form.user").filter(has_text="Amira").get_by_role("button").click()
    page.wait_for_url(product.web_url + "/home/dashboard")


def test_another_teams_page_is_greyed_and_not_selectable(page: Page, mobile_page: Page, product,
                                                          screens_dir):  # noqa: F811
    # Karim connects Tunis Tech Store, which Amira administers too: for her it is another team's page.
    sign_in_as_karim(page, product)
    product.grant_plan(KARIM_ID, "Agencies")
    page.goto(product.web_url + "/pages")
    page.get_by_role("button", name="Connect Tunis Tech Store").click()
    expect(group(page, OWNER_GROUP).locator('[aria-label="Tunis Tech Store"]')).to_be_visible()

    console = ConsoleWatch(mobile_page)
    sign_in_as_amira(mobile_page, product)
    mobile_page.goto(product.web_url + "/pages")
    other = group(mobile_page, "Managed by another team").locator(".page-card")
    expect(other).to_have_count(1)
    expect(other).to_contain_text("This page is managed by another team")
    expect(other.get_by_role("button", name=re.compile("Settings of|Disconnect"))).to_have_count(0)
    assert other.evaluate("node => getComputedStyle(node).opacity") == "0.55"
    other.get_by_text("Tunis Tech Sto…").click()
    assert mobile_page.url == product.web_url + "/pages"
    fits(mobile_page)
    other.scroll_into_view_if_needed()
    shoot(mobile_page, screens_dir, "pagescreen-pages-mobile-en-other-team")
    mobile_page.goto(product.web_url + "/home/dashboard")
    expect(mobile_page.get_by_role("heading", name="My pages")).to_be_visible()
    # Another team's page shows on her dashboard but is never the selected one (other tests of the session may
    # have put pages of her own there too).
    expect(mobile_page.locator(".page-card").filter(has_text="Tunis Tech")).to_have_count(1)
    expect(mobile_page.locator(".dashboard__selected").filter(has_text="Tunis Tech")).to_have_count(0)
    shoot(mobile_page, screens_dir, "pagescreen-dashboard-mobile-en-other-team")
    assert console.violations() == []

    # Karim deletes it again, so the other tests find Amira's pages as the demo made them.
    page.get_by_role("button", name="Disconnect Tunis Tech Store").click()
    dialog = page.get_by_role("dialog", name="Disconnect Tunis Tech Store")
    dialog.get_by_role("button", name="Delete the page").click()
    dialog.get_by_role("button", name="Yes, delete it").click()
    expect(page.get_by_text("The page was deleted")).to_be_visible()


@pytest.mark.parametrize("width", ["page", "mobile_page"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pages_and_dashboard_fit_in_both_languages(request, width, lang, product, screens_dir):  # noqa: F811
    tab: Page = request.getfixturevalue(width)
    size = "desktop" if width == "page" else "mobile"
    console = ConsoleWatch(tab)
    sign_in_as_karim(tab, product)
    tab.evaluate("lang => localStorage.setItem('modoLang', lang)", lang)
    tab.goto(product.web_url + "/pages")
    heading = "Mes pages" if lang == "fr" else "My pages"
    expect(tab.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=15000)
    expect(tab.locator(".page-card").first).to_be_visible()
    tab.wait_for_load_state("networkidle")
    fits(tab)
    shoot(tab, screens_dir, f"pagescreen-pages-{size}-{lang}")
    owner_settings = tab.get_by_role("button", name=re.compile("^(Settings of|Paramètres de)"))
    if owner_settings.count():
        owner_settings.first.click()
        expect(tab.locator(".page-settings")).to_be_visible()
        fits(tab)
        shoot(tab, screens_dir, f"pagescreen-pages-{size}-{lang}-settings", full_page=False)
        tab.keyboard.press("Escape")
    tab.goto(product.web_url + "/home/dashboard")
    expect(tab.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=15000)
    tab.wait_for_load_state("networkidle")
    fits(tab)
    shoot(tab, screens_dir, f"pagescreen-dashboard-{size}-{lang}")
    assert console.violations() == []
