"""The Draft trap gone (issue 42 §1), in a browser at 1280 px and 375 px, in English and French: an agent whose
intents were saved but never trained (the configuration step's Next skipped) shows as Draft in My agents, and its
status says why and how to make it active; Edit opens the wizard on its Test step, Finish, then "Activate now": the
panel says what activating does, the toast says the agent is active only once the server answered live and trained,
My agents shows it Active, and a fan's comment typed in the sandbox gets its answer in a private message.

The product runs with a real Celery worker (the comment pipeline); the webhooks are registered at the sandbox so a
comment reaches the product as it would from Meta. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import re
import time

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, new_post, open_as, own_page, owner_session, page_id, snap,
)
from tests.e2e.screens_support import api
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

ANSWER = "Livraison partout en Tunisie en 48 h."
REPLY_WAIT_SECONDS = 60
WORDS = {
    "en": {"title": "My agents", "draft": "Draft", "active": "Active", "edit": "Edit", "simulator": "Chat simulator",
           "finish": "Finish", "panel": "Activate your agent", "now": "Activate now",
           "why": "not trained yet, it answers no comment", "does": "Activating trains your agent",
           "done": "Your agent is active: it answers comments now."},
    "fr": {"title": "Mes agents", "draft": "Brouillon", "active": "Actif", "edit": "Modifier",
           "simulator": "Simulateur de discussion", "finish": "Terminer", "panel": "Activer votre agent",
           "now": "Activer maintenant", "why": "pas encore entraîné, il ne répond à aucun commentaire",
           "does": "L'activation entraîne votre agent",
           "done": "Votre agent est actif : il répond désormais aux commentaires."},
}


@pytest.fixture(scope="module")
def shop(product, agent_worker):  # noqa: F811
    """Amira on a plan, owning a page of this module's own, with the product's webhooks registered at the sandbox."""
    session = owner_session(product)
    page = own_page(product, session["token"], "Draft Trap Boutique")
    product.run_app("register-webhooks")
    return {**session, "page": page}


def draft_agent(product, shop: dict, message: str) -> tuple[int, str]:
    """An agent on a new post with its intent saved as the wizard saves it, never trained; (its id, the post id)."""
    post_id = new_post(product, shop["page"], message)
    project_id = api(product, shop["token"], "POST", "/project/add", json={"post": {
        "idPage": page_id(shop["page"]), "name": shop["page"]["name"], "typePage": "facebook", "idPost": post_id,
        "picture": None, "message": message, "status": "published", "published": time.strftime("%Y-%m-%dT%H:%M:%S")}})
    api(product, shop["token"], "PUT", f"/project/generiqueadd/{project_id}",
        json={"intent": "delivery", "genericAnswer": ANSWER})
    return project_id, post_id


def private_replies(product, post_id: str, text: str) -> list[dict]:
    """A fan's comment typed in the sandbox under the post; the private replies it received once there are some."""
    made = requests.post(product.sandbox_url + "/__admin/comments", timeout=10,
                         json={"post_id": post_id, "message": text, "from": {"id": "7345098799990001",
                                                                            "name": "Yosra Fan"}})
    assert made.ok, made.text
    deadline = time.monotonic() + REPLY_WAIT_SECONDS
    while time.monotonic() < deadline:
        replies = requests.get(product.sandbox_url + f"/__admin/comments/{made.json()['id']}",
                               timeout=10).json()["private_replies"]
        if replies:
            return replies
        time.sleep(0.3)
    raise AssertionError(f"no private reply in {REPLY_WAIT_SECONDS} s")


@pytest.mark.parametrize("width", ["page", "mobile_page"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_agent_activated_from_the_test_step_is_trained_live_and_answers(request, width, lang, product, shop,
                                                                           screens_dir):  # noqa: F811
    tab: Page = request.getfixturevalue(width)
    size, words = ("desktop" if width == "page" else "mobile"), WORDS[lang]
    console = ConsoleWatch(tab)
    project_id, post_id = draft_agent(product, shop, f"Nouvelle collection {lang} {size}")

    open_as(tab, product, shop, "/home/my-agents", shop["page"], lang)
    expect(tab.get_by_role("heading", name=words["title"], exact=True)).to_be_visible(timeout=15000)
    row = tab.locator(f".agent-row[data-id='{project_id}']")
    status = row.locator(".agent-status")
    expect(status).to_have_text(words["draft"])
    status.hover()
    expect(tab.get_by_role("tooltip")).to_contain_text(words["why"])
    snap(tab, screens_dir, f"draft-trap-draft-{size}-{lang}")

    # Edit opens the wizard on its Test step: Finish, then Activate now, without the configuration step's Next.
    row.get_by_role("button", name=re.compile(f"^{words['edit']}")).click()
    expect(tab.get_by_text(words["simulator"]).first).to_be_visible(timeout=15000)
    tab.get_by_role("button", name=words["finish"]).click()
    panel = tab.get_by_role("dialog", name=words["panel"])
    expect(panel).to_contain_text(words["does"])
    shoot(tab, screens_dir, f"draft-trap-panel-{size}-{lang}", full_page=False)  # the drawer is where the window is
    panel.get_by_role("button", name=words["now"]).click()
    expect(tab.get_by_text(words["done"])).to_be_visible()
    tab.wait_for_url(re.compile(r"/home/my-agents$"))
    expect(tab.locator(f".agent-row[data-id='{project_id}'] .agent-status")).to_have_text(words["active"])
    snap(tab, screens_dir, f"draft-trap-active-{size}-{lang}")

    shown = api(product, shop["token"], "GET", f"/project/get/project/{project_id}")
    assert (shown["live"], shown["trained"]) == (True, True)
    assert [reply["text"] for reply in private_replies(product, post_id, "livraison à Sfax ?")] == [ANSWER]
    assert console.violations() == []
