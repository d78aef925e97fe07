"""Agent messages of a generic Instagram agent in a browser (spec 001 §2 "Agent messages", §4 "Comments", §5, §7
"Comments"), as tests/e2e/test_agent_messages_screen.py proves them for a Facebook page: the agent answers every
media of the account (idPost = the account's id), is built through the API, trained by a real Celery worker (which
also ingests and answers the comments) and activated. With the screen open, a fan comments on one of the account's
media in the sandbox: the comment appears matched WITHOUT a reload, with the private reply the sandbox recorded (text
only: Instagram messages have no buttons) and its why (language, intent). A comment it does not understand is answered
by hand from the reply box, which offers no buttons and only the page-name tag (Instagram gives a username, not a
first name): Sent!, and the sandbox received that private reply. At 1280 px in English and 375 px in French, with no
horizontal overflow and no CSP violation; screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, build_agent, connected, new_post, owner_session, page_id, snap,
)
from tests.e2e.screens_support import AMIRA_ID
from tests.e2e.messages_support import (
    answered_by_agent, comment, item, open_messages, sandbox_comment, wait_for_log, widen_scores,
)
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401 (screens_dir is a fixture)

FACEBOOK_PAGE = "Sousse Sneakers Shop"  # a page of this test's own, made in the sandbox, with the account below
ACCOUNT = "sousse.sneakers"
OTHER_FAN = {"id": "7345098799000013", "username": "nour.trabelsi"}
AGENT_ANSWER = "Livraison partout en Tunisie en 48 h, 7 DT."

# Per run: a fan of its own, a comment the agent answers and one it does not understand, and the screen's words.
RUNS = {
    "en": {
        "width": "desktop", "fan": {"id": "7345098799000011", "username": "leila.mansour"},
        "matched": "Do you deliver to Sousse? How long does the delivery take?", "language": "English",
        "unmatched": "I love this photo, bravo to the whole team", "answer": "Thank you from ",
        "heading": "Agent messages", "live": "Live", "filter": "Filter the comments", "not_matched": "Not matched",
        "treated": "Treated", "nothing_to_answer": "Nothing to answer", "sent": "Sent!", "intent": "Delivery",
        "why": "Answered for the intent Delivery",
        "private_reply": "Private reply", "read_only": "Answered by the agent: this conversation is read-only.",
        "box": "Your answer (sent as a private message)", "tags": "Personalise", "page_name": "Page name",
        "first_name": "First name", "add_button": "+ Add a button", "send": "Send",
    },
    "fr": {
        "width": "mobile", "fan": {"id": "7345098799000012", "username": "sami.gharbi"},
        "matched": "Vous livrez à Sousse ?", "language": "Français",
        "unmatched": "Magnifique photo, bravo à toute l'équipe", "answer": "Merci de la part de ",
        "heading": "Messages de l'agent", "live": "En direct", "filter": "Filtrer les commentaires",
        "not_matched": "Non reconnus", "treated": "Traité", "nothing_to_answer": "Rien à répondre", "sent": "Envoyé !",
        "intent": "Livraison", "why": "Répondu pour l'intention Livraison", "private_reply": "Réponse privée",
        "read_only": "Répondu par l'agent : cette conversation est en lecture seule.",
        "box": "Votre réponse (envoyée en message privé)", "tags": "Personnaliser", "page_name": "Nom de la page",
        "first_name": "Prénom", "add_button": "+ Ajouter un bouton", "send": "Envoyer",
    },
}


@pytest.fixture(scope="module")
def instagram_inbox(product, agent_worker):  # noqa: F811
    """Amira on a plan, an Instagram account of this test's own (on a sandbox page of hers) connected with the
    product's webhooks registered at the sandbox, two media of it, and a live generic agent (delivery) for the
    account with a comment answered already (so My agents offers its comments)."""
    product.run_app("register-webhooks")
    session = owner_session(product)
    jwt = session["token"]
    account = own_instagram(product, jwt)
    media = [new_post(product, account, message, platform="instagram")
             for message in ("Nouvelles baskets en boutique", "Livraison partout en Tunisie")]
    project_id = build_agent(product, jwt, account, {"delivery": AGENT_ANSWER}, platform="instagram")
    first = comment(product, media[0], "Vous livrez à Bizerte ?", OTHER_FAN)
    assert wait_for_log(product, jwt, page_id(account), first)["success"] is True
    return {**session, "page": account, "media": media, "project_id": project_id}


def own_instagram(product, jwt: str) -> dict:
    """The sandbox Facebook page FACEBOOK_PAGE of Amira's with the Instagram account ACCOUNT, the account connected
    (made once per sandbox)."""
    made = requests.post(product.sandbox_url + "/__admin/pages", json={"name": FACEBOOK_PAGE, "owner_ids": [AMIRA_ID]},
                         timeout=10)
    assert made.ok, made.text
    linked = requests.post(product.sandbox_url + "/__admin/instagram",
                           json={"page_id": made.json()["id"], "username": ACCOUNT}, timeout=10)
    assert linked.ok, linked.text
    account = connected(product, jwt, ACCOUNT, "instagram")
    assert page_id(account) == linked.json()["id"], account
    return account


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_instagram_comments_arrive_live_matched_answered_unmatched_answered_by_hand(
        request, product, instagram_inbox, screens_dir, lang):  # noqa: F811
    words = RUNS[lang]
    width = words["width"]
    tab: Page = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    console = ConsoleWatch(tab)
    jwt, account_id = instagram_inbox["token"], page_id(instagram_inbox["page"])
    fan = words["fan"]
    open_messages(tab, product, instagram_inbox, lang=lang)
    expect(tab.get_by_role("heading", name=words["heading"], exact=True)).to_be_visible()
    expect(tab.locator(".messages__live")).to_have_text(words["live"])
    tab.evaluate("window.__sameDocument = true")  # gone if anything reloads the page
    widen_scores(tab, words["filter"])

    # A fan comments on the account's second media in the sandbox: it appears, answered, with its why, without a
    # reload. The generic agent's comments are read by the account's id.
    media_id = instagram_inbox["media"][1]
    matched_id = comment(product, media_id, words["matched"], fan)
    matched = wait_for_log(product, jwt, account_id, matched_id, answered_by_agent)
    assert matched["success"] is True, matched["why"]
    sent = sandbox_comment(product, matched_id)
    assert sent["platform"] == "instagram"
    assert [(reply["text"], reply["buttons"]) for reply in sent["private_replies"]] == [(AGENT_ANSWER, [])]
    entry = item(tab, matched)
    expect(entry).to_be_visible(timeout=15000)
    expect(entry.locator(".comment__name")).to_have_text(fan["username"])
    expect(entry.locator(".comment__state")).to_have_text(words["treated"])
    entry.locator("button").click()
    conversation = tab.locator(".conversation")
    expect(conversation.locator(".conversation__comment")).to_have_text(words["matched"])
    expect(conversation.locator(".conversation__agentReply")).to_have_text(AGENT_ANSWER)
    no_buttons = conversation.locator("div:has(> .conversation__agentReply) .mantine-Badge-root")
    expect(no_buttons).to_have_count(0)
    expect(conversation.get_by_role("textbox")).to_have_count(0)
    expect(conversation.get_by_text(words["read_only"])).to_be_visible()
    why = tab.locator(".why")
    expect(why.locator(".why__language")).to_have_text(words["language"])
    expect(why.locator(".why__intent").filter(has_text=words["intent"])).to_contain_text("%")
    expect(why.locator(".why__answered")).to_contain_text(words["why"])
    done = why.locator(".why__action[data-state=done]")
    expect(done).to_have_count(1)
    expect(done).to_contain_text(words["private_reply"])
    assert tab.evaluate("window.__sameDocument") is True
    snap(tab, screens_dir, f"agent-messages-instagram-matched-{width}-{lang}")

    # A comment on the first media that asks nothing (praise) arrives in Not matched, marked as nothing to answer,
    # and can still be answered by hand; the reply box
    # offers no buttons and only the page name to personalise; the answer is sent, shows Sent!, reaches the fan.
    unmatched_id = comment(product, instagram_inbox["media"][0], words["unmatched"], fan)
    unmatched = wait_for_log(product, jwt, account_id, unmatched_id)
    if unmatched["success"]:
        pytest.fail(f"the comment meant to be unmatched matched: {unmatched['why']}")
    tab.get_by_role("tab", name=re.compile("^" + words["not_matched"])).click()
    widen_scores(tab, words["filter"])
    entry = item(tab, unmatched)
    expect(entry).to_be_visible(timeout=15000)
    expect(entry.locator(".comment__state")).to_have_text(words["nothing_to_answer"])
    entry.locator("button").click()
    expect(conversation.locator(".conversation__comment")).to_have_text(words["unmatched"])
    expect(tab.locator(".why__reason")).not_to_be_empty()
    expect(tab.locator(".reply__buttons")).to_have_count(0)
    expect(tab.get_by_role("button", name=words["add_button"])).to_have_count(0)
    box = tab.get_by_role("textbox", name=words["box"])
    box.fill(words["answer"])
    tab.get_by_role("button", name=words["tags"]).click()
    expect(tab.get_by_role("menuitem")).to_have_count(1)
    expect(tab.get_by_role("menuitem", name=words["first_name"])).to_have_count(0)
    tab.get_by_role("menuitem", name=words["page_name"]).click()
    expect(box).to_have_value(words["answer"] + "##PAGE_NAME##")
    snap(tab, screens_dir, f"agent-messages-instagram-reply-{width}-{lang}")
    tab.get_by_role("button", name=words["send"], exact=True).click()
    expect(entry.locator(".comment__state")).to_have_text(words["sent"])
    expect(tab.locator(".conversation__manualState")).to_contain_text(words["sent"])
    expect(tab.locator(".conversation__manual")).to_have_text(words["answer"] + ACCOUNT)
    replies = sandbox_comment(product, unmatched_id)["private_replies"]
    assert [(reply["text"], reply["buttons"]) for reply in replies] == [(words["answer"] + ACCOUNT, [])], replies
    assert tab.evaluate("window.__sameDocument") is True
    snap(tab, screens_dir, f"agent-messages-instagram-sent-{width}-{lang}")
    assert console.violations() == []
