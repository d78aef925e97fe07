"""Agent messages in a browser (spec 001 §2 "Agent messages", §4 "Comments", §7 "Comments"): with an active agent
(built through the API and trained by a real Celery worker, which also ingests and answers comments), comments typed
by a fan in the sandbox appear on the open screen WITHOUT a reload: a matched one with the agent's reply sent
(Treated) and its why (language, intents with scores, what was done); an unmatched one answered by hand, with an
emoji and a personalisation tag, shows Sent! and reaches the fan as a private message; a manual answer the Graph API
refuses shows the API's error. The score slider's defaults and reset, both searches; at 1280 px and 375 px, in
English and French, with no horizontal overflow and no CSP violation. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, build_agent, connected, new_post, open_as, owner_session, page_id,
)
from tests.e2e.messages_support import (
    answered_by_agent, comment, item, open_messages, sandbox_comment, score_percent, wait_for_log, widen_scores,
)
from tests.e2e.screens_support import api, assert_no_overflow
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

PAGE_NAME = "Tunis Tech Store"
OTHER_FAN = {"id": "7345098799000002", "name": "Sami Gharbi"}
AGENT_ANSWER = "Hello ##FIRST_NAME##, we deliver everywhere in Tunisia within 48 hours."
MATCHED_TEXT = "Do you deliver to Sousse? How long does the delivery take?"
UNMATCHED_TEXT = "I love this page, bravo to the whole team"


@pytest.fixture(scope="module")
def inbox(product, agent_worker):  # noqa: F811
    """Amira on a plan, Tunis Tech Store connected with the product's webhooks registered at the sandbox, and a live
    agent (delivery) on a post of its own with a matched and an unmatched comment already (so My agents offers its
    comments)."""
    product.run_app("register-webhooks")
    session = owner_session(product)
    jwt = session["token"]
    page = connected(product, jwt, PAGE_NAME)
    post_id = new_post(product, page, "New phones in store: delivery everywhere")
    project_id = build_agent(product, jwt, page, {"delivery": AGENT_ANSWER}, post_id=post_id)
    first = comment(product, post_id, "Do you deliver to Bizerte? How long does the delivery take?", OTHER_FAN)
    assert wait_for_log(product, jwt, post_id, first)["success"] is True
    second = comment(product, post_id, "Nice shop, see you soon", OTHER_FAN)
    assert wait_for_log(product, jwt, post_id, second)["success"] is False
    return {**session, "page": page, "post_id": post_id, "project_id": project_id}


def test_comments_arrive_live_matched_answered_unmatched_answered_by_hand(page: Page, product, inbox,
                                                                          screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    jwt, post_id = inbox["token"], inbox["post_id"]
    open_messages(page, product, inbox)
    expect(page.get_by_role("heading", name="Agent messages", exact=True)).to_be_visible()
    expect(page.locator(".messages__live")).to_have_text("Live")
    page.evaluate("window.__sameDocument = true")  # gone if anything reloads the page

    # The slider opens on 18-82 for matched; the comment already there is shown only if its score is in range.
    page.get_by_role("button", name="Filter the comments").click()
    expect(page.locator(".comments__range")).to_have_text("Above 18% and up to 82%")
    page.keyboard.press("Escape")
    first = api(product, jwt, "GET", f"/logEvent/post/{post_id}/all")["data"][0]
    percent = score_percent(first)
    expect(item(page, first)).to_have_count(1 if percent is None or 18 < percent <= 82 else 0)
    widen_scores(page)
    expect(item(page, first)).to_have_count(1)

    # A fan types a matched comment in the sandbox: it appears, answered, with its why, without a reload.
    matched_id = comment(product, post_id, MATCHED_TEXT)
    matched = wait_for_log(product, jwt, post_id, matched_id, answered_by_agent)
    assert matched["success"] is True
    entry = item(page, matched)
    expect(entry).to_be_visible(timeout=15000)
    expect(entry.locator(".comment__name")).to_have_text("Leila Mansour")
    expect(entry.locator(".comment__state")).to_have_text("Treated")
    entry.locator("button").click()
    conversation = page.locator(".conversation")
    expect(conversation.locator(".conversation__comment")).to_have_text(MATCHED_TEXT)
    expect(conversation.locator(".conversation__agentReply")).to_have_text(
        "Hello Leila, we deliver everywhere in Tunisia within 48 hours.")
    expect(conversation.get_by_text("Answered by the agent: this conversation is read-only.")).to_be_visible()
    expect(conversation.get_by_role("textbox")).to_have_count(0)
    why = page.locator(".why")
    expect(why.locator(".why__language")).to_have_text("English")
    expect(why.locator(".why__intent").filter(has_text="Delivery")).to_contain_text("%")
    expect(why.locator(".why__answered")).to_contain_text("Answered for the intent Delivery")
    expect(why.locator(".why__action[data-state=done]").filter(has_text="Private reply")).to_contain_text("sent")
    expect(page.locator(".profile")).to_contain_text("Leila Mansour")
    sent = sandbox_comment(product, matched_id)["private_replies"]
    assert [reply["text"] for reply in sent] == ["Hello Leila, we deliver everywhere in Tunisia within 48 hours."]
    assert page.evaluate("window.__sameDocument") is True
    assert_no_overflow(page)
    shoot(page, screens_dir, "agent-messages-matched-desktop-en")

    # Search in matched is by name.
    search = page.get_by_role("textbox", name="Search by name")
    search.fill("LEILA")
    expect(entry).to_be_visible()
    expect(item(page, first)).to_have_count(0)
    search.fill("")

    # An unmatched comment (praise) arrives in Not matched, as nothing to answer; answered by hand, it shows Sent!.
    unmatched_id = comment(product, post_id, UNMATCHED_TEXT)
    unmatched = wait_for_log(product, jwt, post_id, unmatched_id)
    assert unmatched["success"] is False
    page.get_by_role("tab", name=re.compile("^Not matched")).click()
    page.get_by_role("button", name="Filter the comments").click()
    expect(page.locator(".comments__range")).to_have_text("Above 10% and up to 80%")
    page.locator(".comments__filter").get_by_role("button", name="Reset").click()
    expect(page.locator(".comments__range")).to_have_text("Above 10% and up to 81%")
    page.keyboard.press("Escape")
    entry = item(page, unmatched)
    expect(entry).to_be_visible(timeout=15000)
    expect(entry.locator(".comment__state")).to_have_text("Nothing to answer")  # praise asks nothing
    page.get_by_role("textbox", name="Search in messages").fill("BRAVO")
    expect(entry).to_be_visible()
    page.get_by_role("textbox", name="Search in messages").fill("")
    entry.locator("button").click()
    expect(page.locator(".why__reason")).not_to_be_empty()
    box = page.get_by_role("textbox", name="Your answer (sent as a private message)")
    box.fill("Thank you ")
    page.get_by_role("button", name="Personalise").click()
    page.get_by_role("menuitem", name="First name").click()
    box.press("End")
    page.get_by_role("button", name="Emoji").click()
    picker = page.locator(".reply__emojis")
    expect(picker.locator("[data-epr-unified]").first).to_be_visible(timeout=10000)
    smiley = picker.locator("[data-epr-unified]").first
    emoji = smiley.get_attribute("data-epr-unified")
    smiley.click()
    page.keyboard.press("Escape")
    written = box.input_value()
    assert written.startswith("Thank you ##FIRST_NAME##") and len(written) > len("Thank you ##FIRST_NAME##")
    shoot(page, screens_dir, "agent-messages-reply-desktop-en", full_page=False)
    page.get_by_role("button", name="Send", exact=True).click()
    expect(entry.locator(".comment__state")).to_have_text("Sent!")
    expect(page.locator(".conversation__manualState")).to_contain_text("Sent!")
    replies = sandbox_comment(product, unmatched_id)["private_replies"]
    assert len(replies) == 1 and replies[0]["text"].startswith("Thank you Leila"), replies
    assert chr(int(emoji.split("-")[0], 16)) in replies[0]["text"]
    assert page.evaluate("window.__sameDocument") is True
    shoot(page, screens_dir, "agent-messages-sent-desktop-en")

    # A manual answer the Graph API refuses shows its error, and the comment stays to answer.
    refused_id = comment(product, post_id, "Where can I see you, at what time on Sunday evening for a coffee?",
                         OTHER_FAN)
    refused = wait_for_log(product, jwt, post_id, refused_id)
    if refused["success"]:
        pytest.fail(f"the comment meant to be unmatched matched: {refused['why']}")
    entry = item(page, refused)
    expect(entry).to_be_visible(timeout=15000)
    entry.locator("button").click()
    fault = requests.post(product.sandbox_url + "/__admin/faults",
                          json={"scope": page_id(inbox["page"]), "kind": "permission", "count": 1}, timeout=10)
    assert fault.ok, fault.text
    try:
        page.get_by_role("textbox", name="Your answer (sent as a private message)").fill("We are open until 20:00.")
        page.get_by_role("button", name="Send", exact=True).click()
        error = page.locator(".reply__error")
        expect(error).to_contain_text("The network refused the answer")
        expect(error).to_contain_text(re.compile(r"\d+"))
        shoot(page, screens_dir, "agent-messages-refused-desktop-en", full_page=False)
    finally:
        requests.delete(product.sandbox_url + "/__admin/faults", timeout=10)
    assert sandbox_comment(product, refused_id)["private_replies"] == []

    # The chosen agent is kept under `state`: a reload shows its comments again.
    page.reload()
    expect(page.locator(".messages__live")).to_have_text("Live")  # the slider is back on 18-82
    expect(item(page, matched)).to_have_count(1 if 18 < score_percent(matched) <= 82 else 0)
    page.get_by_role("tab", name=re.compile("^Not matched")).click()
    expect(item(page, unmatched).locator(".comment__state")).to_have_text("Sent!")
    assert console.violations() == []


def test_the_tabs_stay_where_they_are_while_the_comments_load(mobile_page: Page, product, inbox):
    """The screen's first request for the comments is held (Playwright's routing) until the tabs have been measured:
    what shows meanwhile is in the list, so the comments' coming moves no tab from under a thumb reaching for it.
    Above the panels, the loader's going moved them 59 px up on a phone, and a browser test's tap chose nothing."""
    held = []
    mobile_page.route(f"**/api/v1/secure/logEvent/post/{inbox['post_id']}/all", lambda route: held.append(route))
    open_messages(mobile_page, product, inbox)
    not_matched = mobile_page.get_by_role("tab", name=re.compile("^Not matched"))
    expect(mobile_page.get_by_role("list").get_by_label("Loading…")).to_be_visible()
    for _ in range(200):  # the screen asks once it has its agent; Playwright hands the request over as it waits
        if held:
            break
        mobile_page.wait_for_timeout(50)
    assert len(held) == 1
    before = not_matched.bounding_box()

    held[0].continue_()
    expect(mobile_page.locator(".messages__live")).to_have_text("Live")
    expect(mobile_page.get_by_label("Loading…")).to_have_count(0)
    assert not_matched.bounding_box() == before
    # Each tab's count reads whole on a phone: none cut by its badge being squeezed beside the other tab.
    cut = mobile_page.locator("[role=tab] .mantine-Badge-label").evaluate_all(
        "labels => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent)")
    assert cut == []


def test_without_a_chosen_agent_it_goes_back_to_my_agents(page: Page, product, inbox):
    open_as(page, product, inbox, "/home/my-agents-messages", inbox["page"])
    page.wait_for_url(product.web_url + "/home/my-agents")
    expect(page.get_by_role("heading", name="My agents", exact=True)).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", ["desktop", "mobile"])
def test_three_panels_fit(request, product, inbox, screens_dir, lang, width):  # noqa: F811
    tab = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    console = ConsoleWatch(tab)
    texts = {"en": ("Agent messages", "Filter the comments", "Why", "Profile"),
             "fr": ("Messages de l'agent", "Filtrer les commentaires", "Pourquoi", "Profil")}[lang]
    open_messages(tab, product, inbox, lang=lang)
    expect(tab.get_by_role("heading", name=texts[0], exact=True)).to_be_visible()
    widen_scores(tab, texts[1])
    tab.locator(".comment-item button").first.click()
    expect(tab.get_by_role("heading", name=texts[2], exact=True)).to_be_visible()
    expect(tab.get_by_role("heading", name=texts[3], exact=True)).to_be_visible()
    names = [("region", "Comments" if lang == "en" else "Commentaires"), ("region", "Conversation"),
             ("complementary", "Why and profile" if lang == "en" else "Pourquoi et profil")]
    # Places in the document (not the window: a phone scrolls to the conversation when a comment is chosen).
    panels = [tab.get_by_role(role, name=name).evaluate(
        "el => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y + window.scrollY, width: r.width} }")
        for role, name in names]
    if width == "desktop":  # side by side, in reading order
        assert panels[0]["x"] < panels[1]["x"] < panels[2]["x"], panels
        assert abs(panels[0]["y"] - panels[2]["y"]) < 2, panels
    else:  # stacked, in reading order, each as wide as the screen allows
        assert panels[0]["y"] < panels[1]["y"] < panels[2]["y"], panels
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= 375 for box in panels), panels
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"agent-messages-{width}-{lang}")
    tab.get_by_role("tab", name=re.compile("^(Not matched|Non reconnus)")).click()
    tab.locator(".comment-item button").first.click()
    expect(tab.locator(".reply, .conversation__manualState").first).to_be_visible()
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"agent-messages-not-matched-{width}-{lang}")
    assert console.violations() == []
