"""Shared set-up of the agent browser tests (the wizard, my agents, agent messages): a demo owner signed in through
the API on a plan that allows activation, a connected Facebook page or Instagram account of hers, a real Celery worker
for training (and the comment pipeline), and an agent built through the API for tests that need one ready.

The demo users' sandbox tokens sign in as the browser would (tests/e2e/screens_support.py does the same); plans are
granted as `python -m app plans grant` does."""
from __future__ import annotations

import os
import subprocess
import time

import pytest
import requests
from playwright.sync_api import Page
from sqlalchemy import create_engine, text

from tests.e2e.product import REPO, VENV_BIN, stop_group
from tests.e2e.screens_support import AMIRA_ID, AMIRA_TOKEN, api, api_login, assert_no_overflow, open_signed_in
from tests.e2e.test_layout_screens import shoot

PLAN = "Agencies"
TRAINING_WAIT_SECONDS = 60


def page_entries(product, jwt: str, platform: str) -> dict[str, dict]:
    """Every page of `platform` the user sees, by name, each with its group as `status`."""
    groups = api(product, jwt, "GET", "/pagesInsta/get/all/" if platform == "instagram" else "/pages/get/all/")
    return {page["name"]: {**page, "status": page.get("status") or group}
            for group, pages in groups.items() for page in pages}


def connected(product, jwt: str, name: str, platform: str = "facebook") -> dict:
    """The page (or Instagram account) `name`, connected by the signed-in user when it is not yet."""
    page = page_entries(product, jwt, platform)[name]
    if page["status"] != "listPageConnectedOwner":
        prefix = "pagesInsta" if platform == "instagram" else "pages"
        assert api(product, jwt, "POST", f"/{prefix}/connect/", json={"id": page["id"]}) is True
        page = page_entries(product, jwt, platform)[name]
    assert page["status"] == "listPageConnectedOwner", page
    return page


def owner_session(product, token: str = AMIRA_TOKEN, user_id: str = AMIRA_ID, plan: str = PLAN) -> dict:
    """The demo owner signed in through the API, on a plan that allows connecting pages and activating agents."""
    session = api_login(product, token)  # a plan is granted to a user who has signed in once
    product.grant_plan(user_id, plan)
    return session


def open_as(tab: Page, product, session: dict, path: str, page: dict | None = None, lang: str = "en") -> None:
    """Opens `path` signed in as `session`, `page` (a Facebook page or Instagram account) selected as the dashboard
    stores it."""
    open_signed_in(tab, product, session, page, path, lang)


def own_page(product, jwt: str, name: str, owner_id: str = AMIRA_ID) -> dict:
    """A sandbox Facebook page of the test's own (so no other test's agents or catalogue mix with it), connected."""
    made = requests.post(product.sandbox_url + "/__admin/pages", json={"name": name, "owner_ids": [owner_id]},
                         timeout=10)
    assert made.ok, made.text
    return connected(product, jwt, name)


def snap(tab: Page, screens_dir, name: str) -> None:
    """No horizontal overflow, then a screenshot of the whole page from its top (the sticky top bar is drawn where
    the window is)."""
    assert_no_overflow(tab)
    tab.evaluate("window.scrollTo(0, 0)")
    shoot(tab, screens_dir, name)


def posts_of(product, jwt: str, page_id: str, platform: str) -> list[dict]:
    """The page's posts as the wizard lists them (spec 001 §7 "Wizard")."""
    return api(product, jwt, "GET", f"/post/get/{page_id}/{platform}/all")


@pytest.fixture(scope="module")
def agent_worker(product):
    """A real Celery worker with the product's environment, on the queues an agent needs: training (the wizard's
    train call), ingest and actions (a sandbox comment answered by the agent), replay (its replay on past comments)."""
    worker = subprocess.Popen([str(VENV_BIN / "python"), "-m", "workers", "worker",
                               "-Q", "training,ingest,actions,replay,default", "-P", "solo", "-c", "1", "--without-gossip",
                               "--without-mingle", "--without-heartbeat", "-l", "WARNING",
                               "-n", f"e2e-agents-{os.getpid()}@%h"],
                              cwd=REPO, env=product.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        yield worker
    finally:
        stop_group(worker)


def wait_trained(product, jwt: str, project_id) -> dict:
    """The project once the worker has trained it."""
    deadline = time.monotonic() + TRAINING_WAIT_SECONDS
    while time.monotonic() < deadline:
        project = api(product, jwt, "GET", f"/project/get/project/{project_id}")
        if project.get("trained"):
            return project
        time.sleep(0.3)
    raise AssertionError(f"project {project_id} not trained in {TRAINING_WAIT_SECONDS} s")


def train(product, jwt: str, project_id, generic: bool, intents: list[str], products: list[str]) -> None:
    answer = requests.post(product.web_url + ("/trainagentpag" if generic else "/trainagentpos"),
                           headers={"Authorization": f"Bearer {jwt}"}, timeout=10,
                           json={"intents": ",".join(intents), "entiti": ",".join(products), "idProject": project_id})
    assert answer.ok, answer.text


def page_id(page: dict) -> str:
    return str(page.get("idPage") or page["id"])


def new_post(product, page: dict, message: str, platform: str = "facebook") -> str:
    """A new post of `page` (or media of the Instagram account) made in the sandbox, so a test's agents sit on posts
    of their own; its id."""
    owner = {"ig_user_id" if platform == "instagram" else "page_id": page_id(page)}
    answer = requests.post(product.sandbox_url + "/__admin/posts", json={**owner, "message": message}, timeout=10)
    assert answer.ok, answer.text
    return answer.json()["id"]


def white_list(product, page: dict) -> None:
    """Turns the page's whiteSet flag on, which the Price intent needs (spec 001 §4). The flag is the operator's: no
    screen or call sets it, so the test sets it in the product's database as an operator would."""
    engine = create_engine(product.env["DATABASE_URL"])
    try:
        with engine.begin() as connection:
            done = connection.execute(text("UPDATE social_pages SET white_set = :on WHERE external_id = :id"),
                                      {"on": True, "id": page_id(page)})
            assert done.rowcount == 1, f"page {page_id(page)} not in the product's database"
    finally:
        engine.dispose()


def add_category(product, jwt: str, page: dict, name: str, products: dict[str, list[str]],
                 platform: str = "facebook") -> list[dict]:
    """A category of the page's catalogue with its products and their synonyms (the catalogue API, as the add-category
    screen sends it); the page's categories after it, or the existing ones when it is already there."""
    prefix = "pagesInsta" if platform == "instagram" else "pages"
    answer = requests.get(product.web_url + f"/api/v1/secure/project/get/entitiesproject/{platform}/{page_id(page)}",
                          headers={"Authorization": f"Bearer {jwt}"}, timeout=10)
    assert answer.ok, answer.text
    existing = answer.json()["data"]
    if any(category["name"] == name for category in existing):
        return existing
    values = [{"content": content, "synonyms": synonyms} for content, synonyms in products.items()]
    return api(product, jwt, "POST", f"/{prefix}/entities/add/{page_id(page)}",
               json={"idPage": page_id(page), "entity": {"name": name, "values": values}})["data"]


def build_agent(product, jwt: str, page: dict, answers: dict[str, str], post_id: str | None = None,
                platform: str = "facebook", live: bool = True, message: str = "") -> int:
    """An agent built through the API as the wizard builds it: created for the post (or the page itself: generic when
    `post_id` is None), a generic answer per intent, trained by the worker (the `agent_worker` fixture must run), then
    activated when `live`; its project id."""
    target = post_id or page_id(page)
    project_id = api(product, jwt, "POST", "/project/add", json={"post": {
        "idPage": page_id(page), "name": page["name"], "typePage": platform, "idPost": target, "picture": None,
        "message": message, "status": "published", "published": True}})
    for intent, answer in answers.items():
        api(product, jwt, "PUT", f"/project/generiqueadd/{project_id}", json={"intent": intent, "genericAnswer": answer})
    train(product, jwt, project_id, generic=post_id is None, intents=list(answers), products=[])
    wait_trained(product, jwt, project_id)
    if live:
        assert api(product, jwt, "PUT", f"/project/agent/live/{project_id}", json={"live": True})["status"] is True
    return project_id
