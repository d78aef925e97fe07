"""The wizard's posts (spec 001 §4 "Wizard", §7 "Wizard"): a page's posts newest first with their agents' statuses,
an Instagram account's media as its posts, another team's page refused, the network failing."""
from tests.api.agents_support import add_agent, agent_with_intent, team, trained
from tests.api.pages_support import SECURE


def test_the_pages_posts_come_newest_first_with_their_agents_status(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    newer = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id, picture="https://cdn.example/soldes.jpg")
    newest = sandbox.admin.post("Nouveautés", page_id=owner.page_id)
    active = agent_with_intent(client, owner)
    trained(active)
    client.put(f"{SECURE}/project/agent/live/{active}", json={"live": True}, headers=owner.headers)
    add_agent(client, owner, id_post=newer["id"])  # an agent without intents shows nothing

    answer = client.get(f"{SECURE}/post/get/{owner.page_id}/facebook/all", headers=owner.headers)

    assert answer.status_code == 200
    posts = answer.get_json()
    assert [post["idPost"] for post in posts] == [newest["id"], newer["id"], owner.post_id]
    assert posts[0]["agent"] is None and posts[0]["message"] == "Nouveautés"
    assert posts[1]["agent"]["status"] == "" and posts[1]["picture"] == "https://cdn.example/soldes.jpg"
    assert posts[2]["agent"] == {"_id": active, "trained": True, "live": True, "intents": 1, "status": "Active"}
    assert all(post["created_time"] and post["type"] for post in posts)


def test_draft_and_not_active_statuses_in_the_post_table(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    path = f"{SECURE}/post/get/{owner.page_id}/facebook/all"
    assert client.get(path, headers=owner.headers).get_json()[0]["agent"]["status"] == "Draft"
    trained(agent_id)
    assert client.get(path, headers=owner.headers).get_json()[0]["agent"]["status"] == "Not Active"


def test_an_instagram_accounts_media_are_its_posts(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in, platform="instagram")

    posts = client.get(f"{SECURE}/post/get/{owner.page_id}/instagram/all", headers=owner.headers).get_json()

    assert [(post["idPost"], post["message"], post["type"]) for post in posts] == \
        [(owner.post_id, "Nouvelle collection: la robe rouge", "IMAGE")]


def test_posts_of_another_teams_page_and_of_no_page_403_bad_platform_404(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")
    not_ours = client.get(f"{SECURE}/post/get/{owner.page_id}/facebook/all", headers=stranger_headers)
    # No Instagram account has this id: "does not exist" answers as "not yours" (docs/contracts.md).
    missing = client.get(f"{SECURE}/post/get/{owner.page_id}/instagram/all", headers=owner.headers)
    assert not_ours.status_code == missing.status_code == 403
    assert not_ours.get_json() == missing.get_json()
    assert client.get(f"{SECURE}/post/get/{owner.page_id}/tiktok/all", headers=owner.headers).status_code == 404


def test_the_network_failing_is_a_502_with_a_message(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    sandbox.admin.fault("server_error", scope=owner.page_id)

    answer = client.get(f"{SECURE}/post/get/{owner.page_id}/facebook/all", headers=owner.headers)

    assert answer.status_code == 502 and answer.get_json()["message"] == "Error while getting the posts"
