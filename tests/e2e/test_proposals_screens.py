"""Learning from what an agent missed, in a browser: the agent is replayed from My agents over its post's past
comments (a real Celery worker reading the sandbox), then its Suggestions screen (My agents' light bulb) proposes
"blouza" (written by two commenters where a product is expected) for the post's product; before accepting, the chat
simulator answers "combien la blouza ?" with the generic price answer, after accepting with the product's answer.
The same screen at 1280 px and 375 px, in English and French, with no horizontal overflow; screenshots go to
/tmp/screens/.

The agent is built through the API and never trained: a replay and the simulator run it as configured now. The
post's comments are written in the sandbox as past ones (no webhook), so only the replay reads them."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, build_agent, new_post, open_as, own_page, owner_session, page_id, white_list,
)
from tests.e2e.screens_support import api, assert_no_overflow
from tests.e2e.messages_support import comment, item, wait_for_log
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

PAGE_NAME = "Atelier Lin"
POST = "Robe en lin"
GENERIC = "Dites-nous quel article vous intéresse et nous vous donnons son prix."
PRODUCT_ANSWER = "La robe en lin est à 89 DT."
FANS = [{"id": "720001", "name": "Salma Haddad"}, {"id": "720002", "name": "Karim Mansour"}]
# Each said by both fans: a word where the product is expected, an intent the agent lacks, a question in two ways.
SAID = [("Combien la blouza ?", "Prix de la blouza svp"), ("Vous livrez à Sfax ?", "Livraison possible à Sousse ?"),
        ("vous avez une page insta ?", "vous avez une page instagram ?")]


@pytest.fixture(scope="module")
def owner(product, agent_worker):  # noqa: F811
    """Amira's own page, a post with its past comments, and a draft agent on it answering the price (the linen
    dress with its own answer)."""
    session = owner_session(product)
    jwt = session["token"]
    page = own_page(product, jwt, PAGE_NAME)
    white_list(product, page)
    post_id = new_post(product, page, POST)
    said = [{"message": text, "from": fan} for pair in SAID for text, fan in zip(pair, FANS)]
    past = requests.post(product.sandbox_url + "/__admin/comments/past", timeout=10,
                         json={"post_id": post_id, "comments": said})
    assert past.ok, past.text
    project_id = api(product, jwt, "POST", "/project/add", json={"post": {
        "idPage": page_id(page), "name": page["name"], "typePage": "facebook", "idPost": post_id, "picture": None,
        "message": POST, "status": "published", "published": True}})
    api(product, jwt, "PUT", f"/project/update/{project_id}", json={
        "entity": POST, "intent": "Price", "genericAnswer": GENERIC, "specificAnswer": PRODUCT_ANSWER, "buttons": [],
        "categorie": "Robes"})
    return {**session, "page": page, "project": project_id}


def simulate(tab: Page, text: str, reply: str) -> None:
    simulator = tab.locator(".wizard__simulator")
    simulator.get_by_role("textbox").fill(text)
    simulator.get_by_role("button", name="Send").click()
    expect(simulator.locator(".wizard__reply").last).to_contain_text(reply)


def test_replay_then_accept_a_synonym_and_the_simulator_names_the_product(page: Page, product, owner,
                                                                          screens_dir):  # noqa: F811
    open_as(page, product, owner, "/home/my-agents", owner["page"])
    page.get_by_role("button", name=f"Replay {POST} on past comments").click()
    drawer = page.locator(".replay__drawer [role=dialog]")
    drawer.get_by_role("button", name="Start the replay").click()
    expect(drawer.locator(".replay")).to_have_attribute("data-state", "done", timeout=30_000)
    page.keyboard.press("Escape")
    page.get_by_role("button", name=f"Suggestions for {POST}").click()

    expect(page.get_by_role("heading", name="Suggestions", level=1)).to_be_visible()
    synonym = page.locator(".proposal[data-kind=synonym]")
    # The first computation in the web process loads the intent model and the clustering library.
    expect(synonym).to_have_count(1, timeout=30_000)
    expect(synonym).to_contain_text("“blouza” for Robe en lin")
    expect(synonym).to_contain_text("2 comments, 2 commenters")
    expect(synonym).to_contain_text("“Combien la blouza ?”")
    expect(page.locator(".proposal[data-kind=intent]")).to_contain_text("Intent: Delivery")
    expect(page.locator(".proposal[data-kind=phrasing]")).to_contain_text("vous avez une page insta")
    simulate(page, "combien la blouza ?", GENERIC)  # the product is not recognised yet
    assert_no_overflow(page)
    shoot(page, screens_dir, "proposals-desktop-en")

    synonym.get_by_role("button", name="Accept").click()
    expect(synonym).to_have_count(0)
    simulate(page, "combien la blouza ?", PRODUCT_ANSWER)

    open_as(page, product, owner, f"/home/agent-suggestions/{owner['project']}", owner["page"], lang="fr")
    expect(page.locator(".proposal[data-kind=intent]")).to_contain_text("Intention : Livraison")
    expect(page.locator(".proposal[data-kind=synonym]")).to_have_count(0)  # accepted: not proposed again
    assert_no_overflow(page)
    shoot(page, screens_dir, "proposals-desktop-fr")


def test_suggestions_on_a_phone_from_the_wizard_and_a_rejection(mobile_page: Page, product, owner,
                                                                screens_dir):  # noqa: F811
    tab = mobile_page
    open_as(tab, product, owner, "/home/my-agents", owner["page"], lang="fr")
    expect(tab.get_by_role("button", name=f"Suggestions pour {POST}")).to_be_visible()
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "proposals-my-agents-mobile-fr")
    tab.get_by_role("button", name=f"Modifier {POST}").click()
    tab.get_by_role("link", name="Suggestions des commentaires manqués").click()
    phrasing = tab.locator(".proposal[data-kind=phrasing]")
    expect(phrasing).to_contain_text("2 commentaires, 2 personnes")
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "proposals-mobile-fr")

    phrasing.get_by_role("button", name="Refuser").click()
    expect(phrasing).to_have_count(0)
    open_as(tab, product, owner, f"/home/agent-suggestions/{owner['project']}", owner["page"])
    expect(tab.locator(".proposal[data-kind=intent]")).to_contain_text("Intent: Delivery")
    expect(tab.locator(".proposal[data-kind=phrasing]")).to_have_count(0)  # rejected: never back
    assert_no_overflow(tab)
    shoot(tab, screens_dir, "proposals-mobile-en")


def test_the_why_of_a_missed_comment_links_to_its_suggestion(page: Page, mobile_page: Page, product, owner,
                                                             screens_dir):  # noqa: F811
    """A live agent answering delivery gets two size questions through the webhook and the worker: once the
    suggestions are computed, the why of each links to "intent size", which opens the Suggestions screen."""
    product.run_app("register-webhooks")
    jwt = owner["token"]
    post_id = new_post(product, owner["page"], "Caftans brodés")
    project_id = build_agent(product, jwt, owner["page"], {"delivery": "Livraison partout en 48 h."}, post_id=post_id,
                             message="Caftans brodés")
    questions = ("Quelle taille pour le caftan, je fais du 40 ?", "C'est quelle taille le modèle ? je fais du M")
    asked = [comment(product, post_id, text, fan) for text, fan in zip(questions, FANS)]
    logs = [wait_for_log(product, jwt, post_id, comment_id) for comment_id in asked]
    assert [log["success"] for log in logs] == [False, False]
    api(product, jwt, "GET", f"/agents/{project_id}/proposals")  # the suggestions, as the screen computes them

    for tab, lang, comments_of, not_matched, link_text, name in (
            (page, "en", "Comments of", "Not matched", "Suggested: intent Size", "why-desktop-en"),
            (mobile_page, "fr", "Commentaires de", "Non reconnus", "Suggéré : intention Taille", "why-mobile-fr")):
        open_as(tab, product, owner, "/home/my-agents", owner["page"], lang=lang)
        tab.locator(f".agent-row[data-id='{project_id}']").get_by_role(
            "button", name=re.compile(f"^{comments_of}")).click()
        tab.get_by_role("tab", name=re.compile(f"^{not_matched}")).click()
        item(tab, logs[0]).locator("button").click()
        link = tab.locator(".why__proposal")
        expect(link).to_have_text(link_text)
        link.scroll_into_view_if_needed()
        assert_no_overflow(tab)
        shoot(tab, screens_dir, f"proposals-{name}", full_page=False)
    link.click()
    expect(mobile_page.locator(".proposal[data-kind=intent]")).to_contain_text("Intention : Taille")
