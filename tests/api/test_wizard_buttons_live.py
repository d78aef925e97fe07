"""Issue 38 §5, over real HTTP to the web process as production runs it (gunicorn), on PostgreSQL and on SQLite: a
button Meta would refuse when the private reply is sent is refused when it is written, with a 422 naming the
field, and changes nothing; the same button written as Meta takes it is saved, and the sandbox (Meta's stand-in)
then takes the private reply that carries it.

The phone numbers are the issue's: `71000000` and `21671000000` were saved by the wizard, then every private reply
of the agent failed with (#100) "phone_number payload must be + country code, area code and number"."""
from __future__ import annotations

import uuid

import pytest
import requests
from sqlalchemy import select

from app.database import session
from app.models import Agent, AgentIntent, CommentLog, ManualAnswer, SocialPage, User
from tests.api.pages_support import SECURE, give_plan

PHONE_MESSAGE = "The phone number must start with + and the country code, then 6 to 15 digits (e.g. +21671000000)."
ANSWER = "Appelez-nous, nous répondons de 9 h à 18 h."


def call(live, method: str, path: str, headers: dict, body) -> requests.Response:
    return requests.request(method, live.url + SECURE + path, json=body, headers=headers, timeout=10)


def facebook_shop(live, sandbox) -> dict:
    """An owner signed in over HTTP, on a paid plan, with a sandbox page connected over HTTP and an agent for one
    of its posts."""
    network_user = sandbox.admin.user(first_name="Amira", last_name="Ben Salah",
                                      email=f"{uuid.uuid4().hex[:8]}@example.com")
    login = requests.post(live.url + "/api/v1/auth/login/facebook", json={"token": network_user["access_token"]},
                          timeout=10)
    assert login.status_code == 200, login.text
    headers = {"Authorization": f"Bearer {login.json()['token']}"}
    give_plan(session.scalar(select(User).where(User.facebook_id == network_user["id"])), "Agencies")
    page = sandbox.admin.page(name="Boutique Amira", owner_ids=[network_user["id"]])
    assert call(live, "POST", "/pages/connect/", headers, {"id": page["id"]}).json() is True
    post = sandbox.admin.post("Nouvelle collection: la robe rouge", page_id=page["id"])
    project = call(live, "POST", "/project/add", headers, {"post": {
        "idPage": page["id"], "name": page["name"], "typePage": "facebook", "idPost": post["id"],
        "message": "Nouvelle collection: la robe rouge", "status": "Published", "published": True}})
    assert project.status_code == 200, project.text
    return {"headers": headers, "page_id": page["id"], "post_id": post["id"], "agent_id": project.json()}


def phone_button(number) -> dict:
    return {"type": "phone_number", "title": "Appeler", "payload": number}


def stored_intents(agent_id: int) -> list[tuple]:
    session.expire_all()
    return [(intent.intent_name, intent.buttons)
            for intent in session.scalars(select(AgentIntent).where(AgentIntent.agent_id == agent_id))]


def commented(sandbox, shop: dict) -> CommentLog:
    """A fan's comment at the sandbox, with its log as the pipeline writes it for a comment nobody answered."""
    fan = {"id": "7345098712340012", "name": "Nour Haddad"}
    message = "Vous avez un numéro ?"
    comment = sandbox.admin.comment(shop["post_id"], message, author=fan)
    page = session.scalar(select(SocialPage).where(SocialPage.external_id == shop["page_id"]))
    log = CommentLog(page_id=page.id, agent_id=shop["agent_id"], comment_id=comment["id"],
                     post_external_id=shop["post_id"], message=message, publisher={**fan})
    session.add(log)
    session.commit()
    return log


@pytest.mark.parametrize("number", ["71000000", "21671000000", "+21671", "+2167100000000000"])
def test_a_phone_button_meta_would_refuse_is_refused_when_the_wizard_writes_it(live_db, sandbox, number):
    shop = facebook_shop(live_db, sandbox)
    body = {"intent": "contact", "genericAnswer": ANSWER, "buttons": [phone_button(number)]}
    version = session.get(Agent, shop["agent_id"]).version

    refused = call(live_db, "PUT", f"/project/generiqueadd/{shop['agent_id']}", shop["headers"], body)

    assert refused.status_code == 422, refused.text
    assert refused.headers["Content-Type"].startswith("application/json")
    assert refused.json()["errors"]["json"] == {"buttons": {"0": {"payload": [PHONE_MESSAGE]}}}
    assert stored_intents(shop["agent_id"]) == []
    assert session.get(Agent, shop["agent_id"]).version == version


def test_the_number_written_as_meta_takes_it_is_saved_and_its_reply_is_taken(live_db, sandbox):
    shop = facebook_shop(live_db, sandbox)
    body = {"intent": "contact", "genericAnswer": ANSWER, "buttons": [phone_button("+216 71 000 000")]}

    saved = call(live_db, "PUT", f"/project/generiqueadd/{shop['agent_id']}", shop["headers"], body)

    assert saved.status_code == 200, saved.text
    assert saved.json()["intents"][0]["buttons"] == [phone_button("+21671000000")]
    assert stored_intents(shop["agent_id"]) == [("contact", [phone_button("+21671000000")])]
    # The same button in a private reply: Meta's stand-in takes it.
    log = commented(sandbox, shop)
    sent = call(live_db, "POST", "/logEvent/answer/comment/facebook", shop["headers"],
                {"logs": {"_id": log.id}, "answer": ANSWER, "buttons": saved.json()["intents"][0]["buttons"]})
    assert sent.status_code == 200, sent.text
    [reply] = sandbox.admin.comment_effects(log.comment_id)["private_replies"]
    assert reply["buttons"] == [phone_button("+21671000000")]


def test_a_manual_answer_with_a_button_meta_would_refuse_is_refused_before_meta_sees_it(live_db, sandbox):
    shop = facebook_shop(live_db, sandbox)
    log = commented(sandbox, shop)

    refused = call(live_db, "POST", "/logEvent/answer/comment/facebook", shop["headers"],
                   {"logs": {"_id": log.id}, "answer": ANSWER, "buttons": [phone_button("71000000")]})

    assert refused.status_code == 422, refused.text
    assert refused.json()["errors"]["json"] == {"buttons": {"0": {"payload": [PHONE_MESSAGE]}}}
    assert sandbox.admin.comment_effects(log.comment_id)["private_replies"] == []
    session.expire_all()
    assert session.scalars(select(ManualAnswer).where(ManualAnswer.log_id == log.id)).all() == []
