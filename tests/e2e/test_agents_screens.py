"""My agents in a browser (spec 001 §2 "My agents", §4 "Agent status", §8): the selected page's agents with intents,
newest first; the status button cycling Active -> Not Active -> Active while a Draft does nothing; the plan's refusal
(Free Trial: one active agent) said with Retry, which succeeds once the plan allows it; the pending icon's yes/no
modal; delete after a confirmation; the empty state; at 1280 px and 375 px, in English and French, with no horizontal
overflow and no CSP violation. Screenshots go to screens/ and /tmp/screens/.

Agents are built through the API (add, a generic answer, the train call, a real Celery worker training it) on posts
of their own made in the sandbox, so other tests' agents on the same page never get in the way."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, connected, new_post, open_as, owner_session, page_id, train, wait_trained,
)
from tests.e2e.screens_support import AMIRA_ID, api, assert_no_overflow, dialog_fits
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

PAGE_NAME = "Sfax Sneakers"
EMPTY_PAGE = "Dar El Bey Déco"


# --- agents built through the API -------------------------------------------------------------------------------

def new_agent(product, jwt: str, page: dict, message: str, answers: dict[str, str]) -> int:
    """An agent on a new post of `page` with a generic answer per intent (untrained: a Draft)."""
    post_id = new_post(product, page, message)
    project_id = api(product, jwt, "POST", "/project/add", json={"post": {
        "idPage": page_id(page), "name": page["name"], "typePage": "facebook", "idPost": post_id, "picture": None,
        "message": message, "status": "published", "published": time.strftime("%Y-%m-%dT%H:%M:%S")}})
    for intent, text in answers.items():
        api(product, jwt, "PUT", f"/project/generiqueadd/{project_id}", json={"intent": intent, "genericAnswer": text})
    return project_id


def trained_agent(product, jwt: str, page: dict, message: str, answers: dict[str, str], live: bool) -> int:
    project_id = new_agent(product, jwt, page, message, answers)
    train(product, jwt, project_id, generic=False, intents=list(answers), products=[])
    wait_trained(product, jwt, project_id)
    if live:
        assert api(product, jwt, "PUT", f"/project/agent/live/{project_id}", json={"live": True})["status"] is True
    return project_id


def delete_agents_of(product, jwt: str, page: dict) -> None:
    for project in api(product, jwt, "GET", f"/pages/get/project/{page_id(page)}"):
        api(product, jwt, "PUT", "/project/remove/project", json={"project": {"_id": project["_id"]}})


@pytest.fixture(scope="module")
def owner(product, agent_worker):  # noqa: F811
    """Amira on a plan, owning Sfax Sneakers (connected) with three agents of this test's own: a live one, a trained
    one not live, and a draft; and Dar El Bey Déco connected with no agent."""
    session = owner_session(product)
    jwt = session["token"]
    page = connected(product, jwt, PAGE_NAME)
    empty = connected(product, jwt, EMPTY_PAGE)
    delete_agents_of(product, jwt, page)
    delete_agents_of(product, jwt, empty)
    agents = {
        "draft": new_agent(product, jwt, page, "Draft: new sneakers soon", {"delivery": "Soon, stay tuned."}),
        "off": trained_agent(product, jwt, page, "Running shoes -20% this week only, all sizes",
                             {"delivery": "Everywhere in 48 h.", "size": "From 36 to 46."}, live=False),
        "on": trained_agent(product, jwt, page, "Hi!", {"delivery": "Free delivery in Tunisia."}, live=True),
    }
    return {**session, "page": page, "empty": empty, "agents": agents}


def row(tab: Page, project_id: int):
    return tab.locator(f".agent-row[data-id='{project_id}']")


def status_of(tab: Page, project_id: int):
    return row(tab, project_id).locator(".agent-status")


# --- the tests ----------------------------------------------------------------------------------------------------

def test_status_cycles_pending_refusal_and_delete(page: Page, product, owner, screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    agents = owner["agents"]
    open_as(page, product, owner, "/home/my-agents", owner["page"])
    expect(page.get_by_role("heading", name="My agents", exact=True)).to_be_visible()
    expect(page.get_by_text("Agents of Sfax Sneakers")).to_be_visible()
    # Newest first: the live agent (made last), the trained one, then the draft.
    expect(page.locator(".agent-row")).to_have_count(3)
    assert [int(item) for item in page.locator(".agent-row").evaluate_all(
        "rows => rows.map(r => r.dataset.id)")] == [agents["on"], agents["off"], agents["draft"]]
    # Messages over 12 characters are cut to 40 and an ellipsis; "Hi!" is whole.
    expect(row(page, agents["off"]).locator(".agent-message")).to_have_text("Running shoes -20% this week only, all s…")
    expect(row(page, agents["on"]).locator(".agent-message")).to_have_text("Hi!")
    expect(status_of(page, agents["on"])).to_have_text("Active")
    expect(status_of(page, agents["off"])).to_have_text("Not Active")
    expect(status_of(page, agents["draft"])).to_have_text("Draft")
    # No comment logged yet: edit and delete, but no view-comments action (shown only when logs equals 1).
    expect(row(page, agents["on"]).get_by_role("button", name=re.compile("^Edit"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Comments of"))).to_have_count(0)
    assert_no_overflow(page)
    shoot(page, screens_dir, "agents-list-desktop-en")

    # Active -> Not Active -> Active; the server keeps each.
    status_of(page, agents["on"]).click()
    expect(status_of(page, agents["on"])).to_have_text("Not Active")
    assert api(product, owner["token"], "GET", f"/project/get/project/{agents['on']}")["live"] is False
    status_of(page, agents["on"]).click()
    expect(status_of(page, agents["on"])).to_have_text("Active")
    assert api(product, owner["token"], "GET", f"/project/get/project/{agents['on']}")["live"] is True
    # A draft's click does nothing (the button says it is disabled; it is clicked anyway, as a user would).
    status_of(page, agents["draft"]).click(force=True)
    page.wait_for_timeout(500)
    expect(status_of(page, agents["draft"])).to_have_text("Draft")
    assert api(product, owner["token"], "GET", f"/project/get/project/{agents['draft']}")["live"] is False

    # On the Free Trial one agent may be active: the second is refused, with Retry; Retry works once the plan allows.
    product.grant_plan(AMIRA_ID, "Free Trial")
    try:
        status_of(page, agents["off"]).click()
        refusal = page.locator(".agents__refusal")
        expect(refusal).to_contain_text("You cannot activate the agent, you've reached the limit of your offer")
        shoot(page, screens_dir, "agents-refusal-desktop-en", full_page=False)
        refusal.get_by_role("button", name="Retry").click()
        expect(refusal).to_contain_text("reached the limit of your offer")
        expect(status_of(page, agents["off"])).to_have_text("Not Active")
    finally:
        product.grant_plan(AMIRA_ID, "Agencies")
    page.locator(".agents__refusal").get_by_role("button", name="Retry").click()
    expect(status_of(page, agents["off"])).to_have_text("Active")
    expect(page.locator(".agents__refusal")).to_have_count(0)

    # The pending icon asks yes/no and sends the negated pending flag.
    row(page, agents["off"]).locator(".agent-pending").click()
    dialog = page.get_by_role("dialog", name="Pending change")
    expect(dialog).to_contain_text("Mark this agent as having a pending change?")
    dialog_fits(page)
    shoot(page, screens_dir, "agents-pending-desktop-en", full_page=False)
    dialog.get_by_role("button", name="No").click()
    expect(row(page, agents["off"]).locator(".agent-pending")).to_have_attribute("aria-pressed", "false")
    row(page, agents["off"]).locator(".agent-pending").click()
    page.get_by_role("dialog", name="Pending change").get_by_role("button", name="Yes").click()
    expect(row(page, agents["off"]).locator(".agent-pending")).to_have_attribute("aria-pressed", "true")
    project = api(product, owner["token"], "GET", f"/project/get/project/{agents['off']}")
    assert project["pending"] is True and project["live"] is True

    # Delete asks first; Cancel keeps the agent, Delete removes it.
    row(page, agents["draft"]).get_by_role("button", name=re.compile("^Delete")).click()
    dialog = page.get_by_role("dialog", name="Delete the agent")
    expect(dialog).to_contain_text("Are you sure you want to delete this agent?")
    shoot(page, screens_dir, "agents-delete-desktop-en", full_page=False)
    dialog.get_by_role("button", name="Cancel").click()
    expect(row(page, agents["draft"])).to_have_count(1)
    row(page, agents["draft"]).get_by_role("button", name=re.compile("^Delete")).click()
    page.get_by_role("dialog", name="Delete the agent").get_by_role("button", name="Delete").click()
    expect(row(page, agents["draft"])).to_have_count(0)
    expect(page.locator(".agent-row")).to_have_count(2)
    assert agents["draft"] not in [p["_id"] for p in api(product, owner["token"], "GET",
                                                          f"/pages/get/project/{page_id(owner['page'])}")]

    # An agent deleted meanwhile (by another member of the team): its status click fails with the activation error.
    api(product, owner["token"], "PUT", "/project/remove/project", json={"project": {"_id": agents["on"]}})
    status_of(page, agents["on"]).click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Error while activating agent. Try Again !")
    shoot(page, screens_dir, "agents-activate-error-desktop-en", full_page=False)
    alert.get_by_role("button", name="Okay").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert console.violations() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", ["desktop", "mobile"])
def test_list_and_empty_state_fit(request, product, owner, screens_dir, lang, width):  # noqa: F811
    tab = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    console = ConsoleWatch(tab)
    texts = {"en": ("My agents", "Active", "You have no agents yet.", "Agents of Dar El Bey Déc…"),
             "fr": ("Mes agents", "Actif", "Vous n'avez pas encore d'agent.", "Agents de Dar El Bey Déc…")}[lang]
    open_as(tab, product, owner, "/home/my-agents", owner["page"], lang=lang)
    expect(tab.get_by_role("heading", name=texts[0], exact=True)).to_be_visible()
    expect(tab.locator(".agent-row").first).to_be_visible()
    expect(tab.locator(".agent-status").filter(has_text=re.compile(f"^{texts[1]}$")).first).to_be_visible()
    if width == "mobile":
        expect(tab.locator(".agents__cards")).to_be_visible()
    else:
        expect(tab.locator(".agents__table")).to_be_visible()
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"agents-list-{width}-{lang}")

    open_as(tab, product, owner, "/home/my-agents", owner["empty"], lang=lang)
    expect(tab.get_by_text(texts[2])).to_be_visible()
    expect(tab.get_by_text(texts[3], exact=True)).to_be_visible()  # a page name over 14 characters is cut to 14
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"agents-empty-{width}-{lang}")
    assert console.violations() == []
