"""Home and the alerts in a browser (issue 42 "Silent failures"), at 1280 and 375 px, in English and French: the
demo (`python -m app demo`) leaves Maison Jasmin's month 80 % used, so its Home shows the day and the alert with
its fix, /notification lists it unread and the header's bell counts it; marked read, the bell counts none; fixed
(a bigger plan, granted as an operator would) it is gone from Home and /notification. Screenshots of each go to
screens/ and /tmp/screens/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.billing_support import tab
from tests.e2e.screens_support import AMIRA_ID, AMIRA_TOKEN, api_login, assert_no_overflow, open_signed_in, \
    pages_of, snap
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401  (a fixture)

WIDTHS = {"desktop": (1280, 800), "phone": (375, 740)}
TEXTS = {
    "en": {"today": "Today on Maison Jasmin", "title": "80% of this month's replies used",
           "body": "16,000 of the 20,000 automatic replies of your plan are used this month.",
           "fix": "See the plans", "read": "Mark as read", "unread": "Unread", "done": "Read",
           "bell": "Notifications: {n} unread alert{s}", "none": "Nothing needs your attention on this page.",
           "live": "Active · 1", "notifications": "Notifications"},
    "fr": {"today": "Aujourd'hui sur Maison Jasmin", "title": "80 % des réponses du mois utilisées",
           "body": "16 000 des 20 000 réponses automatiques de votre offre sont utilisées ce mois-ci.",
           "fix": "Voir les offres", "read": "Marquer comme lue", "unread": "Non lue", "done": "Lue",
           "bell": "Notifications : {n} alerte{s} non lue{s}", "none": "Rien ne demande votre attention sur cette page.",
           "live": "Actif · 1", "notifications": "Notifications"},
}


@pytest.fixture(scope="module")
def jasmin(product) -> dict:
    """The demo seeded (Amira, Maison Jasmin with its live agent, the month 80 % used) and Amira signed in."""
    product.run_app("demo")
    session = api_login(product, AMIRA_TOKEN)
    return {**session, "page": pages_of(product, session["token"])["Maison Jasmin"]}


def _bell(tab_: Page, lang: str, count: int):
    plural = "" if count == 1 or (lang == "fr" and count == 0) else "s"
    return tab_.get_by_role("link", name=TEXTS[lang]["bell"].format(n=count, s=plural), exact=True)


def _spaced(text: str) -> re.Pattern:
    """The text as Intl writes it: French thousands are grouped with a narrow no-break space."""
    return re.compile(re.escape(text).replace(r"\ ", r"\s"))


def _card(tab_: Page, lang: str):
    return tab_.locator(".alert-card").filter(has_text=TEXTS[lang]["title"])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_home_and_notification_show_the_alert_and_the_bell_counts_it(browser, product, jasmin, screens_dir,
                                                                     width, lang):  # noqa: F811
    words = TEXTS[lang]
    window = tab(browser, *WIDTHS[width])
    try:
        open_signed_in(window, product, jasmin, jasmin["page"], "/home", lang)
        expect(window.get_by_role("heading", name=words["today"])).to_be_visible()
        expect(window.get_by_text(words["live"])).to_be_visible()
        card = _card(window, lang)
        expect(card).to_contain_text(_spaced(words["body"]))
        expect(card.get_by_text(words["unread"], exact=True)).to_be_visible()
        expect(card.get_by_role("button", name=words["fix"])).to_be_visible()
        expect(_bell(window, lang, 1)).to_be_visible()
        assert_no_overflow(window)
        snap(window, screens_dir, f"home-alert-{width}-{lang}")

        _bell(window, lang, 1).click()
        window.wait_for_url(product.web_url + "/notification")
        expect(window.get_by_role("heading", name=words["notifications"], exact=True)).to_be_visible()
        expect(_card(window, lang).get_by_text(words["unread"], exact=True)).to_be_visible()
        assert_no_overflow(window)
        snap(window, screens_dir, f"notification-alert-{width}-{lang}")
    finally:
        window.context.close()


def test_the_alert_read_then_fixed_is_gone(browser, product, jasmin, screens_dir):  # noqa: F811
    window = tab(browser, *WIDTHS["desktop"])
    try:
        open_signed_in(window, product, jasmin, jasmin["page"], "/notification", "en")
        card = _card(window, "en")
        card.get_by_role("button", name="Mark as read").click()
        expect(card.get_by_text("Read", exact=True)).to_be_visible()
        expect(card.get_by_role("button", name="Mark as read")).to_have_count(0)
        expect(_bell(window, "en", 0)).to_be_visible()
        snap(window, screens_dir, "notification-alert-read-desktop-en")

        card.get_by_role("button", name="See the plans").click()
        window.wait_for_url(product.web_url + "/home/billing")

        product.grant_plan(AMIRA_ID, "Premium")  # 100,000 replies a month: 16 % used
        window.goto(product.web_url + "/home")
        expect(window.get_by_role("heading", name=TEXTS["en"]["today"])).to_be_visible()
        expect(window.get_by_text(TEXTS["en"]["none"])).to_be_visible()
        expect(window.locator(".alert-card")).to_have_count(0)
        snap(window, screens_dir, "home-alert-fixed-desktop-en")
    finally:
        window.context.close()

    phone = tab(browser, *WIDTHS["phone"])
    try:
        open_signed_in(phone, product, jasmin, jasmin["page"], "/notification", "fr")
        expect(phone.get_by_text(TEXTS["fr"]["none"])).to_be_visible()
        expect(_bell(phone, "fr", 0)).to_be_visible()
        assert_no_overflow(phone)
        snap(phone, screens_dir, "notification-alert-fixed-phone-fr")
    finally:
        phone.context.close()
