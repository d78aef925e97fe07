"""Webhook registration (handshake) and signed deliveries to a real receiving server."""
import hashlib
import hmac
import json

import pytest

from tests.sandbox.helpers import assert_graph_error, graph, seed_page
from tests.sandbox.receiver import Receiver


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def register(sandbox, receiver, object_name="page", fields="feed", verify_token="sandbox-verify-token"):
    return graph(sandbox, "POST", f"{sandbox.app_id}/subscriptions", sandbox.app_token,
                 data={"object": object_name, "callback_url": receiver.url, "fields": fields,
                       "verify_token": verify_token})


def subscribed_world(sandbox, receiver, instagram=False):
    world = seed_page(sandbox, instagram=instagram)
    assert register(sandbox, receiver).json() == {"success": True}
    if instagram:
        assert register(sandbox, receiver, "instagram", "comments").status_code == 200
    response = graph(sandbox, "POST", f"{world['page']['id']}/subscribed_apps", world["page"]["access_token"],
                     data={"subscribed_fields": "feed"})
    assert response.json() == {"success": True}
    return world


def logged_deliveries(sandbox, until):
    """The sandbox's delivery log once `until(log)` holds: a delivery is logged after its receiver has answered, so a
    test that saw the POST arrive asks again (at most 200 times) for the outcome."""
    for _ in range(200):
        deliveries = sandbox.admin.call("GET", "/webhooks")["deliveries"]
        if until(deliveries):
            break
    return deliveries


def parsed(post):
    return json.loads(post["raw"])


def test_registration_performs_the_handshake_and_lists_the_subscription(sandbox, receiver):
    assert register(sandbox, receiver).json() == {"success": True}
    listed = graph(sandbox, "GET", f"{sandbox.app_id}/subscriptions", sandbox.app_token).json()["data"]
    assert listed[0]["callback_url"] == receiver.url and listed[0]["fields"][0]["name"] == "feed"


def test_registration_with_a_wrong_verify_token_fails_2200(sandbox, receiver):
    assert_graph_error(register(sandbox, receiver, verify_token="wrong"), 2200)
    assert graph(sandbox, "GET", f"{sandbox.app_id}/subscriptions", sandbox.app_token).json()["data"] == []


def test_registration_needs_the_app_token(sandbox, receiver):
    world = seed_page(sandbox)
    response = graph(sandbox, "POST", f"{sandbox.app_id}/subscriptions", world["user"]["access_token"],
                     data={"object": "page", "callback_url": receiver.url, "fields": "feed"})
    assert_graph_error(response, 15)


def test_page_subscribed_apps_round_trip(sandbox):
    world = seed_page(sandbox)
    path, token = f"{world['page']['id']}/subscribed_apps", world["page"]["access_token"]
    assert graph(sandbox, "GET", path, token).json() == {"data": []}
    graph(sandbox, "POST", path, token, data={"subscribed_fields": "feed"})
    assert graph(sandbox, "GET", path, token).json()["data"][0]["subscribed_fields"] == ["feed"]
    assert graph(sandbox, "DELETE", path, token).json() == {"success": True}
    assert graph(sandbox, "GET", path, token).json() == {"data": []}


def test_comment_is_delivered_signed_in_metas_bytes(sandbox, receiver):
    world = subscribed_world(sandbox, receiver)
    comment = sandbox.admin.comment(world["post"]["id"], "Livraison à Sfax ? <3 / 100%",
                                    {"id": "6120934400000077", "name": "Amira"})
    post = receiver.wait_for(1)[0]
    raw, headers = post["raw"], post["headers"]
    expected_256 = hmac.new(sandbox.app_secret.encode(), raw, hashlib.sha256).hexdigest()
    expected_1 = hmac.new(sandbox.app_secret.encode(), raw, hashlib.sha1).hexdigest()
    assert headers["X-Hub-Signature-256"] == f"sha256={expected_256}"
    assert headers["X-Hub-Signature"] == f"sha1={expected_1}"
    assert raw.isascii() and b"\\u00e0" in raw and b"\\/" in raw and b": " not in raw
    payload = parsed(post)
    assert payload["object"] == "page"
    entry = payload["entry"][0]
    assert entry["id"] == world["page"]["id"] and isinstance(entry["time"], int)
    value = entry["changes"][0]["value"]
    assert entry["changes"][0]["field"] == "feed"
    assert (value["item"], value["verb"], value["comment_id"]) == ("comment", "add", comment["id"])
    assert value["post_id"] == value["parent_id"] == world["post"]["id"] == value["post"]["id"]
    assert value["from"] == {"id": "6120934400000077", "name": "Amira"}
    assert value["message"] == "Livraison à Sfax ? <3 / 100%" and isinstance(value["created_time"], int)


def test_page_public_reply_comes_back_as_a_webhook_from_the_page(sandbox, receiver):
    world = subscribed_world(sandbox, receiver)
    comment = sandbox.admin.comment(world["post"]["id"], "prix?", {"name": "Karim"})
    receiver.wait_for(1)
    reply = graph(sandbox, "POST", f"{comment['id']}/comments", world["page"]["access_token"],
                  data={"message": "En privé !"}).json()
    value = parsed(receiver.wait_for(2)[1])["entry"][0]["changes"][0]["value"]
    assert value["comment_id"] == reply["id"] and value["parent_id"] == comment["id"]
    assert value["from"]["id"] == world["page"]["id"]


def test_instagram_comment_and_reply_shape(sandbox, receiver):
    world = subscribed_world(sandbox, receiver, instagram=True)
    comment = sandbox.admin.comment(world["media"]["id"], "9addech?", {"id": "1784000", "username": "fan.tn"})
    reply = sandbox.admin.comment(world["media"]["id"], "@fan.tn same", {"username": "other"},
                                  parent_id=comment["id"])
    posts = receiver.wait_for(2)
    values = [change["value"] for post in posts for entry in parsed(post)["entry"] for change in entry["changes"]]
    assert all(parsed(post)["object"] == "instagram" for post in posts)
    assert values[0] == {"from": {"id": "1784000", "username": "fan.tn"}, "media": {
        "id": world["media"]["id"], "media_product_type": "FEED"}, "id": comment["id"], "text": "9addech?"}
    assert values[1]["parent_id"] == comment["id"] and values[1]["id"] == reply["id"]
    assert parsed(posts[0])["entry"][0]["id"] == world["ig"]["id"]


def test_no_delivery_without_the_page_level_subscription(sandbox, receiver):
    world = seed_page(sandbox)
    register(sandbox, receiver)
    sandbox.admin.comment(world["post"]["id"], "hello", {"name": "Karim"})
    world_two = sandbox.admin.post("second", page_id=world["page"]["id"])
    graph(sandbox, "POST", f"{world['page']['id']}/subscribed_apps", world["page"]["access_token"],
          data={"subscribed_fields": "feed"})
    later = sandbox.admin.comment(world_two["id"], "after subscribing", {"name": "Karim"})
    posts = receiver.wait_for(1)
    assert [parsed(post)["entry"][0]["changes"][0]["value"]["comment_id"] for post in posts] == [later["id"]]


def test_failed_delivery_is_retried_until_acknowledged(sandbox):
    receiver = Receiver(failures=2)
    try:
        world = subscribed_world(sandbox, receiver)
        comment = sandbox.admin.comment(world["post"]["id"], "retry me", {"name": "Karim"})
        posts = receiver.wait_for(3)
        assert [post["failed"] for post in posts] == [True, True, False]
        assert len({post["raw"] for post in posts}) >= 1
        assert all(comment["id"].encode() in post["raw"] for post in posts)
    finally:
        receiver.close()


def test_a_delivery_in_flight_at_a_reset_leaves_no_trace_in_the_world_after_it(sandbox):
    """Each test resets the sandbox: the answer to a delivery sent before a reset is neither logged nor retried after
    it (a late "delivered" from the test before once showed in the retry-bound test below)."""
    held, fresh = Receiver(failures=1, hold=True), Receiver()
    try:
        world = subscribed_world(sandbox, held)
        sandbox.admin.comment(world["post"]["id"], "in flight", {"name": "Karim"})
        held.wait_for(1)
        sandbox.admin.reset("empty")
        held.release()
        world = subscribed_world(sandbox, fresh)
        comment = sandbox.admin.comment(world["post"]["id"], "after the reset", {"name": "Karim"})
        fresh.wait_for(1)  # one dispatcher thread: the held delivery's answer was handled before this one was sent
        deliveries = logged_deliveries(sandbox, until=bool)
        assert [(delivery["outcome"], delivery["comment_ids"]) for delivery in deliveries] == [
            ("delivered", [comment["id"]])]
        assert len(held.posts) == 1 and len(fresh.posts) == 1
    finally:
        held.close()
        fresh.close()


def test_delivery_gives_up_after_the_retry_bound(sandbox):
    receiver = Receiver(failures=100)
    try:
        world = subscribed_world(sandbox, receiver)
        sandbox.admin.comment(world["post"]["id"], "never acknowledged", {"name": "Karim"})
        receiver.wait_for(5)
        deliveries = logged_deliveries(sandbox, until=lambda logged: logged and logged[-1]["outcome"] == "given_up")
        assert [delivery["outcome"] for delivery in deliveries] == ["http_500"] * 5 + ["given_up"]
        assert len(receiver.posts) == 5  # the first try and the fixture's 4 retries, then no more
    finally:
        receiver.close()
