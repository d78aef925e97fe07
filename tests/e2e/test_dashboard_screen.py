"""The dashboard's intents pie and posts grid in a browser (spec 001 §2 "Dashboard", §8, §9), fed by comments that
went through the real pipeline: typed at the sandbox, delivered to the product's webhook, decided by a real Celery
worker, logged. At 1280 px and 375 px, in English and French, with no horizontal overflow and no CSP violation;
screenshots of each go to screens/ and /tmp/screens/.

Set-up: Amira signs in and connects Sfax Sneakers through the API and gets a plan (an operator's grant);
two new posts with pictures are added at the sandbox. The agent API is not part of this branch, so the page's
generic agent (price and delivery, trained and live) is written with the product's models straight into the browser
tests' database, as tests/workers' add_agent does."""
from __future__ import annotations

import os
import subprocess
import time

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from app.database import init_engine, session
from app.models import Agent, AgentIntent, CommentLog, SocialPage
from sandbox.admin_client import AdminClient
from tests.e2e.product import REPO, VENV_BIN, stop
from tests.e2e.screens_support import AMIRA_ID, AMIRA_TOKEN, PLAN, api_login, assert_no_overflow, \
    connected_page, open_signed_in
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401  (screens_dir is a fixture)

PAGE_NAME = "Sfax Sneakers"
PIPELINE_WAIT_SECONDS = 90
FAN = {"name": "Karim Trabelsi", "username": "karim.trabelsi"}
# Each matches its intent (nlp's model), or none: the first post gets 3 price, 1 delivery and 1 unmatched comment,
# the second 1 price and 1 unmatched.
FIRST_POST_COMMENTS = ("combien le prix de la robe ?", "prix svp", "how much is it?", "vous livrez à Sfax ?",
                       "Bravo, très belle collection")
SECOND_POST_COMMENTS = ("c'est combien ?", "magnifique 😍")
LABELS = {
    "en": {"intents": "Most requested intents", "posts": "Posts performance", "price": "Price",
           "delivery": "Delivery", "comments": "Comments", "matched": "Matched", "open": "See the post",
           "most_recent": "Most recent", "all": "All", "last_30": "Last 30 days",
           "intents_error": "Error while filtering the intents. Try again!",
           "posts_error": "Error while filtering the posts. Try again!", "retry": "Retry"},
    "fr": {"intents": "Intentions les plus demandées", "posts": "Performance des publications", "price": "Prix",
           "delivery": "Livraison", "comments": "Commentaires", "matched": "Reconnus", "open": "Voir la publication",
           "most_recent": "Les plus récentes", "all": "Tout", "last_30": "Les 30 derniers jours",
           "intents_error": "Erreur lors du filtrage des intentions. Réessayez !",
           "posts_error": "Erreur lors du filtrage des publications. Réessayez !", "retry": "Réessayer"},
}


@pytest.fixture(scope="module")
def worker(product):
    """The product's webhook callback registered at the sandbox, and a real Celery worker on every queue."""
    from app import queue

    product.run_app("register-webhooks")
    process = subprocess.Popen([str(VENV_BIN / "python"), "-m", "workers", "worker",
                                "-Q", ",".join(queue.QUEUES), "-P", "solo", "-c", "1", "--without-gossip",
                                "--without-mingle", "--without-heartbeat", "-l", "WARNING",
                                "-n", f"e2e-dashboard-{os.getpid()}@%h"],
                               cwd=REPO, env=product.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield process
    stop(process)


def _add_generic_agent(page_row: SocialPage) -> None:
    """The page's generic agent, trained and live, answering price and delivery (see the module's docstring)."""
    if session.scalar(select(Agent.id).where(Agent.page_id == page_row.id, Agent.target_id == page_row.external_id)):
        return
    answers = {"price": "Bonjour ##FIRST_NAME##, la paire est à 120 DT.", "delivery": "Nous livrons partout en 48 h."}
    session.add(Agent(page_id=page_row.id, target_id=page_row.external_id, is_generic=True, intent_kind="generic",
                      trained=True, live=True,
                      intents=[AgentIntent(intent_name=name, generic_answer=text, position=index)
                               for index, (name, text) in enumerate(answers.items())]))
    session.commit()


def _logged(page_id: int) -> int:
    session.rollback()  # a fresh snapshot: the worker writes in another process
    return session.scalar(select(func.count(CommentLog.id)).where(CommentLog.page_id == page_id))


@pytest.fixture(scope="module")
def shop(product, worker):
    """Amira's Sfax Sneakers with two new pictured posts, whose seven comments the pipeline has logged."""
    amira = api_login(product, AMIRA_TOKEN)
    product.grant_plan(AMIRA_ID, PLAN)
    page = connected_page(product, amira["token"], PAGE_NAME)
    init_engine(product.env["DATABASE_URL"])
    row = session.scalars(select(SocialPage).where(SocialPage.platform == "facebook",
                                                   SocialPage.external_id == page["id"])).one()
    _add_generic_agent(row)
    sandbox = AdminClient(product.sandbox_url)
    picture = f"{product.sandbox_url}/{page['id']}/picture?type=large"
    first = sandbox.post("Nouvelle Air Sfax, toutes les tailles", page_id=page["id"], picture=picture)["id"]
    second = sandbox.post("Promo -30% ce week-end seulement !", page_id=page["id"], picture=picture)["id"]
    before = _logged(row.id)
    for post_id, comments in ((first, FIRST_POST_COMMENTS), (second, SECOND_POST_COMMENTS)):
        for message in comments:
            sandbox.comment(post_id, message, author=FAN)
    expected = before + len(FIRST_POST_COMMENTS) + len(SECOND_POST_COMMENTS)
    deadline = time.monotonic() + PIPELINE_WAIT_SECONDS
    while _logged(row.id) < expected and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _logged(row.id) == expected, "the pipeline did not log every comment"
    assert before == 0, "another test logged comments on this page: the counts below would be off"
    return {**amira, "page": page, "first": first, "second": second, "picture": picture}


def _intent_row(tab: Page, name: str):
    return tab.locator(f".dashboard__intent-list [data-intent='{name}']")


def _post_card(tab: Page, post_id: str):
    return tab.locator(f".dashboard__post[data-post='{post_id}']")


def _choose(tab: Page, block: str, option: str) -> None:
    tab.locator(f".dashboard__{block}").get_by_role("combobox").click()
    tab.get_by_role("option", name=option, exact=True).click()
    expect(tab.locator(f".dashboard__{block}").get_by_role("combobox")).to_have_value(option)


@pytest.mark.parametrize("width, lang", [("desktop", "en"), ("desktop", "fr"), ("phone", "en"), ("phone", "fr")])
def test_the_pie_and_the_grid_show_the_pipelines_counts(request, product, shop, screens_dir, width,
                                                        lang):  # noqa: F811
    tab = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    console = ConsoleWatch(tab)
    words = LABELS[lang]
    open_signed_in(tab, product, shop, shop["page"], path="/home/dashboard", lang=lang)

    intents = tab.locator(".dashboard__intents")
    expect(intents.get_by_role("heading", name=words["intents"])).to_be_visible()
    # The intents filter starts on its first option, the posts filter on its second.
    expect(intents.get_by_role("combobox")).to_have_value(words["all"])
    expect(tab.locator(".dashboard__posts").get_by_role("combobox")).to_have_value(words["most_recent"])
    expect(intents.locator("canvas")).to_be_visible()
    expect(_intent_row(tab, "price")).to_contain_text(words["price"])
    expect(_intent_row(tab, "price").locator(".dashboard__intent-value")).to_have_text("4")
    expect(_intent_row(tab, "delivery")).to_contain_text(words["delivery"])
    expect(_intent_row(tab, "delivery").locator(".dashboard__intent-value")).to_have_text("1")
    expect(tab.locator(".dashboard__intent-list [data-intent]")).to_have_count(2)

    cards = tab.locator(".dashboard__post")
    expect(cards).to_have_count(2)
    expect(cards.nth(0)).to_have_attribute("data-post", shop["first"])  # the most commented first
    first = _post_card(tab, shop["first"])
    expect(first.locator(".dashboard__figure")).to_have_text(["5", "4", "80%"])
    expect(first).to_contain_text(words["comments"])
    expect(first).to_contain_text(words["matched"])
    expect(first).to_contain_text("Nouvelle Air Sfax, toutes les tailles")
    expect(_post_card(tab, shop["second"]).locator(".dashboard__figure")).to_have_text(["2", "1", "50%"])
    picture = first.locator("img")
    expect(picture).to_have_attribute("src", shop["picture"])
    assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), "the post's picture did not load"
    link = first.get_by_role("link", name=words["open"])
    expect(link).to_have_attribute("href", f"{product.sandbox_url}/#obj-{shop['first']}")
    expect(link).to_have_attribute("target", "_blank")

    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"dashboard-{width}-{lang}")

    _choose(tab, "intents", words["last_30"])
    expect(_intent_row(tab, "price").locator(".dashboard__intent-value")).to_have_text("4")
    _choose(tab, "posts", words["all"])
    expect(first.locator(".dashboard__figure")).to_have_text(["5", "4", "80%"])
    assert_no_overflow(tab)
    assert console.violations() == []


def test_a_failed_filter_shows_its_alert_and_retry_loads_it(page: Page, product, shop, screens_dir):  # noqa: F811
    """The browser's requests to the two dashboard calls are cut once (Playwright's routing, standing in for a
    network failure); Retry then asks the server again."""
    failing = {"on": True}

    def cut_while_failing(route):
        if failing["on"]:
            route.abort("failed")
        else:
            route.continue_()

    page.route("**/api/v1/secure/logEvent/dashbord/**", cut_while_failing)
    open_signed_in(page, product, shop, shop["page"], path="/home/dashboard", lang="en")
    words = LABELS["en"]
    intents_alert = page.locator(".dashboard__intents").get_by_role("alert")
    posts_alert = page.locator(".dashboard__posts").get_by_role("alert")
    expect(intents_alert).to_contain_text(words["intents_error"])
    expect(posts_alert).to_contain_text(words["posts_error"])
    shoot(page, screens_dir, "dashboard-desktop-en-failed")

    failing["on"] = False
    intents_alert.get_by_role("button", name=words["retry"]).click()
    expect(_intent_row(page, "price").locator(".dashboard__intent-value")).to_have_text("4")
    expect(posts_alert).to_be_visible()  # each block retries on its own
    posts_alert.get_by_role("button", name=words["retry"]).click()
    expect(_post_card(page, shop["first"]).locator(".dashboard__figure")).to_have_text(["5", "4", "80%"])
    expect(page.get_by_role("alert")).to_have_count(0)
