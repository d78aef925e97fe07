"""Graph reads: page and Instagram fields, feed, comments edge options and paging, media, pictures."""
import time

import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page


def collect(sandbox, response, limit_pages=20):
    """Follow `next` links to the end; return the ids seen and how many pages were read."""
    seen, pages = [], 0
    for _ in range(limit_pages):
        body = response.json()
        seen += [item["id"] for item in body["data"]]
        pages += 1
        if "next" not in body.get("paging", {}):
            return seen, pages
        response = requests.get(body["paging"]["next"], timeout=10)
    raise AssertionError("paging never ended")


def test_page_fields_and_linked_instagram(sandbox):
    world = seed_page(sandbox, instagram=True)
    page = graph(sandbox, "GET", world["page"]["id"], world["page"]["access_token"],
                 params={"fields": "id,name,fan_count,new_like_count,picture,instagram_business_account"}).json()
    assert (page["name"], page["fan_count"], page["new_like_count"]) == ("Maison Jasmin", 120, 3)
    assert page["instagram_business_account"] == {"id": world["ig"]["id"]}
    picture = requests.get(page["picture"]["data"]["url"], timeout=10)
    assert picture.headers["Content-Type"].startswith("image/svg+xml") and b"MJ" in picture.content


def test_instagram_user_fields(sandbox):
    world = seed_page(sandbox, instagram=True)
    account = graph(sandbox, "GET", world["ig"]["id"], world["page"]["access_token"], params={
        "fields": "id,username,name,followers_count,media_count,profile_picture_url"}).json()
    assert (account["username"], account["followers_count"], account["media_count"]) == ("maison.jasmin", 900, 1)
    assert requests.get(account["profile_picture_url"], timeout=10).status_code == 200


def test_feed_with_nested_comments(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "Prix ?", {"name": "Sarra"})
    feed = graph(sandbox, "GET", f"{world['page']['id']}/feed", world["page"]["access_token"],
                 params={"fields": "id,message,comments.limit(5){id,message,from}"}).json()
    assert feed["data"][0]["id"] == world["post"]["id"]
    assert feed["data"][0]["comments"]["data"][0]["id"] == comment["id"]
    posts = graph(sandbox, "GET", f"{world['page']['id']}/posts", world["page"]["access_token"]).json()
    assert [post["id"] for post in posts["data"]] == [world["post"]["id"]]


def test_comments_page_over_several_pages_and_end_without_next(sandbox):
    world = seed_page(sandbox)
    created = [sandbox.admin.comment(world["post"]["id"], f"comment {index}", {"name": "Fan"},
                                     created_time=1_700_000_000 + index)["id"] for index in range(7)]
    first = graph(sandbox, "GET", f"{world['post']['id']}/comments", world["page"]["access_token"],
                  params={"limit": 3})
    assert first.json()["paging"]["next"].startswith(f"{sandbox.url}/v23.0/{world['post']['id']}/comments?")
    seen, pages = collect(sandbox, first)
    assert seen == created and pages == 3
    reverse = graph(sandbox, "GET", f"{world['post']['id']}/comments", world["page"]["access_token"],
                    params={"limit": 3, "order": "reverse_chronological"})
    assert collect(sandbox, reverse)[0] == list(reversed(created))


def test_comments_filter_and_since(sandbox):
    world = seed_page(sandbox)
    now = int(time.time())
    old = sandbox.admin.comment(world["post"]["id"], "old", {"name": "A"}, created_time=now - 3600)
    new = sandbox.admin.comment(world["post"]["id"], "new", {"name": "B"}, created_time=now - 10)
    reply = sandbox.admin.comment(world["post"]["id"], "reply", {"name": "C"}, parent_id=old["id"])
    path, token = f"{world['post']['id']}/comments", world["page"]["access_token"]
    assert [c["id"] for c in graph(sandbox, "GET", path, token).json()["data"]] == [old["id"], new["id"]]
    stream = graph(sandbox, "GET", path, token, params={"filter": "stream"}).json()["data"]
    assert {c["id"] for c in stream} == {old["id"], new["id"], reply["id"]}
    since = graph(sandbox, "GET", path, token, params={"filter": "stream", "since": now - 60}).json()["data"]
    assert {c["id"] for c in since} == {new["id"], reply["id"]}
    assert_graph_error(graph(sandbox, "GET", path, token, params={"filter": "everything"}), 100)
    assert_graph_error(graph(sandbox, "GET", path, token, params={"after": "garbage!"}), 100)


def test_instagram_media_and_comments_defaults(sandbox):
    world = seed_page(sandbox, instagram=True)
    comment = sandbox.admin.comment(world["media"]["id"], "Beautiful!", {"username": "fan"})
    media = graph(sandbox, "GET", f"{world['ig']['id']}/media", world["page"]["access_token"],
                  params={"fields": "id,caption,media_product_type,timestamp,comments_count"}).json()["data"]
    assert media[0]["caption"] == "Summer drop" and media[0]["comments_count"] == 1
    assert media[0]["timestamp"].endswith("+0000")
    comments = graph(sandbox, "GET", f"{world['media']['id']}/comments", world["page"]["access_token"]).json()
    assert set(comments["data"][0]) == {"id", "text", "timestamp"}
    assert comments["data"][0]["id"] == comment["id"]


def test_comment_fields_and_permalink(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "hello", {"name": "Sarra"})
    read = graph(sandbox, "GET", comment["id"], world["page"]["access_token"],
                 params={"fields": "from{name},permalink_url,can_reply_privately,created_time"}).json()
    assert read["from"] == {"name": "Sarra"} and read["can_reply_privately"] is True
    assert requests.get(read["permalink_url"], timeout=10).status_code == 200


def test_unknown_object_field_and_edge_are_meta_errors(sandbox):
    world = seed_page(sandbox)
    token = world["page"]["access_token"]
    assert_graph_error(graph(sandbox, "GET", "999999999", token), 100, 33)
    assert_graph_error(graph(sandbox, "GET", world["page"]["id"], token, params={"fields": "nope"}), 100)
    assert_graph_error(graph(sandbox, "GET", world["page"]["id"], token, params={"fields": "name{"}), 100)
    assert_graph_error(graph(sandbox, "GET", f"{world['page']['id']}/nowhere", token), 100)


def test_user_token_reads_only_pages_it_administers(sandbox):
    world = seed_page(sandbox)
    stranger = sandbox.admin.user("Sami", "Stranger")
    assert_graph_error(graph(sandbox, "GET", world["page"]["id"], stranger["access_token"]), 100, 33)
    read = graph(sandbox, "GET", world["page"]["id"], world["user"]["access_token"], params={"fields": "name"})
    assert read.json()["name"] == "Maison Jasmin"
