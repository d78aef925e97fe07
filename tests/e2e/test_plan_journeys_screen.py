"""Money without dead ends (issue 42 §2), in a browser at 1280 px and 375 px, in English and French:

- the free offer refuses a page connection and says why; "See the plans" leads to the plans, which name the page
  waiting and show the Free Offer without a tick for its 0 social pages; the owner pays by card at the sandbox's
  checkout and the payment-success page connects the page, which My pages then lists as the owner's;
- a refused card lands on /payment-failed, which says the card was refused for that order and that nothing was taken;
  Try again reopens the payment form on the same plan and period.

Nothing is mocked: the product (gunicorn), the sandbox's checkout and its server-to-server notification are the real
processes. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.billing_support import merchant, network_page, network_user, tab  # noqa: F401 (merchant: a fixture)
from tests.e2e.screens_support import assert_no_overflow, open_signed_in, snap
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

PLAN = "SME/Artisans"
ADDRESS = "12 avenue Habib Bourguiba, Tunis"
SIZES = {"desktop": (1280, 800), "mobile": (375, 740)}
WORDS = {
    "en": {"connect": "Connect {}", "refused": "You cannot connect this page when on free offer",
           "why": "does not include connecting a page", "plans": "See the plans", "waiting": "{} waits for a plan",
           "paidThen": "once paid, {} is connected for you",
           "noPages": "No social page: connecting a page needs a paid plan", "choose": "Choose {}",
           "modal": "Pay by card", "plan": "Plan", "month": "1 month", "year": "12 months", "address": "Address",
           "confirm": "Confirm and pay", "connected": "{} is connected", "toPages": "Open my pages",
           "owner": "Connected, you are the owner", "failed": "Your payment did not go through",
           "cardRefused": "Your card was refused", "nothing": "No money was taken", "retry": "Try again",
           "status": "Refused", "planName": PLAN},
    "fr": {"connect": "Connecter {}", "refused": "Vous ne pouvez pas connecter cette page avec l'offre gratuite",
           "why": "ne permet pas de connecter une page", "plans": "Voir les offres", "waiting": "{} attend une offre",
           "paidThen": "une fois payé, {} est connectée pour vous",
           "noPages": "Aucune page sociale : connecter une page demande une offre payante", "choose": "Choisir {}",
           "modal": "Payer par carte", "plan": "Offre", "month": "1 mois", "year": "12 mois", "address": "Adresse",
           "confirm": "Confirmer et payer", "connected": "{} est connectée", "toPages": "Ouvrir mes pages",
           "owner": "Connectées, vous êtes propriétaire", "failed": "Votre paiement n'est pas passé",
           "cardRefused": "Votre carte a été refusée", "nothing": "Aucun montant n'a été prélevé",
           "retry": "Réessayer", "status": "Refusé", "planName": "PME/Artisans"},  # plan names in French (issue 42)
}


def pay_at_checkout(shown, product, months_label: str, choice: str, words: dict) -> None:
    """In the open payment modal: the period and the address, Confirm, then `choice` (Payer / Refuser) on the
    sandbox's checkout page the form was posted to."""
    modal = shown.get_by_role("dialog", name=words["modal"])
    modal.get_by_role("radio", name=months_label).click()
    modal.get_by_label(words["address"]).fill(ADDRESS)
    modal.get_by_role("button", name=words["confirm"]).click()
    shown.wait_for_url(re.compile(re.escape(product.sandbox_url) + "/gateway/Validation_paiement.php"))
    shown.get_by_role("button", name=choice).click()


@pytest.mark.parametrize("size", ["desktop", "mobile"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_free_offer_leads_to_the_plans_the_payment_and_back_to_the_connection(browser, product, merchant,  # noqa: F811
                                                                              screens_dir, size, lang):  # noqa: F811
    words = WORDS[lang]
    buyer = network_user(product, "Nadia", "Gratuit")
    name = f"Kairouan Tapis {lang} {size}"
    network_page(product, name, buyer)
    shown = tab(browser, *SIZES[size])
    console = ConsoleWatch(shown)
    open_signed_in(shown, product, {"token": buyer["jwt"], "user": buyer["user"]}, None, "/pages", lang)

    shown.get_by_role("button", name=words["connect"].format(name)).click()
    refusal = shown.get_by_role("alertdialog")
    expect(refusal).to_contain_text(words["refused"])
    expect(refusal).to_contain_text(words["why"])
    assert_no_overflow(shown)
    shoot(shown, screens_dir, f"free-offer-refusal-{size}-{lang}", full_page=False)
    refusal.get_by_role("button", name=words["plans"]).click()

    shown.wait_for_url(re.compile(r"/home/billing\?tab=change$"))
    waiting = shown.locator(".billing__waiting")
    expect(waiting).to_contain_text(words["waiting"].format(name))
    expect(waiting).to_contain_text(words["paidThen"].format(name))
    free_pages = shown.locator('.plan-card[data-plan="Free Trial"] li').filter(has_text=words["noPages"])
    expect(free_pages).to_have_attribute("data-on", "false")
    expect(free_pages).not_to_contain_text("✓")
    snap(shown, screens_dir, f"free-offer-plans-{size}-{lang}")
    shown.get_by_role("button", name=words["choose"].format(words["planName"])).click()
    pay_at_checkout(shown, product, words["month"], "Payer", words)

    shown.wait_for_url(re.compile(re.escape(product.web_url) + r"/payment-success/Id/\w+/sId/\w+$"))
    connected = shown.locator(".payment-success__connected")
    expect(connected).to_contain_text(words["connected"].format(name))
    snap(shown, screens_dir, f"free-offer-paid-connected-{size}-{lang}")
    connected.get_by_role("link", name=words["toPages"]).click()
    heading = shown.get_by_role("heading", name=re.compile(words["owner"]))
    owner = shown.locator("section.page-group").filter(has=heading)
    expect(owner.locator(f'[aria-label="{name}"]')).to_be_visible()
    assert console.violations() == []
    shown.context.close()


@pytest.mark.parametrize("size", ["desktop", "mobile"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_card_says_so_and_try_again_reopens_the_same_order(browser, product, merchant,  # noqa: F811
                                                                    screens_dir, size, lang):  # noqa: F811
    words = WORDS[lang]
    buyer = network_user(product, "Walid", "Refus")
    shown = tab(browser, *SIZES[size])
    console = ConsoleWatch(shown)
    open_signed_in(shown, product, {"token": buyer["jwt"], "user": buyer["user"]}, None,
                   "/home/billing?tab=change", lang)
    shown.get_by_role("button", name=words["choose"].format(words["planName"])).click()
    pay_at_checkout(shown, product, words["year"], "Refuser", words)

    shown.wait_for_url(product.web_url + "/payment-failed")
    expect(shown.get_by_role("heading", name=words["failed"], level=1)).to_be_visible()
    expect(shown.locator(".payment-failed__what")).to_contain_text(words["cardRefused"])
    order = shown.locator(".payment-failed__order")
    expect(order).to_contain_text(words["planName"])
    expect(order).to_contain_text(words["year"])
    expect(order.locator(".payment-status")).to_have_text(words["status"])
    expect(shown.locator(".payment-failed")).to_contain_text(words["nothing"])
    snap(shown, screens_dir, f"payment-failed-{size}-{lang}")

    shown.get_by_role("link", name=words["retry"]).click()
    modal = shown.get_by_role("dialog", name=words["modal"])
    expect(modal.get_by_label(words["plan"], exact=True)).to_have_value(words["planName"])
    expect(modal.get_by_role("radio", name=words["year"])).to_be_checked()
    shoot(shown, screens_dir, f"payment-failed-retry-{size}-{lang}", full_page=False)
    assert console.violations() == []
    shown.context.close()
