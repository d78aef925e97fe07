"""Issue 42 §3 in a browser: an owner writes an answer in Arabic beside its default (French) text in the wizard, and
the chat simulator answers each comment in its language, saying which version it sent.

- At 1280 px in English: an agent's Delivery card, opened from My agents, shows its languages in tabs beside the
  default; the Arabic answer is typed right to left, marked written, saved (read back through the API), then the
  simulator answers an Arabic comment in Arabic and an English one with the default answer, each saying so. The same
  card at 375 px.
- At 375 px in French: the same with the French tabs, and a Tunisian comment in Arabic letters gets the Arabic
  answer (no Tunisian one written). The same card at 1280 px.

Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import open_as, own_page, owner_session, snap
from tests.e2e.screens_support import api
from tests.e2e.test_agents_screens import new_agent
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401 (a fixture)

PAGE_NAME = "Sfax Dattes & Co"
WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 812}}
DEFAULT = "Livraison partout en Tunisie en 48 h, 7 DT."
ARABIC = "التوصيل إلى كل الولايات في 48 ساعة، بسبعة دنانير."
# The wizard's words in each language: the card's and the simulator's.
WORDS = {
    "en": {"edit": "Edit", "back": "Back", "arabic": "Arabic", "response": "Generic response in Arabic", "save": "Save",
           "saved": "Saved", "written": "written", "next": "Next", "comment": "Write a comment…", "send": "Send"},
    "fr": {"edit": "Modifier", "back": "Retour", "arabic": "Arabe", "response": "Réponse générique en arabe",
           "save": "Enregistrer", "saved": "Enregistrée", "written": "écrite", "next": "Suivant",
           "comment": "Écrire un commentaire…", "send": "Envoyer"},
}


@pytest.fixture(scope="module")
def owner(product):
    """Amira on a plan, owning a page of this test's own, connected."""
    session = owner_session(product)
    return {**session, "page": own_page(product, session["token"], PAGE_NAME)}


def delivery_card(tab: Page, product, owner: dict, project_id: int, lang: str):
    """The agent opened in the wizard from My agents (its test step, then Back to its configuration): its Delivery
    card."""
    words = WORDS[lang]
    open_as(tab, product, owner, "/home/my-agents", owner["page"], lang)
    tab.locator(f".agent-row[data-id='{project_id}']").get_by_role("button", name=words["edit"], exact=False).click()
    tab.get_by_role("button", name=words["back"], exact=True).click()
    card = tab.locator(".wizard__intent[data-intent=delivery]")
    expect(card).to_be_visible()
    return card


def write_arabic(tab: Page, card, lang: str) -> None:
    """Types the Arabic answer in its tab (read right to left), and saves it."""
    words = WORDS[lang]
    arabic_tab = card.get_by_role("tab", name=words["arabic"])
    arabic_tab.click()
    field = card.get_by_label(words["response"])
    field.fill(ARABIC)
    expect(field).to_have_attribute("dir", "auto")
    assert field.evaluate("node => node.matches(':dir(rtl)')"), "the Arabic answer reads right to left"
    expect(arabic_tab).to_contain_text(words["written"])
    card.get_by_role("button", name=words["save"], exact=True).click()
    expect(card.get_by_role("button", name=words["saved"])).to_be_visible()


def say(tab: Page, comment: str, lang: str):
    """Sends a test comment in the simulator; the agent's reply."""
    words = WORDS[lang]
    replies = tab.locator(".wizard__reply")
    before = replies.count()
    tab.get_by_label(words["comment"]).fill(comment)
    tab.get_by_role("button", name=words["send"]).click()
    # The first reply of a fresh product loads the matching engine's model in the web process: seconds on a busy
    # machine.
    expect(replies).to_have_count(before + 1, timeout=30_000)
    return replies.last


def answered(tab: Page, comment: str, lang: str, text: str, note: str) -> None:
    """The simulator's reply to `comment` is `text`, saying which version it is."""
    reply = say(tab, comment, lang)
    expect(reply).to_contain_text(text)
    expect(reply.locator(".answerLanguage").first).to_have_text(note)


def snap_both_widths(tab: Page, screens_dir, lang: str, first: str) -> None:
    """The screen at both widths (nothing wider than the window), back at the `first` one."""
    for width in sorted(WIDTHS, key=lambda name: name != first):
        tab.set_viewport_size(WIDTHS[width])
        snap(tab, screens_dir, f"wizard-languages-{width}-{lang}")
    tab.set_viewport_size(WIDTHS[first])


def saved_versions(product, owner: dict, project_id: int) -> dict:
    project = api(product, owner["token"], "GET", f"/project/get/project/{project_id}")
    return [intent for intent in project["intents"] if intent["key"] == "delivery"][0]["answers"]


def test_an_arabic_answer_written_in_english_at_1280_and_chosen_by_the_simulator(
        page: Page, product, owner, screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    project_id = new_agent(product, owner["token"], owner["page"], "Deglet nour, récolte 2026", {"delivery": DEFAULT})
    card = delivery_card(page, product, owner, project_id, "en")
    tabs = card.get_by_role("tablist", name="Languages of the answer")
    expect(tabs.get_by_role("tab")).to_have_text(["Default", "French", "English", "Arabic", "Tunisian"])
    expect(card.get_by_label("Generic response", exact=True)).to_have_value(DEFAULT)

    write_arabic(page, card, "en")
    assert saved_versions(product, owner, project_id) == {"ar": ARABIC}
    snap_both_widths(page, screens_dir, "en", "desktop")

    page.get_by_role("button", name="Next", exact=True).click()
    answered(page, "هل يوجد توصيل إلى صفاقس؟", "en", ARABIC, "Comment in Arabic · answer written in Arabic")
    answered(page, "Do you deliver to Sfax?", "en", DEFAULT,
             "Comment in English · default answer (none written in English)")
    snap(page, screens_dir, "wizard-languages-simulator-desktop-en")
    assert console.violations() == []


def test_an_arabic_answer_written_in_french_on_a_phone_answers_a_tunisian_comment(
        page: Page, product, owner, screens_dir):  # noqa: F811
    page.set_viewport_size(WIDTHS["phone"])
    project_id = new_agent(product, owner["token"], owner["page"], "Dattes fourrées, coffret", {"delivery": DEFAULT})
    card = delivery_card(page, product, owner, project_id, "fr")
    expect(card.get_by_role("tablist", name="Langues de la réponse").get_by_role("tab")).to_have_text(
        ["Par défaut", "Français", "Anglais", "Arabe", "Tunisien"])

    write_arabic(page, card, "fr")
    assert saved_versions(product, owner, project_id) == {"ar": ARABIC}
    snap_both_widths(page, screens_dir, "fr", "phone")

    page.get_by_role("button", name="Suivant", exact=True).click()
    answered(page, "فما توصيل لصفاقس؟", "fr", ARABIC, "Commentaire en tunisien · réponse écrite en arabe")
    snap(page, screens_dir, "wizard-languages-simulator-phone-fr")
