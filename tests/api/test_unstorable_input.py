"""Input no database column can hold, and numbers that are not ids, over real HTTP to gunicorn on PostgreSQL and
SQLite (issue 38 §2). A lone surrogate or a NUL anywhere in a JSON body, and a NUL in a path segment or query value,
are refused at the edge with a 4xx JSON answer that changes nothing; in a signed webhook delivery the person's words
are kept, cleaned, beside their neighbours. An id is an integer or its ASCII digits: 9.5 or "٩" is no agent 9. A CSV
line that opens a quote it never closes is refused with its number, not read with the lines after it as one
product."""
from __future__ import annotations

import pytest
import requests
from sqlalchemy import select

from app.database import session
from app.models import Agent, AgentIntent, Product, SocialPage
from tests.api.hostile_support import (PAGE_ID, POST_ID, SECURE, assert_json_error, comment_value, connect_page,
                                       deliver, entry, sign_in, stored_comments)

UNSTORABLE = ["Must not contain NUL or unpaired surrogate characters."]
LONE_SURROGATE, NUL = "\ud800", "\x00"
ARABIC_INDIC_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.fixture
def owner(live_db, sandbox):
    """A signed-in user owning the connected page PAGE_ID, with a generic agent answering deliveries."""
    user, headers = sign_in(live_db, sandbox, "Owner")
    page = connect_page(user)
    agent = Agent(page_id=page.id, target_id=PAGE_ID, is_generic=True, intent_kind="generic")
    session.add(agent)
    session.commit()
    added = requests.put(f"{live_db.url}{SECURE}/project/generiqueadd/{agent.id}", headers=headers, timeout=10,
                         json={"intent": "Livraison", "genericAnswer": "Livraison en 48 h", "buttons": []})
    assert added.status_code == 200, added.text
    return live_db, headers, page, agent


@pytest.mark.parametrize("field", ["token", "tokenMemberShip"])
@pytest.mark.parametrize("bad", [LONE_SURROGATE, NUL])
def test_a_login_token_no_column_can_hold_is_422(live_db, sandbox, field, bad):
    network_user = sandbox.admin.user(first_name="Sami", last_name="Test", email="sami.test@example.com")
    body = {"token": network_user["access_token"], "tokenMemberShip": None, field: f"abc{bad}def"}
    answer = requests.post(live_db.url + "/api/v1/auth/login/facebook", json=body, timeout=10)
    assert assert_json_error(answer, 422)["errors"] == {"json": {field: UNSTORABLE}}


def test_a_webhook_comment_with_unstorable_words_is_kept_cleaned_beside_its_neighbours(live_db):
    connect_page()
    good, in_message, in_name = f"{POST_ID}_1", f"{POST_ID}_2", f"{POST_ID}_3"
    delivery = {"object": "page", "entry": [entry(
        PAGE_ID, comment_value(good), comment_value(in_message, message=f"prix{LONE_SURROGATE} svp{NUL} ?"),
        comment_value(in_name, **{"from": {"id": "7002", "name": f"Nour{LONE_SURROGATE} Haddad"}}))]}

    answer = deliver(live_db, delivery)

    assert (answer.status_code, answer.text) == (200, "EVENT_RECEIVED")
    assert stored_comments() == {good: ("Sami Ben Ali", "combien ?"),
                                 in_message: ("Sami Ben Ali", "prix\ufffd svp ?"),
                                 in_name: ("Nour\ufffd Haddad", "combien ?")}


def public_reply(owner_) -> tuple[bool, str]:
    session.expire_all()
    page = session.get(SocialPage, owner_[2].id)
    return page.public_reply_enabled, page.public_reply_message


@pytest.mark.parametrize("bad", [LONE_SURROGATE, NUL])
def test_a_public_reply_no_column_can_hold_is_422_and_changes_nothing(owner, bad):
    live, headers, _page, _agent = owner
    before = public_reply(owner)
    answer = requests.put(f"{live.url}{SECURE}/pages/publicreply/{PAGE_ID}/facebook", headers=headers, timeout=10,
                          json={"statut": True, "message": f"Merci{bad} !"})
    assert assert_json_error(answer, 422)["errors"] == {"json": {"message": UNSTORABLE}}
    assert public_reply(owner) == before


@pytest.mark.parametrize("bad", [LONE_SURROGATE, NUL])
def test_a_generic_answer_no_column_can_hold_is_422_and_changes_nothing(owner, bad):
    live, headers, _page, agent = owner
    answer = requests.put(f"{live.url}{SECURE}/project/generiqueupdate/{agent.id}", headers=headers, timeout=10,
                          json={"intent": "Livraison", "genericAnswer": f"En 24 h{bad}", "buttons": []})
    assert assert_json_error(answer, 422)["errors"] == {"json": {"genericAnswer": UNSTORABLE}}
    session.expire_all()
    assert session.scalars(select(AgentIntent.generic_answer).where(AgentIntent.agent_id == agent.id)).all() == \
        ["Livraison en 48 h"]


def catalogue_calls(live) -> list[tuple[str, str]]:
    """(method, path) of every catalogue call the served OpenAPI document lists, on both networks, its page id
    holding a NUL."""
    document = requests.get(live.url + "/api/openapi.json", timeout=10).json()
    return [(method.upper(), path.replace("{pageId}", f"{PAGE_ID}%00").replace("{platform}", platform))
            for path, operations in document["paths"].items() if "{pageId}" in path
            for method, operation in operations.items()
            if isinstance(operation, dict) and "catalogue" in operation.get("tags", ())
            for platform in (("facebook", "instagram") if "{platform}" in path else ("",))]


def test_a_nul_in_the_page_id_of_every_catalogue_call_is_422(owner):
    live, headers, _page, _agent = owner
    calls = catalogue_calls(live)
    assert len(calls) == 22
    for method, path in calls:
        answer = requests.request(method, live.url + path, headers=headers, json={}, timeout=10)
        assert assert_json_error(answer, 422)["errors"] == {"path": {"pageId": UNSTORABLE}}, (method, path)
    assert session.scalars(select(Product)).all() == []


def test_a_nul_in_a_query_value_is_422(owner):
    live, headers, _page, _agent = owner
    answer = requests.get(f"{live.url}/api/v1/pricing?country=T%00N", headers=headers, timeout=10)
    assert assert_json_error(answer, 422)["errors"] == {"query": {"country": UNSTORABLE}}


def test_a_gateway_notification_nested_200000_levels_deep_is_refused_as_unreadable(live_db):
    deep = b"[" * 200_000 + b"]" * 200_000
    answer = requests.post(live_db.url + "/api/v1/payment/notification", data=deep, timeout=10,
                           headers={"Content-Type": "application/json"})
    assert assert_json_error(answer, 400)["code"] == "unreadable"
    login = requests.post(live_db.url + "/api/v1/auth/login/facebook", data=b'{"token": ' + deep + b"}",
                          headers={"Content-Type": "application/json"}, timeout=10)
    assert assert_json_error(login, 400)["errors"] == {"json": ["Nested more than 32 levels deep."]}


def agent_exists(agent_id: int) -> bool:
    session.expire_all()
    return session.get(Agent, agent_id) is not None


def test_an_id_that_is_not_an_integer_names_no_agent(owner):
    live, headers, _page, agent = owner
    remove = f"{live.url}{SECURE}/project/remove/project"
    for body in ({"_id": agent.id + 0.5}, {"project": {"_id": str(agent.id).translate(ARABIC_INDIC_DIGITS)}},
                 {"_id": f" {agent.id}"}, {"id": True}):
        answer = requests.put(remove, headers=headers, json=body, timeout=10)
        assert assert_json_error(answer, 422)["errors"]["json"], body
        assert agent_exists(agent.id), body
    in_path = requests.get(f"{live.url}{SECURE}/project/get/project/{str(agent.id).translate(ARABIC_INDIC_DIGITS)}",
                           headers=headers, timeout=10)
    assert_json_error(in_path, 404)

    # The id as the answers write it, in a path or as the `_id` string the clients send back, names the agent.
    assert requests.get(f"{live.url}{SECURE}/project/get/project/{agent.id}", headers=headers,
                        timeout=10).status_code == 200
    assert requests.put(remove, headers=headers, json={"project": {"_id": str(agent.id)}}, timeout=10).status_code \
        == 200
    assert not agent_exists(agent.id)


def test_a_csv_line_whose_quote_is_never_closed_is_refused_with_its_number(owner):
    live, headers, _page, _agent = owner
    content = 'Robes,Robe rouge,rouge\nRobes,"Robe bleue,bleu\nSacs,Sac cabas,\nSacs,Sac seau,\n'
    answer = requests.post(f"{live.url}{SECURE}/pages/catalogue/import/{PAGE_ID}", headers=headers, timeout=10,
                           files={"file": ("catalogue.csv", content.encode(), "text/csv")})
    assert assert_json_error(answer, 422)["lines"] == [
        {"line": 2, "reason": "A quote opened on this line is never closed (the file ends on line 4)",
         "code": "unclosedQuote", "values": {"last": 4}}]
    assert session.scalars(select(Product)).all() == []
