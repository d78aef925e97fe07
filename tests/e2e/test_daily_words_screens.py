"""The words of the daily screens in a browser (issue 42 §4), at 1280 and 375 px, in English and French, on the
demo (`python -m app demo`: Amira's Maison Jasmin, its agent and catalogue):

- My products lists its categories on a visit at once (no artificial wait), and a product's name shows whole on a
  wide screen ("Caftan Carthage") and cut as the specification cuts it on a phone ("Caftan Ca…", its tooltip);
- My agents says the Type and the Pending change in words; My pages names its two filters;
- the simulator says "I didn't understand. Sorry !" in the reader's language and why no answer came;
- the payments' status badges stay inside a phone's card, prices and plan names written the reader's way.
No horizontal overflow, no CSP violation; screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.billing_support import buy_without_browser, merchant, network_user, tab  # noqa: F401 (a fixture)
from tests.e2e.screens_support import AMIRA_TOKEN, api_login, assert_no_overflow, open_signed_in, pages_of, snap
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401  (a fixture)

WIDTHS = {"desktop": (1280, 800), "phone": (375, 740)}
TEXTS = {
    "en": {"loading": "Loading the categories…", "open": "Open Robes", "type": "Whole page", "pending": "None",
           "filters": ("Platform", "Role"), "comment": "Write a comment…", "send": "Send",
           "notUnderstood": "I didn't understand. Sorry !", "whyNone": "Why no answer?", "edit": "Edit",
           "refused": "Refused", "plan": "Agencies", "amount": "486.00 €"},
    "fr": {"loading": "Chargement des catégories…", "open": "Ouvrir Robes", "type": "Toute la page",
           "pending": "Aucune", "filters": ("Plateforme", "Rôle"), "comment": "Écrire un commentaire…",
           "send": "Envoyer", "notUnderstood": "Je n'ai pas compris. Désolé !", "whyNone": "Pourquoi aucune réponse ?",
           "edit": "Modifier", "refused": "Refusé", "plan": "Agences", "amount": "486,00 €"},
}


@pytest.fixture(scope="module")
def jasmin(product) -> dict:
    product.run_app("demo")
    session = api_login(product, AMIRA_TOKEN)
    return {**session, "page": pages_of(product, session["token"])["Maison Jasmin"]}


@pytest.fixture(scope="module")
def buyer(product, merchant) -> dict:  # noqa: F811
    """A customer with a refused year of Agencies in EUR."""
    customer = network_user(product, "Nadia", "Kefi")
    assert buy_without_browser(product, customer, "Agencies", 12, "EUR", "refuse")["status"] == "refused"
    return customer


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_daily_screens_say_what_they_show(browser, product, jasmin, screens_dir, width, lang):  # noqa: F811
    words = TEXTS[lang]
    window = tab(browser, *WIDTHS[width])
    console = ConsoleWatch(window)
    try:
        # My products: the page was chosen before this visit, so the list comes as soon as it is read.
        open_signed_in(window, product, jasmin, jasmin["page"], "/home/manage-products", lang)
        expect(window.locator(".catalogue__categories")).to_contain_text("Robes")
        expect(window.get_by_role("status", name=words["loading"])).to_have_count(0)
        window.get_by_role("button", name=words["open"]).click()
        label = window.locator("[data-product='Caftan Carthage'] .catalogue__productLabel")
        expect(label).to_have_text("Caftan Carthage" if width == "desktop" else "Caftan Ca…")
        assert_no_overflow(window)
        snap(window, screens_dir, f"words-products-{width}-{lang}")

        # My agents: the type and the pending change in words, beside their icons.
        open_signed_in(window, product, jasmin, jasmin["page"], "/home/my-agents", lang)
        agent = window.locator(".agent-row").first
        expect(agent.locator(".agent-type")).to_have_text(words["type"])
        expect(agent.locator(".agent-pending")).to_have_text(words["pending"])
        assert_no_overflow(window)
        snap(window, screens_dir, f"words-agents-{width}-{lang}")

        # The simulator: nothing understood, said in the reader's language, and why.
        agent.get_by_role("button", name=words["edit"], exact=False).click()
        window.get_by_label(words["comment"]).fill("zzz qqq")
        window.get_by_role("button", name=words["send"]).click()
        reply = window.locator(".wizard__reply").last
        expect(reply).to_contain_text(words["notUnderstood"])
        reply.get_by_role("button", name=words["whyNone"]).click()
        expect(reply.locator(".wizard__whyPanel .why__reason")).to_be_visible()
        assert_no_overflow(window)
        snap(window, screens_dir, f"words-simulator-{width}-{lang}")

        # My pages: each filter under its name.
        open_signed_in(window, product, jasmin, jasmin["page"], "/pages", lang)
        for name in words["filters"]:
            expect(window.locator(".page-list__filter", has_text=name)).to_have_count(1)
        assert_no_overflow(window)
        assert console.violations() == []
    finally:
        window.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phones_payments_keep_their_badges_inside(browser, product, buyer, screens_dir, lang):  # noqa: F811
    words = TEXTS[lang]
    window = tab(browser, *WIDTHS["phone"])
    try:
        open_signed_in(window, product, {"token": buyer["jwt"], "user": buyer["user"]}, None,
                       "/home/billing?tab=payments", lang)
        row = window.locator(".payments .payment-row").first
        expect(row.locator(".payment-status")).to_have_text(words["refused"])
        expect(row).to_contain_text(words["plan"])
        expect(row).to_contain_text(words["amount"])
        card, badge = row.bounding_box(), row.locator(".payment-status").bounding_box()
        assert card["x"] <= badge["x"] and badge["x"] + badge["width"] <= card["x"] + card["width"], (card, badge)
        assert_no_overflow(window)
        snap(window, screens_dir, f"words-payments-phone-{lang}")
    finally:
        window.context.close()
