"""Issue 38 §5 in a browser: a button Meta would refuse when the private reply is sent is said in the wizard, next to
its field, in English and French, and is not saved; written as Meta takes it, it is saved.

- An agent saved before the wizard checked its buttons, with the issue's phone number `21671000000` (no "+"): opened
  from My agents, the number says what is wrong under it as soon as the agent opens; fixed as the owner types it
  (`+216 71 000 000`), it is saved as Meta takes it (`+21671000000`).
- In French, on a phone: a new phone button with `71000000` says so when the owner leaves the field, Save saves
  nothing (the server's agent is unchanged).

The old agent is made as it was then: through the API with a good number, then its number changed in the product's
database, as only the old code could have written it. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text

from tests.e2e.agents_support import new_post, open_as, own_page, owner_session, page_id
from tests.e2e.screens_support import api, assert_no_overflow, snap
from tests.e2e.test_agents_screens import new_agent
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401 (a fixture)

PAGE_NAME = "Bizerte Céramique"
ANSWER = "Appelez-nous de 9 h à 18 h."
GOOD_BUTTON = {"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}
ENGLISH = "Write + and the country code, then the number (6 to 15 digits), e.g. +21671000000"
FRENCH = "Écrivez + et l'indicatif du pays, puis le numéro (6 à 15 chiffres), par exemple +21671000000"


@pytest.fixture(scope="module")
def owner(product):
    """Amira on a plan, owning a page of this test's own, connected."""
    session = owner_session(product)
    return {**session, "page": own_page(product, session["token"], PAGE_NAME)}


def agent_saved_before_the_check(product, owner: dict, number: str) -> int:
    """An agent of a new post whose Contact answer carries a phone button with `number`, as the old wizard saved it."""
    message = f"Vases peints main, série {number}"
    project_id = new_agent(product, owner["token"], owner["page"], message, {})
    api(product, owner["token"], "PUT", f"/project/generiqueadd/{project_id}",
        json={"intent": "contact", "genericAnswer": ANSWER, "buttons": [GOOD_BUTTON]})
    engine = create_engine(product.env["DATABASE_URL"])
    try:
        with engine.begin() as connection:
            done = connection.execute(text("UPDATE agent_intents SET buttons = :buttons WHERE agent_id = :agent"),
                                      {"buttons": json.dumps([{**GOOD_BUTTON, "payload": number}]),
                                       "agent": project_id})
            assert done.rowcount == 1
    finally:
        engine.dispose()
    return project_id


def edit_from_my_agents(tab: Page, product, owner: dict, project_id: int, lang: str = "en"):
    """Opens the agent in the wizard as the owner does (My agents, Edit: its test step, then Back to its
    configuration); its Contact card."""
    french = lang == "fr"
    open_as(tab, product, owner, "/home/my-agents", owner["page"], lang)
    tab.locator(f".agent-row[data-id='{project_id}']").get_by_role(
        "button", name="Modifier" if french else "Edit", exact=False).click()
    tab.get_by_role("button", name="Retour" if french else "Back", exact=True).click()
    card = tab.locator(".wizard__intent[data-intent=contact]")
    expect(card).to_be_visible()
    return card


def saved_buttons(product, owner: dict, project_id: int) -> list[dict]:
    project = api(product, owner["token"], "GET", f"/project/get/project/{project_id}")
    return [intent["buttons"] for intent in project["intents"] if intent["key"] == "contact"][0]


def test_a_saved_number_meta_refuses_is_said_when_the_agent_opens_and_saved_once_fixed(
        page: Page, product, owner, screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    project_id = agent_saved_before_the_check(product, owner, "21671000000")

    card = edit_from_my_agents(page, product, owner, project_id)

    number = card.get_by_label("Phone number")
    expect(number).to_have_value("21671000000")
    expect(number).to_have_attribute("aria-invalid", "true")
    expect(card.locator(".wizard__button")).to_contain_text(ENGLISH)
    assert_no_overflow(page)
    snap(page, screens_dir, "wizard-button-refused-desktop-en")

    number.fill("+216 71 000 000")
    expect(card.locator(".wizard__button")).not_to_contain_text(ENGLISH)
    card.get_by_role("button", name="Save", exact=True).click()
    expect(card.get_by_role("button", name="Saved")).to_be_visible()
    assert saved_buttons(product, owner, project_id) == [GOOD_BUTTON]
    assert console.violations() == []


def test_a_new_number_meta_refuses_is_said_in_french_on_a_phone_and_not_saved(
        page: Page, product, owner, screens_dir):  # noqa: F811
    page.set_viewport_size({"width": 375, "height": 812})
    project_id = agent_saved_before_the_check(product, owner, "+21671000000")
    card = edit_from_my_agents(page, product, owner, project_id, lang="fr")
    changes = []
    page.on("request", lambda request: changes.append(request.url) if request.method == "PUT" else None)

    card.get_by_role("button", name="+ Ajouter un bouton").click()
    second = card.locator(".wizard__button[data-index='1']")
    second.get_by_text("Téléphone", exact=True).click()
    second.get_by_label("Titre").fill("WhatsApp")
    number = second.get_by_label("Numéro de téléphone")
    number.fill("71000000")
    expect(second).not_to_contain_text(FRENCH)  # not while it is being typed
    number.blur()
    expect(second).to_contain_text(FRENCH)
    card.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(number).to_have_attribute("aria-invalid", "true")
    expect(card.get_by_role("button", name="Enregistrer", exact=True)).to_be_enabled()
    assert changes == []
    assert saved_buttons(product, owner, project_id) == [GOOD_BUTTON]
    assert_no_overflow(page)
    snap(page, screens_dir, "wizard-button-refused-phone-fr")
