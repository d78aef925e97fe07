"""The agent calls (spec 001 §7 "Agents"): a page's agents, one agent, create, delete and the wizard's agents of a
page; each for a team member, another team's user (403 for a page, 404 for an agent), unknown ids and bad input."""
from app.database import session
from app.models import CommentLog
from tests.api.agents_support import (DELIVERY_ANSWER, add_agent, agent_with_intent, counts, fresh, post_body,
                                      team)
from tests.api.pages_support import SECURE, join_team


def test_a_post_agent_and_a_generic_agent_are_created_and_read_back(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)

    post_agent = add_agent(client, owner)
    generic = add_agent(client, owner, id_post=owner.page_id, wrap=False)

    body = client.get(f"{SECURE}/project/get/project/{post_agent}", headers=owner.headers).get_json()
    assert body["_id"] == post_agent and body["generic"] is False and body["intentType"] == "default"
    assert body["post"] == {"idPage": owner.page_id, "name": owner.page.name, "typePage": "facebook",
                            "idPost": owner.post_id, "picture": "https://cdn.example/robe.jpg",
                            "message": "Nouvelle collection: la robe rouge", "status": "Published",
                            "published": "2026-11-20T10:00:00+0000"}
    assert (body["trained"], body["live"], body["pending"], body["logs"], body["intents"]) == \
        (False, False, False, 0, [])
    generic_body = client.get(f"{SECURE}/project/get/project/{generic}", headers=owner.headers).get_json()
    assert generic_body["generic"] is True and generic_body["post"]["idPost"] == owner.page_id


def test_my_agents_lists_only_agents_with_intents_newest_first_with_their_logs(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    second_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id)["id"]
    older = agent_with_intent(client, owner)
    newer = agent_with_intent(client, owner, id_post=second_post)
    add_agent(client, owner, id_post=owner.page_id)  # no intents: not listed
    session.add(CommentLog(page_id=owner.page.id, agent_id=older, comment_id="c1", message="livraison ?"))
    session.commit()

    answer = client.get(f"{SECURE}/pages/get/project/{owner.page_id}", headers=owner.headers)

    assert answer.status_code == 200
    listed = answer.get_json()
    assert [agent["_id"] for agent in listed] == [newer, older]
    assert [agent["logs"] for agent in listed] == [0, 1]
    intent = listed[0]["intents"][0]
    assert (intent["name"], intent["name_fr"], intent["key"], intent["genericAnswer"]) == \
        ("Delivery", "Livraison", "delivery", DELIVERY_ANSWER)


def test_an_invited_member_reads_and_creates_agents(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    member, member_headers, _ = signed_in("Member", "Invited")
    join_team(owner.page, member, "invited_member")
    agent_id = agent_with_intent(client, owner)

    assert [agent["_id"] for agent in client.get(f"{SECURE}/pages/get/project/{owner.page_id}",
                                                 headers=member_headers).get_json()] == [agent_id]
    created = client.post(f"{SECURE}/project/add", json=post_body(owner, id_post=owner.page_id),
                          headers=member_headers)
    assert created.status_code == 200 and fresh(created.get_json()).created_by_id == member.id


def test_a_post_with_an_agent_is_refused_a_second_one_but_an_abandoned_draft_is_taken_up(client, sandbox,
                                                                                         signed_in):
    owner = team(client, sandbox, signed_in)
    draft = add_agent(client, owner)
    assert add_agent(client, owner) == draft  # no intents yet: the wizard carries on with it
    client.put(f"{SECURE}/project/generiqueadd/{draft}", headers=owner.headers,
               json={"intent": "delivery", "genericAnswer": DELIVERY_ANSWER})
    before = counts()

    again = client.post(f"{SECURE}/project/add", json={"post": post_body(owner)}, headers=owner.headers)

    assert again.status_code == 409 and again.get_json()["code"] == "agent_exists"
    assert counts() == before


def test_bad_agent_bodies_are_refused_with_422_and_create_nothing(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    before = counts()
    for body in ({}, {"post": {"idPage": owner.page_id}}, post_body(owner, typePage="tiktok"),
                 post_body(owner, idPost="../../etc"), post_body(owner, idPage="abc"),
                 post_body(owner, message="x" * 63207), post_body(owner, published={"at": 1}), ["not", "an", "object"]):
        answer = client.post(f"{SECURE}/project/add", json=body, headers=owner.headers)
        assert answer.status_code == 422, (body, answer.get_json())
        assert answer.get_json()["message"] == "Invalid request"
    assert counts() == before


def test_another_teams_user_gets_403_for_the_page_and_404_for_its_agents(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")
    before = counts()

    assert client.get(f"{SECURE}/pages/get/project/{owner.page_id}", headers=stranger_headers).status_code == 403
    assert client.get(f"{SECURE}/project/get/activeproject/{owner.page_id}",
                      headers=stranger_headers).status_code == 403
    added = client.post(f"{SECURE}/project/add", json=post_body(owner, id_post=owner.page_id),
                        headers=stranger_headers)
    assert added.status_code == 403 and added.get_json()["code"] == "page_not_in_team"
    read = client.get(f"{SECURE}/project/get/project/{agent_id}", headers=stranger_headers)
    assert read.status_code == 404 and read.get_json()["code"] == "agent_not_found"
    removed = client.put(f"{SECURE}/project/remove/project", json={"project": {"_id": agent_id}},
                         headers=stranger_headers)
    assert removed.status_code == 404
    assert counts() == before


def test_unknown_pages_are_refused_as_another_teams_unknown_agents_are_404_and_calls_need_a_session(
        client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    for unknown_page in (client.get(f"{SECURE}/pages/get/project/999999999", headers=owner.headers),
                         client.get(f"{SECURE}/post/get/{'9' * 65}/facebook/all", headers=owner.headers),
                         client.get(f"{SECURE}/project/get/activeproject/999999999", headers=owner.headers),
                         client.post(f"{SECURE}/project/add", json=post_body(owner, idPage="999999999"),
                                     headers=owner.headers)):
        assert (unknown_page.status_code, unknown_page.get_json()["code"]) == (403, "page_not_in_team"), \
            unknown_page.request.path
    assert client.get(f"{SECURE}/project/get/project/2147483647", headers=owner.headers).status_code == 404
    assert client.get(f"{SECURE}/project/get/project/99999999999", headers=owner.headers).status_code == 404
    assert client.get(f"{SECURE}/pages/get/project/{owner.page_id}").status_code == 401


def test_removing_an_agent_answers_the_updated_list_and_keeps_its_logs(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    second_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id)["id"]
    kept = agent_with_intent(client, owner)
    removed = agent_with_intent(client, owner, id_post=second_post)
    session.add(CommentLog(page_id=owner.page.id, agent_id=removed, comment_id="c9", message="prix ?"))
    session.commit()

    answer = client.put(f"{SECURE}/project/remove/project", json={"project": {"_id": removed}},
                        headers=owner.headers)

    assert answer.status_code == 200 and [agent["_id"] for agent in answer.get_json()] == [kept]
    assert fresh(removed) is None
    assert session.query(CommentLog).filter_by(comment_id="c9").one().agent_id is None
    again = client.put(f"{SECURE}/project/remove/project", json={"_id": removed}, headers=owner.headers)
    assert again.status_code == 404
    for body in ({"project": {"_id": "seven"}}, {}, {"project": {}}, {"_id": -1}):
        bad = client.put(f"{SECURE}/project/remove/project", json=body, headers=owner.headers)
        assert bad.status_code == 422, body
    assert fresh(kept) is not None


def test_the_wizards_agents_of_a_page_or_project_not_found(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    path = f"{SECURE}/project/get/activeproject/{owner.page_id}"
    assert client.get(path, headers=owner.headers).get_json() == "project not found"
    draft = add_agent(client, owner, id_post=owner.page_id)
    agent_id = agent_with_intent(client, owner)

    entries = client.get(path, headers=owner.headers).get_json()

    by_post = {entry["post"]["idPost"]: entry for entry in entries}
    assert by_post[owner.post_id]["_id"] == agent_id and by_post[owner.post_id]["intents"][0]["key"] == "delivery"
    assert (by_post[owner.post_id]["trained"], by_post[owner.post_id]["live"]) == (False, False)
    assert by_post[owner.page_id]["_id"] == draft and by_post[owner.page_id]["intents"] == []
