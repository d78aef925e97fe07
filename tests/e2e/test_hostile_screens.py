"""Hostile text through the screens: HTML and script in a fan's comment and name, a team member's name, a page's
name, a post's text, category, product and synonym names, and an agent's answer, each shown by the screens that
show it (dashboard, pages, team, catalogue and a category, my agents, agent messages, the wizard's chat
simulator). Every one must show literally, as text, and nothing may run.

The browser ignores the Content Security Policy here (`bypass_csp`): the policy is the second defence and has its
own tests (test_content_security_policy.py); this test holds the first, user text never rendered as HTML, so an
injected handler would run and set `window.__pwned` or open a dialog. It also looks for the injected elements and
for any inline `on...` attribute in the document, which React never writes."""
from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    add_category, agent_worker, build_agent, connected, new_post, open_as, owner_session,
)
from tests.e2e.browser import new_context
from tests.e2e.screens_support import AMIRA_ID, api_login, join_by_api
from tests.e2e.messages_support import comment, wait_for_log, widen_scores
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

PAGE_NAME = 'Boutique <img src=x onerror="window.__pwned=\'page\'">'
POST_TEXT = "<svg onload=window.__pwned=2>Robes"  # short enough for the dashboard's cards to show whole
CATEGORY = "<script>window.__pwned='category'</script>Robes"
PRODUCT = '<img src=x onerror="window.__pwned=\'product\'">Robe'
SYNONYM = "<b onmouseover=\"window.__pwned='synonym'\">rouge</b>"
ANSWER = '<img src=x onerror="window.__pwned=\'answer\';alert(1)"> We deliver in 48 hours.'
FAN = {"id": "7345098799006661", "name": '<img src=x onerror="window.__pwned=\'fan\'">'}
COMMENT = "Do you deliver to Sousse? <script>window.__pwned='comment'</script><img src=x onerror=alert(2)>"
MEMBER_FIRST_NAME = '<img src=x onerror="window.__pwned=\'member\'">Sami'
INJECTED = "img[src='x'], svg[onload], b[onmouseover], #pwned"
SHOWN = """text => document.body.innerText.includes(text) || [...document.querySelectorAll('[aria-label], [title]')]
    .some(element => [element.getAttribute('aria-label'), element.title].some(value => value?.includes(text)))"""
INLINE_HANDLERS = """() => [...document.querySelectorAll('*')].flatMap(element =>
    [...element.attributes].filter(attribute => attribute.name.startsWith('on'))
        .map(attribute => `${element.tagName} ${attribute.name}`))"""


@pytest.fixture(scope="module")
def hostile(product, agent_worker):  # noqa: F811
    """Amira's page with a hostile name, catalogue, post and live agent; a member with a hostile name on its team;
    a fan's hostile comment answered by the agent."""
    product.run_app("register-webhooks")
    session = owner_session(product)
    jwt = session["token"]
    made = requests.post(product.sandbox_url + "/__admin/pages", json={"name": PAGE_NAME, "owner_ids": [AMIRA_ID]},
                         timeout=10)
    assert made.ok, made.text
    page = connected(product, jwt, PAGE_NAME)
    add_category(product, jwt, page, CATEGORY, {PRODUCT: [SYNONYM]})
    post_id = new_post(product, page, POST_TEXT)
    project_id = build_agent(product, jwt, page, {"delivery": ANSWER}, post_id=post_id, message=POST_TEXT)

    member = requests.post(product.sandbox_url + "/__admin/users", timeout=10, json={
        "first_name": MEMBER_FIRST_NAME, "last_name": "Trabelsi", "email": f"sami{int(time.time())}@example.com"})
    assert member.ok, member.text
    member_session = api_login(product, member.json()["access_token"])
    join_by_api(product, jwt, page, member.json()["access_token"], "Sami")

    comment_id = comment(product, post_id, COMMENT, FAN)
    log = wait_for_log(product, jwt, post_id, comment_id, lambda log: log["state"] == "treated")
    return {**session, "page": page, "post_id": post_id, "project_id": project_id, "log": log,
            "member": member_session}


@pytest.fixture
def tab(browser, product):
    """A 1280 px tab that ignores the Content Security Policy, recording every dialog (and dismissing it)."""
    context = new_context(browser, viewport={"width": 1280, "height": 900}, bypass_csp=True)
    opened = context.new_page()
    opened.dialogs = []
    opened.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message), dialog.dismiss()))
    yield opened
    context.close()


def assert_shown_as_text_and_inert(tab: Page, *texts: str) -> None:
    """Each text shown literally: in the page's visible text or, where a long name is cut with an ellipsis, whole in
    the accessible name or title of the element showing it (text there is never markup). And nothing injected: no
    injected element, no inline handler, no flag set, no dialog."""
    for text in texts:
        expect(tab.locator("body")).to_contain_text(text[:8])
        tab.wait_for_function(SHOWN, arg=text)
    tab.wait_for_load_state("networkidle")
    assert tab.locator(INJECTED).count() == 0
    assert tab.evaluate(INLINE_HANDLERS) == []
    assert tab.evaluate("window.__pwned") is None
    assert tab.dialogs == []


def test_dashboard_and_pages_show_the_page_name_and_post_as_text(tab: Page, product, hostile,
                                                                 screens_dir):  # noqa: F811
    open_as(tab, product, hostile, "/home/dashboard", hostile["page"])
    assert_shown_as_text_and_inert(tab, PAGE_NAME, POST_TEXT)
    shoot(tab, screens_dir, "hostile-dashboard-desktop-en")
    tab.goto(product.web_url + "/pages")
    assert_shown_as_text_and_inert(tab, PAGE_NAME)


def test_team_shows_the_members_name_as_text(tab: Page, product, hostile):
    open_as(tab, product, hostile, "/home/team", hostile["page"])
    assert_shown_as_text_and_inert(tab, MEMBER_FIRST_NAME)


def test_a_member_sees_their_own_name_as_text(tab: Page, product, hostile):
    open_as(tab, product, hostile["member"], "/home/dashboard", hostile["page"])
    assert_shown_as_text_and_inert(tab, f"Welcome, {MEMBER_FIRST_NAME}", PAGE_NAME)


def test_catalogue_and_category_show_names_as_text(tab: Page, product, hostile):
    open_as(tab, product, hostile, "/home/manage-products", hostile["page"])
    assert_shown_as_text_and_inert(tab, CATEGORY)
    tab.get_by_role("button", name=f"Open {CATEGORY}").click()
    expect(tab).to_have_url(product.web_url + "/home/update-products")
    assert_shown_as_text_and_inert(tab, CATEGORY, PRODUCT, SYNONYM)


def test_agent_messages_show_the_comment_the_fan_and_the_answer_as_text(tab: Page, product, hostile,
                                                                        screens_dir):  # noqa: F811
    open_as(tab, product, hostile, "/home/my-agents", hostile["page"])
    assert_shown_as_text_and_inert(tab, POST_TEXT)
    row = tab.locator(f".agent-row[data-id='{hostile['project_id']}']")
    row.get_by_role("button", name="Comments of", exact=False).click()
    tab.wait_for_url(product.web_url + "/home/my-agents-messages")
    widen_scores(tab)
    entry = tab.locator(f".comment-item:has([data-key='{hostile['log']['_id']}'])")
    entry.locator("button").click()
    conversation = tab.locator(".conversation")
    expect(conversation.locator(".conversation__comment")).to_have_text(COMMENT)
    expect(conversation.locator(".conversation__agentReply")).to_have_text(ANSWER)
    assert_shown_as_text_and_inert(tab, COMMENT, ANSWER, FAN["name"])
    shoot(tab, screens_dir, "hostile-agent-messages-desktop-en")


def test_the_wizard_simulator_shows_the_answer_as_text(tab: Page, product, hostile):
    open_as(tab, product, hostile, "/home/my-agents", hostile["page"])
    tab.locator(f".agent-row[data-id='{hostile['project_id']}']").get_by_role(
        "button", name="Edit", exact=False).click()
    expect(tab.get_by_text("Chat simulator")).to_be_visible()
    expect(tab.locator(".wizard__postMessage")).to_have_attribute("title", POST_TEXT)
    replies = tab.locator(".wizard__reply")
    before = replies.count()
    tab.get_by_label("Write a comment…").fill("Do you deliver? <img src=x onerror=\"window.__pwned='tester'\">")
    tab.get_by_role("button", name="Send").click()
    expect(replies).to_have_count(before + 1)
    expect(replies.last).to_contain_text(ANSWER)
    assert_shown_as_text_and_inert(tab, ANSWER, "<img src=x onerror=\"window.__pwned='tester'\">")
