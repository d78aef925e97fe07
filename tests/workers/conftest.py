"""Pipeline fixtures: the web process served over HTTP (the sandbox delivers webhooks to it), Celery beat, and
a shop: a sandbox page with a post and a commenter, connected in the product with a live, trained agent."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field

import pytest
from werkzeug.serving import make_server

from app.database import session
from app.models import Agent, AgentIntent, SocialPage, User
from app.services.billing import plans
from tests.fixtures.sandbox import setup_graph, subscribe_webhooks
from tests.fixtures.services import ROOT, worker_env

BUTTONS = [{"type": "web_url", "url": "https://shop.example/robe", "title": "Voir la robe",
            "webview_height_ratio": "tall"},
           {"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}]


@pytest.fixture(scope="session")
def live_web(base_settings):
    from app import create_app

    application = create_app(dict(base_settings))
    server = make_server("127.0.0.1", 0, application, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-web", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


# Per module: beat's sweeps would otherwise keep waking the worker during every later test.
@pytest.fixture(scope="module")
def beat(base_settings, tmp_path_factory, redis_client):
    schedule = tmp_path_factory.mktemp("beat") / "schedule"
    process = subprocess.Popen([sys.executable, "-m", "workers", "beat", "-l", "WARNING",
                                "-s", str(schedule)], cwd=ROOT, env={**os.environ, **worker_env(base_settings)},
                               start_new_session=True)
    yield process
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def unheard_bells(app, redis_client):
    """Rings go to a broker namespace no running worker consumes (its key prefix is yielded): only what the test
    runs itself reads the inbox."""
    from app import queue
    from app.celery_factory import make_celery

    prefix = f"unheard-{uuid.uuid4().hex}:"
    queue.bind(make_celery({**app.config, "CELERY_KEY_PREFIX": prefix}))
    yield prefix
    for key in redis_client.scan_iter(match=f"{prefix}*"):
        redis_client.delete(key)
    queue.bind(make_celery(app.config))


@dataclass
class Shop:
    sandbox: object
    settings: dict
    page: SocialPage
    post_id: str
    fan: dict = field(default_factory=lambda: {"id": "7345098712340012", "name": "Amira Ben Salah"})

    def comment(self, message: str, author: dict | None = None, post_id: str | None = None) -> str:
        return self.sandbox.admin.comment(post_id or self.post_id, message, author=author or self.fan)["id"]

    def wait_for(self, comment_id: str, predicate, timeout: float = 30.0) -> dict:
        """The comment's effects at the sandbox once `predicate(effects)` holds (fails the test otherwise)."""
        deadline = time.monotonic() + timeout
        effects = self.sandbox.admin.comment_effects(comment_id)
        while not predicate(effects) and time.monotonic() < deadline:
            time.sleep(0.2)
            effects = self.sandbox.admin.comment_effects(comment_id)
        assert predicate(effects), f"not reached in {timeout}s: {effects}"
        return effects


def connect_page(sandbox, settings: dict, live_web: str, platform: str = "facebook", **page_settings) -> tuple:
    """A sandbox page (or IG account) with a post, connected in the product, its webhooks registered."""
    owner_network = sandbox.admin.user(first_name="Owner", last_name="Shop")
    fb_page = sandbox.admin.page("Boutique Amira", [owner_network["id"]])
    external_id, linked = fb_page["id"], None
    if platform == "instagram":
        linked, external_id = fb_page["id"], sandbox.admin.instagram(fb_page["id"], "boutique.amira")["id"]
        post = sandbox.admin.post("Nouvelle collection", ig_user_id=external_id)
    else:
        post = sandbox.admin.post("Nouvelle collection", page_id=fb_page["id"])
    owner = User(facebook_id=owner_network["id"], first_name="Owner", last_name="Shop")
    session.add(owner)
    session.flush()
    plans.start_free_trial(owner)
    page = SocialPage(platform=platform, external_id=external_id, name="Boutique Amira", owner_id=owner.id,
                      access_token=fb_page["access_token"], linked_page_external_id=linked, is_connected=True,
                      webhook_subscribed=True, **page_settings)
    session.add(page)
    session.commit()
    subscribe_webhooks(settings, live_web, platform)
    setup_graph(settings).subscribe_app(fb_page["id"], fb_page["access_token"])  # page level too: Meta needs both
    return page, post["id"]


def add_agent(page: SocialPage, target_id: str, answers: dict[str, str], buttons=None, generic=False) -> Agent:
    agent = Agent(page_id=page.id, target_id=target_id, is_generic=generic, trained=True, live=True,
                  intents=[AgentIntent(intent_name=name, generic_answer=text, buttons=buttons or [], position=i)
                           for i, (name, text) in enumerate(answers.items())])
    session.add(agent)
    session.commit()
    return agent


@pytest.fixture
def callbacks(sandbox, live_web):
    """The sandbox calls the product's app callbacks (Meta's App Dashboard URLs; tests/workers/test_app_removal.py)."""
    from tests.workers.meta_callbacks_support import DATA_DELETION, DEAUTHORIZE

    sandbox.admin.app_callbacks(f"{live_web}{DEAUTHORIZE}", f"{live_web}{DATA_DELETION}")
    yield live_web
    sandbox.admin.app_callbacks(None, None)


@pytest.fixture
def shop(app, sandbox, live_web, celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web, likes_comment=True, public_reply_enabled=True,
                                 public_reply_message="Merci, on vous a répondu en privé !")
    add_agent(page, post_id, {"price": "Bonjour ##FIRST_NAME##, la robe est à 45 DT chez ##PAGE_NAME##."},
              buttons=BUTTONS)
    return Shop(sandbox, settings, page, post_id)
