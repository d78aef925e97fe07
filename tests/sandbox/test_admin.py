"""The admin API builds the world the Graph API then shows, and refuses bad input with a 4xx JSON error."""
import requests

from tests.sandbox.helpers import graph, seed_page


def test_created_post_and_comment_are_read_back_through_the_graph(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "C'est combien ?", {"id": "6120934400000077",
                                                                             "name": "Karim Trabelsi"})
    response = graph(sandbox, "GET", comment["id"], world["page"]["access_token"],
                     params={"fields": "id,message,from,is_hidden,can_reply_privately"})
    assert response.json() == {"id": comment["id"], "message": "C'est combien ?",
                               "from": {"id": "6120934400000077", "name": "Karim Trabelsi"},
                               "is_hidden": False, "can_reply_privately": True}


def test_comment_effects_start_empty(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "Prix svp")
    effects = sandbox.admin.comment_effects(comment["id"])
    assert effects["message"] == "Prix svp"
    assert (effects["is_hidden"], effects["likes"], effects["private_replies"], effects["replies"]) == \
        (False, [], [], [])
    assert sandbox.admin.effects() == []


def test_reset_demo_seeds_known_users_pages_and_instagram(sandbox):
    summary = sandbox.admin.reset("demo")
    assert summary["users"] >= 2 and summary["pages"] == 6
    first = graph(sandbox, "GET", "me/accounts", "EAAUdemoAmiraBenSalah0001",
                  params={"fields": "id,name,instagram_business_account"}).json()["data"]
    second = graph(sandbox, "GET", "me/accounts", "EAAUdemoKarimTrabelsi0002").json()["data"]
    assert len(first) >= 4 and len(second) >= 3
    assert {page["id"] for page in first} & {page["id"] for page in second}
    assert any("instagram_business_account" in page for page in first)


def test_bad_admin_input_is_a_4xx_json_error_and_changes_nothing(sandbox):
    admin_url = f"{sandbox.url}/__admin"
    cases = [("users", {"first_name": ""}), ("users", ["not", "an", "object"]),
             ("pages", {"name": "P", "owner_ids": ["999"]}), ("posts", {"page_id": "nope", "message": "x"}),
             ("comments", {"post_id": "nope", "message": "x", "from": {"name": "A"}}),
             ("reset", {"scenario": "galaxy"})]
    for path, payload in cases:
        response = requests.post(f"{admin_url}/{path}", json=payload, timeout=10)
        assert 400 <= response.status_code < 500, (path, response.status_code)
        assert "message" in response.json()
    assert requests.get(f"{admin_url}/comments/123_456", timeout=10).status_code == 404
    assert sandbox.admin.reset("empty")["users"] == 0


def test_generator_posts_the_requested_number_of_multilingual_comments(sandbox):
    world = seed_page(sandbox)
    run = sandbox.admin.generator([world["post"]["id"]], rate=200, count=6, seed=3)
    for _ in range(500):
        runs = sandbox.admin.call("GET", "/generator")
        if runs[0]["done"]:
            break
    assert runs[0]["id"] == run["id"] and runs[0]["posted"] == 6
    comments = graph(sandbox, "GET", f"{world['post']['id']}/comments", world["page"]["access_token"],
                     params={"limit": 50}).json()["data"]
    assert sorted(comment["id"] for comment in comments) == sorted(runs[0]["comment_ids"])
    assert all(comment["message"] for comment in comments)


def test_generator_refuses_unbounded_or_unknown_input(sandbox):
    world = seed_page(sandbox)
    for payload in ({"post_ids": [world["post"]["id"]], "rate": 0, "count": 5},
                    {"post_ids": [world["post"]["id"]], "rate": 5, "count": 10 ** 9},
                    {"post_ids": ["nope"], "rate": 5, "count": 5}, {"post_ids": [], "rate": 5, "count": 5}):
        response = requests.post(f"{sandbox.url}/__admin/generator", json=payload, timeout=10)
        assert 400 <= response.status_code < 500
    assert sandbox.admin.call("GET", "/generator") == []
