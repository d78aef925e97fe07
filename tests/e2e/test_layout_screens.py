"""Every screen of the public site and the dashboard at a desktop (1280 px) and a phone (375 px) width, in English
then French (switched with the FR button, as a visitor does): nothing wider than the window, the heading shown
inside it with no word too wide for it, and on the phone the menu behind the Burger showing its entries; the French
top bar at the widths where it changes (768, 991, 992 px). Screenshots of each state (whole page; the window only
with the drawer open) go to the session's tmp dir (screens/) and are copied to /tmp/screens/ to be looked at."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import new_context
from tests.e2e.product import FRONTEND
from tests.e2e.test_session import choose_first_demo_user

FRONTEND_I18N = FRONTEND / "src" / "i18n"
TEXTS = {lang: {key: value for path in sorted((FRONTEND_I18N / "locales" / lang).glob("*.json"))  # one file per area
              for key, value in json.loads(path.read_text(encoding="utf-8")).items()} for lang in ("en", "fr")}
VIEWING_COPY = Path("/tmp/screens")

# name, path, i18n key of the screen's heading
PUBLIC_SCREENS = [
    ("landing", "/", "landing.ourSolution.title"),
    ("how-to-use", "/how-to-use-it", "pages.howToUse.title"),
    ("pricing", "/pricing", "pages.pricing.title"),
    ("privacy", "/politique-de-confidentialite", "privacy.title"),
]
WIDTHS = {"desktop": "page", "mobile": "mobile_page"}  # the conftest's 1280 px and 375 px tabs


def text(lang: str, key: str) -> str:
    value = TEXTS[lang]
    for part in key.split("."):
        value = value[part]
    return value


@pytest.fixture(scope="session")
def screens_dir(tmp_path_factory) -> Path:
    VIEWING_COPY.mkdir(parents=True, exist_ok=True)
    return tmp_path_factory.mktemp("screens")


def settled(page: Page) -> None:
    """Waits for Mantine's transitions (the drawer sliding in, the burger turning into a cross) to finish."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def shoot(page: Page, screens_dir: Path, name: str, full_page: bool = True) -> None:
    """A screenshot of the whole page, or of the window only (where a fixed drawer is)."""
    settled(page)
    target = screens_dir / f"{name}.png"
    page.screenshot(path=str(target), full_page=full_page)
    shutil.copy(target, VIEWING_COPY / target.name)


def assert_fits(page: Page, heading_text: str) -> None:
    """No horizontal overflow, and the screen's heading visible within the window's width."""
    page.wait_for_load_state("networkidle")
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]}px wide in a {widths[1]}px window"
    heading = page.get_by_role("heading", name=heading_text, exact=True)
    expect(heading).to_be_visible()
    box = heading.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= widths[1], f"{heading_text!r} at {box}"
    # overflow-wrap: anywhere keeps a long word inside the window by cutting it; the title's size must make
    # that unnecessary, so its longest word fits the heading's width.
    longest, room = heading.evaluate(LONGEST_WORD)
    assert longest <= room, f"a word of {heading_text!r} is {longest:.0f}px wide in a {room}px heading"


LONGEST_WORD = """el => {
    const style = getComputedStyle(el)
    const pen = document.createElement('canvas').getContext('2d')
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return [Math.max(...el.textContent.split(/\\s+/).map(word => pen.measureText(word).width)), el.clientWidth]
}"""


def open_mobile_menu(page: Page) -> None:
    burger = page.get_by_role("button", name="Menu", exact=True)
    expect(burger).to_have_attribute("aria-expanded", "false")
    burger.click()
    expect(burger).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("dialog")).to_be_visible()
    settled(page)


def close_mobile_menu(page: Page) -> None:
    burger = page.get_by_role("button", name="Menu", exact=True)
    burger.click()
    expect(burger).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_role("dialog")).to_have_count(0)


def assert_menu_entries(page: Page, lang: str, signed_in: bool) -> None:
    """The drawer's entries, each visible and inside the window."""
    drawer = page.get_by_role("dialog")
    box = drawer.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], box
    for key in ("nav.whatIs", "nav.howToUse", "nav.pricing"):
        entry = drawer.get_by_role("link", name=text(lang, key), exact=True)
        expect(entry).to_be_in_viewport(ratio=1)
    # Contact us opens the contact modal (spec 000 §2), so it is a button
    expect(drawer.get_by_role("button", name=text(lang, "nav.contact"), exact=True)).to_be_in_viewport(ratio=1)
    names = ["FR", "EN"] + ([text(lang, "nav.profile")] if signed_in
                            else [text(lang, "common.login"), text(lang, "common.signup")])
    for name in names:
        expect(drawer.get_by_role("button", name=name, exact=True)).to_be_in_viewport(ratio=1)


def switch_to_french(page: Page, mobile: bool) -> None:
    if mobile:
        open_mobile_menu(page)
    page.get_by_role("button", name="FR", exact=True).click()
    expect(page.get_by_role("button", name="FR", exact=True)).to_have_attribute("aria-pressed", "true")
    if mobile:
        close_mobile_menu(page)


def check_screen(page: Page, screens_dir: Path, name: str, heading_key: str, mobile: bool, signed_in: bool):
    width = "mobile" if mobile else "desktop"
    assert_fits(page, text("en", heading_key))
    shoot(page, screens_dir, f"{name}-{width}-en")
    if mobile:
        open_mobile_menu(page)
        assert_menu_entries(page, "en", signed_in)
        shoot(page, screens_dir, f"{name}-{width}-en-menu", full_page=False)
        close_mobile_menu(page)

    switch_to_french(page, mobile)
    assert text("fr", heading_key) != text("en", heading_key)
    expect(page.get_by_role("heading", name=text("en", heading_key), exact=True)).to_have_count(0)
    assert_fits(page, text("fr", heading_key))
    shoot(page, screens_dir, f"{name}-{width}-fr")
    if mobile:
        open_mobile_menu(page)
        assert_menu_entries(page, "fr", signed_in)
        shoot(page, screens_dir, f"{name}-{width}-fr-menu", full_page=False)
        close_mobile_menu(page)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "path", "heading_key"), PUBLIC_SCREENS, ids=[s[0] for s in PUBLIC_SCREENS])
def test_public_screen_fits_both_widths_in_both_languages(request, product, screens_dir, width, name, path,
                                                          heading_key):
    page = request.getfixturevalue(WIDTHS[width])
    page.goto(product.web_url + path)
    check_screen(page, screens_dir, name, heading_key, mobile=width == "mobile", signed_in=False)


@pytest.mark.parametrize("width", WIDTHS)
def test_dashboard_fits_both_widths_in_both_languages(request, product, screens_dir, width):
    page = request.getfixturevalue(WIDTHS[width])
    mobile = width == "mobile"
    page.goto(product.web_url + "/")
    if mobile:
        open_mobile_menu(page)
    page.get_by_role("button", name="Login", exact=True).click()
    choose_first_demo_user(page)
    page.wait_for_url(product.web_url + "/home/dashboard")
    picture = page.locator(".dashboard__user img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
    for key in ("side.startWizard", "side.myPages", "side.billing"):
        expect(page.get_by_role("navigation", name="side menu").get_by_text(text("en", key))).to_be_visible()
    check_screen(page, screens_dir, "dashboard", "pages.dashboard.title", mobile=mobile, signed_in=True)

    # Logout from the profile menu (inside the drawer on the phone), now in French.
    if mobile:
        open_mobile_menu(page)
    page.get_by_role("button", name=text("fr", "nav.profile"), exact=True).click()
    page.get_by_role("button", name=text("fr", "common.logout"), exact=True).click()
    page.wait_for_url(product.web_url + "/")
    expect(page.get_by_role("heading", name=text("fr", "landing.ourSolution.title"))).to_be_visible()


@pytest.mark.parametrize("width", [768, 991, 992])
def test_french_top_bar_fits_the_tablet_and_narrow_desktop_widths(browser, product, screens_dir, width):
    """The widths where the top bar changes (Burger below 992 px, the full bar from 992 px), in French, whose
    entries are the longest: nothing overflows and every control of the bar is inside the window."""
    context = new_context(browser, viewport={"width": width, "height": 800})
    try:
        page = context.new_page()
        page.goto(product.web_url + "/")
        page.evaluate("() => localStorage.setItem('modoLang', 'fr')")
        page.reload()
        assert_fits(page, text("fr", "landing.ourSolution.title"))
        header = page.locator("header")
        for control in header.get_by_role("button").all() + header.get_by_role("link").all():
            if control.is_visible():
                expect(control).to_be_in_viewport(ratio=1)
        shoot(page, screens_dir, f"landing-{width}-fr", full_page=False)
    finally:
        context.close()


@pytest.mark.parametrize(("motion", "slide"), [("reduce", "0s"), ("no-preference", "0.25s")])
def test_the_phone_menu_slides_in_unless_the_system_asks_for_reduced_motion(browser, product, motion, slide):
    """A person whose system asks for less motion gets the menu at once; anyone else sees it slide in for 250 ms."""
    context = new_context(browser, viewport={"width": 375, "height": 740}, reduced_motion=motion)
    try:
        page = context.new_page()
        page.goto(product.web_url + "/")
        open_mobile_menu(page)
        assert page.get_by_role("dialog").evaluate("menu => getComputedStyle(menu).transitionDuration") == slide
        assert_menu_entries(page, "en", signed_in=False)
    finally:
        context.close()
