"""Replay before going live in a browser: from My agents (a button on the agent's row) and from the wizard's last
step (beside the chat simulator), an agent is replayed over its post's past comments by a real Celery worker against
the sandbox; the drawer shows the progress, then what it would answer (by intent), hide and leave unanswered (by
reason) with samples, the private reply's buttons shown as buttons, and after an edit what changed. At 1280 px and
375 px, in English and French, with no horizontal overflow. Screenshots go to screens/ and /tmp/screens/.

The agent is built through the API and never trained: a replay runs it as configured now. The post's comments are
written in the sandbox as past ones (no webhook), so nothing but the replay reads them."""
from __future__ import annotations

import re
import shutil

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, new_post, open_as, own_page, owner_session, page_id, white_list,
)
from tests.e2e.screens_support import api, assert_no_overflow, dialog_fits
from tests.e2e.test_layout_screens import VIEWING_COPY, screens_dir, shoot  # noqa: F401 (screens_dir: a fixture)

PAGE_NAME = "Lin et Jasmin"
POST = "Robe en lin"
PRICE_ANSWER = "La robe en lin est à 89 DT."
BUTTON = {"type": "web_url", "url": "https://shop.example/lin", "title": "Voir la robe"}
FAN = {"id": "710001", "name": "Salma Haddad"}
COMMENTS = ["Prix svp", "c est combien ?", "regardez https://promo.example/offre", "Service nul, très déçue, arnaque !",
            "Magnifique, bravo !", "Vous livrez à Sfax ?"]


@pytest.fixture(scope="module")
def owner(product, agent_worker):  # noqa: F811
    """Amira's own page with anti-spam and hide-negative on, a post with its past comments, and a draft agent on it
    answering the price with a button."""
    session = owner_session(product)
    jwt = session["token"]
    page = own_page(product, jwt, PAGE_NAME)
    white_list(product, page)
    api(product, jwt, "PUT", f"/pages/preference/{page_id(page)}/facebook", json={"spam": True, "hideComment": True})
    post_id = new_post(product, page, POST)
    past = requests.post(product.sandbox_url + "/__admin/comments/past", timeout=10,
                         json={"post_id": post_id, "comments": [{"message": text, "from": FAN} for text in COMMENTS]})
    assert past.ok, past.text
    project_id = api(product, jwt, "POST", "/project/add", json={"post": {
        "idPage": page_id(page), "name": page["name"], "typePage": "facebook", "idPost": post_id, "picture": None,
        "message": POST, "status": "published", "published": True}})
    api(product, jwt, "PUT", f"/project/generiqueadd/{project_id}",
        json={"intent": "Price", "genericAnswer": PRICE_ANSWER, "buttons": [BUTTON]})
    return {**session, "page": page, "project": project_id}


def drawer(tab: Page):
    return tab.locator(".replay__drawer [role=dialog]")


def replayed(tab: Page, start_label: str, answered_label: str):
    """Starts a replay in the open drawer and waits for its summary (a replay other than the one shown before)."""
    panel = drawer(tab)
    expect(panel.locator(".replay")).to_be_visible()
    before = panel.locator(".replay").get_attribute("data-replay") or ""
    panel.get_by_role("button", name=start_label).click()
    expect(panel.locator(".replay")).not_to_have_attribute("data-replay", before)
    expect(panel.locator(".replay")).to_have_attribute("data-state", "done", timeout=30_000)
    expect(panel.locator(".replay__stat--answered")).to_contain_text(answered_label)
    return panel


def test_replay_from_my_agents_then_again_after_an_edit(page: Page, product, owner, screens_dir):  # noqa: F811
    open_as(page, product, owner, "/home/my-agents", owner["page"])
    page.get_by_role("button", name=f"Replay {POST} on past comments").click()
    panel = replayed(page, "Start the replay", "Would answer2")

    expect(panel.locator(".replay__stat--hidden")).to_contain_text("Would hide2")
    expect(panel.locator(".replay__stat--unanswered")).to_contain_text("Left unanswered4")
    expect(panel.locator(".replay__counts--intent")).to_contain_text("Price: 2")
    expect(panel.locator(".replay__counts--reason")).to_contain_text("An intent the agent lacks: 1")
    answered = panel.locator(".replay__comment").filter(has_text="Prix svp")
    expect(answered.locator(".replay__reply")).to_contain_text(PRICE_ANSWER)
    expect(answered.get_by_role("button", name="Voir la robe")).to_be_visible()  # a button, never a link or HTML
    dialog_fits(page)
    assert_no_overflow(page)
    shoot(page, screens_dir, "replay-summary-desktop-en", full_page=False)

    panel.get_by_role("tab", name="Unanswered (4)").click()
    panel.get_by_role("button", name="An intent the agent lacks (1)").click()
    lacking = panel.locator(".replay__group--unanswered-intent_not_in_agent")
    expect(lacking).to_contain_text("Vous livrez à Sfax ?")
    expect(lacking).to_contain_text("The comment is about Delivery, an intent this agent does not have.")
    lacking.scroll_into_view_if_needed()
    shoot(page, screens_dir, "replay-unanswered-desktop-en", full_page=False)

    # The edit: the agent learns Delivery; replayed again, the comment about it is newly answered.
    api(product, owner["token"], "PUT", f"/project/generiqueadd/{owner['project']}",
        json={"intent": "delivery", "genericAnswer": "Livraison partout en 48 h."})
    panel = replayed(page, "Replay again", "Would answer3")
    expect(panel.get_by_role("tab", name="Changes")).to_have_attribute("aria-selected", "true")
    expect(panel.locator(".replay__stat--new")).to_contain_text("Newly answered1")
    expect(panel.locator(".replay__group--new")).to_contain_text("Vous livrez à Sfax ?")
    expect(panel.locator(".replay__group--new")).to_contain_text("Livraison partout en 48 h.")
    shoot(page, screens_dir, "replay-changes-desktop-en", full_page=False)

    # The same drawer in French reads the latest replay again.
    open_as(page, product, owner, "/home/my-agents", owner["page"], lang="fr")
    page.get_by_role("button", name=f"Rejouer {POST} sur les anciens commentaires").click()
    expect(drawer(page).locator(".replay__stat--answered")).to_contain_text("Répondrait3")
    assert_no_overflow(page)
    shoot(page, screens_dir, "replay-summary-desktop-fr", full_page=False)


def test_replay_from_the_wizards_last_step_on_a_phone(mobile_page: Page, product, owner,
                                                      screens_dir):  # noqa: F811
    tab = mobile_page
    open_as(tab, product, owner, "/home/my-agents", owner["page"], lang="fr")
    tab.get_by_role("button", name=f"Modifier {POST}").click()
    expect(tab.locator(".wizard__stepName")).to_have_text("Étape 4 sur 4 : Test")
    expect(tab.locator(".wizard__replay")).to_be_visible()
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "replay-wizard-step3-mobile-fr")
    tab.get_by_role("button", name="Rejouer sur l'historique").click()
    panel = drawer(tab)

    # While Facebook answers "slow down", the replay waits and shows its progress; cancelled, it stops.
    requests.post(product.sandbox_url + "/__admin/faults", timeout=10,
                  json={"kind": "rate_limit", "scope": page_id(owner["page"]), "code": 80001}).raise_for_status()
    try:
        panel.get_by_role("button", name=re.compile("^(Rejouer encore|Lancer le rejeu)$")).click()
        expect(panel.get_by_label("Avancement du rejeu")).to_be_visible()
        expect(panel.locator(".replay__running")).to_contain_text("Meta a demandé de ralentir")
        dialog_fits(tab)
        # The progress bar's stripes move for as long as it runs: shot with animations stopped.
        running = screens_dir / "replay-running-mobile-fr.png"
        tab.screenshot(path=str(running), animations="disabled")
        shutil.copy(running, VIEWING_COPY / running.name)
        panel.get_by_role("button", name="Annuler le rejeu").click()
        expect(panel.locator(".replay")).to_have_attribute("data-state", "cancelled")
        expect(panel.locator(".replay__state")).to_contain_text("Annulé")
    finally:
        requests.delete(product.sandbox_url + "/__admin/faults", timeout=10).raise_for_status()

    panel = replayed(tab, "Rejouer encore", "Répondrait")
    expect(panel.locator(".replay__state")).to_contain_text("Terminé")
    dialog_fits(tab)
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "replay-summary-mobile-fr", full_page=False)

    open_as(tab, product, owner, "/home/my-agents", owner["page"])
    tab.get_by_role("button", name=f"Replay {POST} on past comments").click()
    panel = drawer(tab)
    expect(panel.locator(".replay__stat--answered")).to_be_visible()
    panel.get_by_role("tab", name="Answered (3)", exact=True).click()
    expect(panel.get_by_role("button", name="Voir la robe").first).to_be_visible()
    dialog_fits(tab)
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "replay-answered-mobile-en", full_page=False)
