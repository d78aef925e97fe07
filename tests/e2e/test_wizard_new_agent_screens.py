"""New agents through the wizard in a browser (spec 001 §2 "Wizard", §4 "Wizard", §5, §7 "Wizard", §8, §9): from the
wizard popup through the four steps to an active agent, against the running product, the sandbox and a real Celery
worker.

- A specific agent for a post of a sandbox Facebook page: Price (the page white-listed) with a product answer from the
  page's catalogue carrying two buttons (a web link and a phone number) and Delivery; tested in the chat
  simulator with a French and a Tunisian comment and one it does not understand; Finish's 1.5 s spinner, then
  activated now.
- A generic agent for a sandbox Instagram account on a phone: no buttons and no first or last name tags; Delivery
  and Payment methods, tested in French and Tunisian, activated.

Screenshots of each step at 1280 px and 375 px go to screens/ and /tmp/screens/. Both catalogues offer every intent,
their own kind first (a post's agent is asked for delivery too)."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.e2e.agents_support import agent_worker, open_as, page_id, snap, wait_trained  # noqa: F401 (a fixture)
from tests.e2e.screens_support import api, okay_alert
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)
from tests.e2e.wizard_support import (FACEBOOK_PAGE, INSTAGRAM_ACCOUNT, intent_card, owner,  # noqa: F401 (a fixture)
                                      say)

PRICE_ANSWER = "Bonjour ##FIRST_NAME##, le prix est en message privé."
CAFTAN_ANSWER = "Le caftan brodé est à 180 DT."
DELIVERY_ANSWER = "Livraison partout en Tunisie en 48 h, 7 DT."
NOT_UNDERSTOOD = "I didn't understand. Sorry !"


def choose(tab: Page, label: str, option: str, scope=None) -> None:
    """Picks `option` in the Mantine Select labelled `label`."""
    (scope or tab).get_by_role("combobox", name=label, exact=True).click()
    tab.get_by_role("option", name=option, exact=True).click()


def test_a_specific_facebook_agent_through_the_four_steps(page: Page, product, owner, screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    jwt = owner["token"]

    # Without an intent type the wizard sends the user to the popup.
    open_as(page, product, owner, "/home/auto-wizard")
    expect(page).to_have_url(product.web_url + "/home/wizard-popup")
    popup = page.get_by_role("dialog", name="Create an agent")
    expect(popup.get_by_text("A specific post")).to_be_visible()
    snap(page, screens_dir, "wizard-popup-desktop-en")
    popup.get_by_role("button", name="Choose: A specific post").click()

    # Step 0: the pages of the three statuses, in tabs; Next needs one.
    expect(page).to_have_url(product.web_url + "/home/auto-wizard")
    expect(page.get_by_role("heading", name="Agent wizard")).to_be_visible()
    # Once the pages are listed, as a person sees them: a click in the route's first frames once went unanswered.
    expect(page.get_by_role("radiogroup", name="Pages").get_by_role("radio").first).to_be_visible()
    page.get_by_role("button", name="Next", exact=True).click()
    okay_alert(page, "Please select a page")
    page.get_by_role("tab", name="Instagram").click()
    expect(page.get_by_role("radio", name=INSTAGRAM_ACCOUNT)).to_be_visible()
    expect(page.get_by_role("radio", name=FACEBOOK_PAGE)).to_have_count(0)
    page.get_by_role("tab", name="Facebook").click()
    page.get_by_role("radio", name=FACEBOOK_PAGE).check()
    snap(page, screens_dir, "wizard-step0-desktop-en")
    page.get_by_role("button", name="Next", exact=True).click()

    # Step 1: posts newest first (the test's own post on top); Next needs one.
    expect(page.locator(".wizard__target")).to_contain_text(FACEBOOK_PAGE)
    rows = page.locator("tr[data-post]")
    expect(rows.first).to_have_attribute("data-post", owner["post_id"])
    expect(rows.first).to_contain_text(owner["post_message"][:40] + "…")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Please select a post")
    rows.first.get_by_role("radio").check()
    snap(page, screens_dir, "wizard-step1-desktop-en")
    page.get_by_role("button", name="Next", exact=True).click()

    # Step 2: the selected post cut to 16 characters; at least one intent; Price; an empty response refused.
    expect(page.locator(".wizard__postMessage")).to_have_text(owner["post_message"][:16] + "…")
    expect(page.get_by_text("No intent yet")).to_be_visible()
    page.get_by_role("button", name="Next", exact=True).click()
    okay_alert(page, "You have to add at least one intent !")
    choose(page, "Add an intent", "Price")
    price = intent_card(page, "price")
    price.get_by_role("button", name="Save", exact=True).click()
    okay_alert(page, "The generic response cannot be empty")
    choose(page, "Add an intent", "Price")
    okay_alert(page, "This intent is already selected")

    # The response with a tag at the cursor: typed text, then ##FIRST_NAME## after "Bonjour ".
    response = price.get_by_label("Generic response")
    response.fill("Bonjour , le prix est en message privé.")
    response.evaluate("node => node.setSelectionRange(8, 8)")
    price.get_by_role("button", name="Insert ##FIRST_NAME##").click()
    expect(response).to_have_value(PRICE_ANSWER)
    expect(price.get_by_text(f"{640 - len(PRICE_ANSWER)} characters left").first).to_be_visible()
    price.get_by_role("button", name="Save", exact=True).click()
    expect(price.get_by_role("button", name="Saved")).to_be_visible()

    # A product answer from the page's catalogue, with two buttons (web link, phone number).
    product_form = price.locator(".wizard__newProduct")
    choose(page, "Category", "Robes & jupes", product_form)
    choose(page, "Product", "caftan", product_form)
    product_form.get_by_label("Specific answer").fill(CAFTAN_ANSWER)
    product_form.get_by_role("button", name="+ Add a button").click()
    product_form.get_by_label("Title").fill("Voir la boutique")
    product_form.get_by_label("URL").fill("https://maison-jasmin.example/caftans")
    product_form.get_by_role("button", name="+ Add a button").click()
    second = product_form.locator(".wizard__button[data-index='1']")
    second.get_by_text("Phone", exact=True).click()
    second.get_by_label("Title").fill("Appeler la boutique qui répond")  # 30 characters: 20 are kept
    expect(second.get_by_label("Title")).to_have_value("Appeler la boutique ")
    expect(second.get_by_text("20 / 20")).to_be_visible()
    second.get_by_label("Title").fill("Appeler")
    second.get_by_label("Phone number").fill("+21671000000")
    expect(product_form.get_by_text("2 / 3 buttons")).to_be_visible()
    snap(page, screens_dir, "wizard-step2-product-desktop-en")
    product_form.get_by_role("button", name="Add the product answer").click()
    saved_answer = price.locator(".wizard__productAnswer[data-product=caftan]")
    expect(saved_answer).to_contain_text(CAFTAN_ANSWER)
    expect(saved_answer).to_contain_text("2 / 3 buttons")

    # Quiz cannot join other intents; Delivery can.
    page.get_by_role("combobox", name="Add an intent", exact=True).click()
    expect(page.get_by_role("option", name="Quiz")).to_have_attribute("data-combobox-disabled", "true")
    page.get_by_role("option", name="Delivery", exact=True).click()
    delivery = intent_card(page, "delivery")
    delivery.get_by_label("Generic response").fill(DELIVERY_ANSWER)
    delivery.get_by_role("button", name="Save", exact=True).click()
    expect(delivery.get_by_role("button", name="Saved")).to_be_visible()
    snap(page, screens_dir, "wizard-step2-desktop-en")

    project = _project_of_post(product, jwt, owner["facebook"], owner["post_id"])
    saved = {intent["key"]: intent for intent in project["intents"]}
    assert saved["price"]["genericAnswer"] == PRICE_ANSWER
    assert saved["price"]["products"][0]["product"] == "caftan"
    assert [button["type"] for button in saved["price"]["products"][0]["buttons"]] == ["web_url", "phone_number"]
    assert saved["delivery"]["genericAnswer"] == DELIVERY_ANSWER

    # Step 3: training asked, then the simulator answers as the agent will.
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.get_by_text("Chat simulator")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0, "a step change scrolls to the top"
    reply = say(page, "Le caftan c'est combien ?")
    expect(reply).to_contain_text(CAFTAN_ANSWER)
    expect(reply.locator(".wizard__replyButtons")).to_contain_text("Voir la boutique")
    expect(reply.locator(".wizard__replyButtons")).to_contain_text("Appeler")
    reply = say(page, "9adeh thamanha?")
    expect(reply).to_contain_text("Bonjour Amira, le prix est en message privé.")
    reply = say(page, "Vous livrez à Sousse ?")
    expect(reply).to_contain_text(DELIVERY_ANSWER)
    reply = say(page, "Bonjour, je cherche une voiture rouge")
    expect(reply).to_contain_text(NOT_UNDERSTOOD)
    snap(page, screens_dir, "wizard-step3-desktop-en")

    # Finish: a spinner for 1.5 s, then the panel; activate now leads to My agents with the agent live.
    asked = time.monotonic()
    page.get_by_role("button", name="Finish").click()
    expect(page.get_by_label("Finishing…")).to_be_visible()
    panel = page.get_by_role("dialog", name="Activate your agent")
    expect(panel).to_be_visible(timeout=5000)
    assert time.monotonic() - asked >= 1.4, "the panel opens after the 1.5 s spinner"
    shoot(page, screens_dir, "wizard-finish-desktop-en", full_page=False)
    panel.get_by_role("button", name="Activate now").click()
    expect(page).to_have_url(product.web_url + "/home/my-agents")
    project = wait_trained(product, jwt, project["_id"])
    assert project["live"] is True
    assert console.violations() == []


def test_a_generic_instagram_agent_without_buttons_on_a_phone(mobile_page: Page, product, owner,
                                                              screens_dir):  # noqa: F811
    jwt = owner["token"]
    tab = mobile_page
    console = ConsoleWatch(tab)
    # The popup is reached from the side menu's wizard button.
    open_as(tab, product, owner, "/home/dashboard")
    tab.get_by_role("link", name="Start moderation wizard").click()
    tab.get_by_role("dialog", name="Create an agent").get_by_role("button", name="Choose: The whole page").click()
    snap(tab, screens_dir, "wizard-step0-mobile-en")
    tab.get_by_role("tab", name="Instagram").click()
    tab.get_by_role("radio", name=INSTAGRAM_ACCOUNT).check()
    tab.get_by_role("button", name="Next", exact=True).click()

    # A generic agent skips the post: straight to step 2, for all the posts of the page.
    expect(tab.locator(".wizard__stepName")).to_have_text("Step 3 of 4: Configuration")
    expect(tab.get_by_text("All the posts of the page")).to_be_visible()
    choose(tab, "Add an intent", "Delivery")
    delivery = intent_card(tab, "delivery")
    expect(delivery.get_by_text("Instagram messages have no buttons.")).to_be_visible()
    expect(delivery.get_by_role("button", name="+ Add a button")).to_have_count(0)
    expect(delivery.get_by_role("button", name="Insert ##FIRST_NAME##")).to_have_count(0)
    expect(delivery.get_by_role("button", name="Insert ##LAST_NAME##")).to_have_count(0)
    delivery.get_by_label("Generic response").fill("Livraison partout en Tunisie en 48 h, ")
    delivery.get_by_role("button", name="Insert ##FULL_NAME##").click()
    delivery.get_by_role("button", name="Save", exact=True).click()
    expect(delivery.get_by_role("button", name="Saved")).to_be_visible()

    # Quiz is greyed once another intent is chosen.
    tab.get_by_role("combobox", name="Add an intent", exact=True).click()
    expect(tab.get_by_role("option", name="Quiz")).to_have_attribute("data-combobox-disabled", "true")
    tab.get_by_role("option", name="Payment methods", exact=True).click()
    payment = intent_card(tab, "payment_methods")
    payment.get_by_label("Generic response").fill("Paiement à la livraison ou par carte.")
    payment.get_by_role("button", name="Save", exact=True).click()
    expect(payment.get_by_role("button", name="Saved")).to_be_visible()
    snap(tab, screens_dir, "wizard-step2-mobile-en")

    tab.get_by_role("button", name="Next", exact=True).click()
    reply = say(tab, "Vous livrez à Sousse ?")
    expect(reply).to_contain_text("Livraison partout en Tunisie en 48 h, ")
    assert reply.locator(".wizard__replyButtons").count() == 0
    reply = say(tab, "frais el livraison 9adeh?")
    expect(reply).to_contain_text("Livraison partout en Tunisie")
    reply = say(tab, "Je peux payer à la livraison ?")
    expect(reply).to_contain_text("Paiement à la livraison ou par carte.")
    snap(tab, screens_dir, "wizard-step3-mobile-en")

    tab.get_by_role("button", name="Finish").click()
    panel = tab.get_by_role("dialog", name="Activate your agent")
    expect(panel).to_be_visible(timeout=5000)
    shoot(tab, screens_dir, "wizard-finish-mobile-en", full_page=False)
    panel.get_by_role("button", name="Activate now").click()
    expect(tab).to_have_url(product.web_url + "/home/my-agents")
    generic = _project_of_post(product, jwt, owner["instagram"], page_id(owner["instagram"]))
    project = wait_trained(product, jwt, generic["_id"])
    assert project["live"] is True and project["intentType"] == "generic"
    assert [intent["key"] for intent in project["intents"]] == ["delivery", "payment_methods"]
    assert console.violations() == []


# --- helpers --------------------------------------------------------------------------------------------------------

def _project_of_post(product, jwt: str, page: dict, post_id: str) -> dict:
    entries = api(product, jwt, "GET", f"/project/get/activeproject/{page_id(page)}")
    assert isinstance(entries, list), entries
    entry = next(item for item in entries if item["post"]["idPost"] == post_id)
    return api(product, jwt, "GET", f"/project/get/project/{entry['_id']}")
