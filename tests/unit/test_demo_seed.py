"""The demo `./run.sh` starts (app/services/demo.py, `python -m app demo`): on the sandbox's demo world, Amira signs
up on a paid plan with Maison Jasmin connected and a live agent answering from a small catalogue; seeding again
changes nothing; and a comment typed in the sandbox inspector gets its private reply through the real webhook and
Celery worker, then shows matched, with its why, in the agent's messages; the page shows one alert (the month's
replies 80 % used)."""
import time

import requests
from flask_jwt_extended import create_access_token
from sqlalchemy import func, select

from app.database import session
from app.models import Agent, AgentIntent, Alert, Category, CommentLog, Product, ProductAnswer, SocialPage, Synonym
from app.services import demo
from app.services.billing import plans
from sandbox.scenarios import DEMO_SHOWCASE_POST
from tests.fixtures.sandbox import setup_graph, subscribe_webhooks
from tests.workers.conftest import live_web  # noqa: F401 (the web process the sandbox delivers webhooks to)

COUNTED = (Agent, AgentIntent, ProductAnswer, Category, Product, Synonym, SocialPage)


def counts() -> tuple:
    session.expire_all()
    return tuple(session.scalar(select(func.count()).select_from(model)) for model in COUNTED)


def test_the_demo_user_has_a_connected_page_with_a_live_agent_and_products(app, sandbox):
    sandbox.admin.reset("demo")

    seeded = demo.seed(app.config)

    assert seeded.user.full_name == "Amira Ben Salah" and plans.current_plan(seeded.user).plan.name == "Agencies"
    page = seeded.page
    assert (page.name, page.platform, page.owner_id, page.is_connected, page.webhook_subscribed) == \
        ("Maison Jasmin", "facebook", seeded.user.id, True, True)
    agent = seeded.agent
    assert (agent.target_id, agent.is_generic, agent.trained, agent.live) == (page.external_id, True, True, True)
    assert [intent.intent_name for intent in agent.intents] == ["price", "availability", "delivery"]
    # One answer in several languages for the newcomer to try (issue 42 §3): delivery's French default has versions.
    assert sorted(agent.intents[2].answers) == ["ar", "en", "tn"]
    catalogue = {product.content: [synonym.value for synonym in product.synonyms]
                 for category in session.scalars(select(Category).where(Category.page_id == page.id))
                 for product in category.products}
    assert set(catalogue) == {"Robe Jasmin", "Caftan Carthage", "Sac Medina"}
    assert "leather bag" in catalogue["Sac Medina"]
    assert {answer.product_name for answer in agent.intents[0].product_answers} == set(catalogue)
    before = counts()
    assert demo.seed(app.config).agent.id == agent.id
    assert counts() == before
    # One alert for the newcomer to see (Home, /notification, the bell), raised once however often seeded.
    assert [(alert.kind, alert.details) for alert in session.scalars(select(Alert).where(Alert.page_id == page.id))] \
        == [("reply_limit_80", {"used": 16_000, "limit": 20_000})]


def test_a_comment_typed_in_the_inspector_is_answered_and_explained(app, client, sandbox, live_web,  # noqa: F811
                                                                    celery_worker):
    sandbox.admin.reset("demo")
    settings = dict(app.config)
    for platform in ("facebook", "instagram"):
        subscribe_webhooks(settings, live_web, platform)
    seeded = demo.seed(app.config)
    post = next(post for post in setup_graph(settings).posts(seeded.page.external_id, seeded.page.access_token)
                if post.get("message") == DEMO_SHOWCASE_POST)

    typed = requests.post(f"{sandbox.url}/inspector/comments", timeout=10, allow_redirects=False,
                          data={"post_id": post["id"], "name": "Nour Haddad",
                                "message": "Bonsoir, le sac en cuir c'est combien ?"})

    assert typed.status_code == 303
    comment_id = typed.headers["Location"].rsplit("#obj-", 1)[1]
    effects = _replied(sandbox, comment_id)
    [reply] = effects["private_replies"]
    assert reply["text"] == "Bonjour Nour, le Sac Medina en cuir est à 89 DT."
    assert [button["title"] for button in reply["buttons"]] == ["Voir la boutique"]
    headers = {"Authorization": f"Bearer {create_access_token(identity=str(seeded.user.id))}"}
    body = client.get(f"/api/v1/secure/logEvent/post/{seeded.page.external_id}/all", headers=headers).get_json()
    [entry] = body["matched"]
    assert (entry["comment_id"], entry["state"], body["matchedIntents"]) == (comment_id, "treated", ["price"])
    why = entry["why"]
    assert (why["intent"], why["product"], why["products"][0]["words"]) == ("price", "Sac Medina", "sac en cuir")
    assert [(action["kind"], action["state"]) for action in why["actions"]] == [("private_reply", "done")]


def _replied(sandbox, comment_id: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    effects = sandbox.admin.comment_effects(comment_id)
    while not effects["private_replies"] and time.monotonic() < deadline:
        time.sleep(0.2)
        effects = sandbox.admin.comment_effects(comment_id)
    assert effects["private_replies"], f"no private reply within {timeout}s: {effects}"
    session.expire_all()
    assert session.scalars(select(CommentLog).where(CommentLog.comment_id == comment_id)).one().success
    return effects
