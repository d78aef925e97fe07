"""Faults on demand: each kind answers Meta's error (with its headers) for `count` calls, per page or globally."""
import json

import pytest

from tests.sandbox.helpers import assert_graph_error, graph, seed_page
from tests.sandbox.receiver import Receiver


def read_page(sandbox, world):
    return graph(sandbox, "GET", world["page"]["id"], world["page"]["access_token"], params={"fields": "name"})


@pytest.mark.parametrize("code", [4, 17, 32, 613])
def test_rate_limit_codes_carry_usage_headers_for_count_calls(sandbox, code):
    world = seed_page(sandbox)
    sandbox.admin.fault("rate_limit", scope=world["page"]["id"], code=code, count=2, regain_minutes=7)
    for _ in range(2):
        response = read_page(sandbox, world)
        assert_graph_error(response, code)
        assert json.loads(response.headers["X-App-Usage"])["call_count"] == 100
        usage = json.loads(response.headers["X-Business-Use-Case-Usage"])[world["page"]["id"]][0]
        assert usage["estimated_time_to_regain_access"] == 7
    assert read_page(sandbox, world).status_code == 200


def test_expired_token_permission_and_server_error(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.fault("token_expired", count=1)
    assert_graph_error(read_page(sandbox, world), 190, 463)
    sandbox.admin.fault("permission", code=10, count=1)
    assert_graph_error(read_page(sandbox, world), 10)
    sandbox.admin.fault("server_error", count=1)
    assert_graph_error(read_page(sandbox, world), 2, status=500)
    assert read_page(sandbox, world).status_code == 200


def test_fault_scoped_to_another_page_leaves_this_one_alone(sandbox):
    world = seed_page(sandbox)
    other = sandbox.admin.page("Other", [world["user"]["id"]])
    sandbox.admin.fault("rate_limit", scope=other["id"], code=80001)
    assert read_page(sandbox, world).status_code == 200
    response = graph(sandbox, "GET", other["id"], other["access_token"])
    assert_graph_error(response, 80001)
    sandbox.admin.clear_faults()
    assert graph(sandbox, "GET", other["id"], other["access_token"]).status_code == 200


def test_fault_on_an_action_changes_nothing(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "prix", {"name": "Karim"})
    sandbox.admin.fault("server_error", scope=world["page"]["id"], count=1)
    body = {"recipient": {"comment_id": comment["id"]}, "message": {"text": "45 DT"}}
    path = f"{world['page']['id']}/messages"
    assert_graph_error(graph(sandbox, "POST", path, world["page"]["access_token"], json=body), 2, status=500)
    assert sandbox.admin.effects() == []
    assert graph(sandbox, "POST", path, world["page"]["access_token"], json=body).status_code == 200


def test_slow_fault_delays_then_answers(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.fault("slow", delay_ms=300, count=1)
    response = read_page(sandbox, world)
    assert response.status_code == 200 and response.elapsed.total_seconds() >= 0.3


def test_bad_fault_requests_are_refused(sandbox):
    world = seed_page(sandbox)
    for payload in ({"kind": "earthquake"}, {"kind": "rate_limit", "code": 190}, {"kind": "slow"},
                    {"kind": "rate_limit", "count": -1}, {"kind": "rate_limit", "scope": "nope"}):
        response = sandbox.admin.http.post(f"{sandbox.url}/__admin/faults", json=payload, timeout=10)
        assert response.status_code in (400, 404) and "message" in response.json()
    assert read_page(sandbox, world).status_code == 200


def webhook_world(sandbox, receiver):
    world = seed_page(sandbox)
    graph(sandbox, "POST", f"{sandbox.app_id}/subscriptions", sandbox.app_token,
          data={"object": "page", "callback_url": receiver.url, "fields": "feed",
                "verify_token": receiver.verify_token})
    graph(sandbox, "POST", f"{world['page']['id']}/subscribed_apps", world["page"]["access_token"],
          data={"subscribed_fields": "feed"})
    return world


def comment_ids(posts):
    return [change["value"]["comment_id"] for post in posts for entry in json.loads(post["raw"])["entry"]
            for change in entry["changes"]]


def test_dropped_and_duplicated_webhooks(sandbox):
    receiver = Receiver()
    try:
        world = webhook_world(sandbox, receiver)
        sandbox.admin.fault("drop_webhooks", count=1)
        dropped = sandbox.admin.comment(world["post"]["id"], "lost", {"name": "A"})
        sandbox.admin.fault("duplicate_webhooks", count=1)
        doubled = sandbox.admin.comment(world["post"]["id"], "twice", {"name": "B"})
        posts = receiver.wait_for(2)
        assert comment_ids(posts) == [doubled["id"], doubled["id"]]
        assert dropped["id"] not in comment_ids(receiver.posts)
    finally:
        receiver.close()
