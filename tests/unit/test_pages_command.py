"""`python -m app pages allow-price PAGE_ID`, run as operators run it (a subprocess) against the test database: the
page's whiteSet goes on, so the wizard offers the Price intent and the server accepts it; an unknown id says so and
changes nothing."""
from __future__ import annotations

import os
import subprocess
import sys

from sqlalchemy import select

from app.config import ROOT
from app.database import session
from app.models import SocialPage
from tests.api.agents_support import add_agent, add_intent, team
from tests.api.pages_support import SECURE


def run(app, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "APP_ENV": "test", "DATABASE_URL": app.config["DATABASE_URL"]}
    return subprocess.run([sys.executable, "-m", "app", "pages", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


def white_set(client, owner) -> bool:
    """The page's whiteSet as the wizard's page list reads it (the command changed the database from another
    process: the test's session forgets what it had read)."""
    session.expire_all()
    groups = client.get(f"{SECURE}/pages/test/connect/get/all/", headers=owner.headers).get_json()["facebookPages"]
    return next(page for pages in groups.values() for page in pages if page["idPage"] == owner.page_id)["whiteSet"]


def test_allow_price_turns_the_pages_white_set_on_and_the_price_intent_is_accepted(app, client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)
    refused = client.put(f"{SECURE}/project/generiqueadd/{agent_id}", headers=owner.headers,
                         json={"intent": "price", "genericAnswer": "45 DT", "buttons": []})
    assert (refused.status_code, refused.get_json()["code"]) == (422, "price_not_allowed")
    assert white_set(client, owner) is False

    done = run(app, "allow-price", owner.page_id)

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Price allowed on 'Boutique Amira' (facebook {owner.page_id}, connected)"
    assert white_set(client, owner) is True
    assert add_intent(client, owner.headers, agent_id, "price", "45 DT")["intents"][0]["key"] == "price"


def test_an_unknown_page_is_refused_and_nothing_changes(app, client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)

    done = run(app, "allow-price", "999000111")
    missing = run(app, "allow-price")

    assert (done.returncode, done.stderr.strip()) == (1, "no page with id '999000111' (its owner connects it first)")
    assert missing.returncode == 2 and "page_id" in missing.stderr
    session.expire_all()
    assert session.scalars(select(SocialPage.white_set)).all() == [False]
    assert white_set(client, owner) is False
