"""Usage headers from the sandbox's own counters, as Meta sends them: X-App-Usage on the app's and users' calls,
X-Page-Usage and X-Business-Use-Case-Usage on a page token's, rising with the calls of a rolling window, refused
at 100 % until it has room again; a usage fault raises a page's figures; the calls are kept with their times."""
import json

from tests.sandbox.helpers import assert_graph_error, graph, seed_page


def read_page(sandbox, world):
    return graph(sandbox, "GET", world["page"]["id"], world["page"]["access_token"], params={"fields": "name"})


def figures(response, name):
    return json.loads(response.headers[name])


def test_a_page_token_call_reports_the_page_and_its_business_usage(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.set_usage(quota=4)
    page_id = world["page"]["id"]

    answers = [read_page(sandbox, world) for _ in range(3)]

    assert [figures(answer, "X-Page-Usage")["call_count"] for answer in answers] == [25, 50, 75]
    business = figures(answers[-1], "X-Business-Use-Case-Usage")
    assert business == {page_id: [{"type": "pages", "call_count": 75, "total_cputime": 0, "total_time": 0,
                                   "estimated_time_to_regain_access": 0}]}
    assert "X-App-Usage" not in answers[-1].headers


def test_the_messages_edge_counts_as_messenger_use(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "prix ?", {"name": "Karim"})
    body = {"recipient": {"comment_id": comment["id"]}, "message": {"text": "45 DT"}}

    sent = graph(sandbox, "POST", f"{world['page']['id']}/messages", world["page"]["access_token"], json=body)

    assert sent.status_code == 200
    assert figures(sent, "X-Business-Use-Case-Usage")[world["page"]["id"]][0]["type"] == "messenger"


def test_user_and_app_token_calls_report_the_app_usage(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.set_usage(quota=10)

    me = graph(sandbox, "GET", "me", world["user"]["access_token"])
    debug = graph(sandbox, "GET", "debug_token", sandbox.app_token, params={"input_token": world["user"]["access_token"]})

    assert figures(me, "X-App-Usage") == {"call_count": 10, "total_cputime": 0, "total_time": 0}
    assert figures(debug, "X-App-Usage")["call_count"] == 20
    assert "X-Page-Usage" not in me.headers and "X-Business-Use-Case-Usage" not in me.headers


def test_at_100_percent_calls_are_refused_until_the_window_has_room(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.set_usage(quota=2, window_seconds=120)
    assert read_page(sandbox, world).status_code == 200

    refused = read_page(sandbox, world)

    assert_graph_error(refused, 80001)
    usage = figures(refused, "X-Business-Use-Case-Usage")[world["page"]["id"]][0]
    assert usage["call_count"] == 100 and usage["estimated_time_to_regain_access"] == 2
    other = sandbox.admin.page("Autre boutique", [world["user"]["id"]])
    assert graph(sandbox, "GET", other["id"], other["access_token"]).status_code == 200  # per page


def test_a_usage_fault_raises_one_pages_figures_for_its_count(sandbox):
    world = seed_page(sandbox)
    other = sandbox.admin.page("Autre boutique", [world["user"]["id"]])
    sandbox.admin.fault("usage", scope=world["page"]["id"], percent=90, count=1)

    raised, after = read_page(sandbox, world), read_page(sandbox, world)
    elsewhere = graph(sandbox, "GET", other["id"], other["access_token"])

    assert raised.status_code == 200 and figures(raised, "X-Page-Usage")["call_count"] == 90
    assert figures(raised, "X-Business-Use-Case-Usage")[world["page"]["id"]][0]["call_count"] == 90
    assert figures(after, "X-Page-Usage")["call_count"] < 90
    assert figures(elsewhere, "X-Page-Usage")["call_count"] < 90


def test_a_usage_fault_at_100_percent_refuses_with_its_regain_time(sandbox):
    world = seed_page(sandbox)
    sandbox.admin.fault("usage", scope=world["page"]["id"], percent=100, regain_minutes=3, count=1)

    refused = read_page(sandbox, world)

    assert_graph_error(refused, 80001)
    assert figures(refused, "X-Business-Use-Case-Usage")[world["page"]["id"]][0][
        "estimated_time_to_regain_access"] == 3
    assert read_page(sandbox, world).status_code == 200


def test_calls_are_kept_in_arrival_order_and_reset_clears_them(sandbox):
    world = seed_page(sandbox)
    read_page(sandbox, world)
    graph(sandbox, "GET", "me", world["user"]["access_token"])

    calls = sandbox.admin.calls()

    assert [(call["method"], call["path"], call["page_id"], call["status"]) for call in calls] == [
        ("GET", f"/{world['page']['id']}", world["page"]["id"], 200), ("GET", "/me", None, 200)]
    assert calls[0]["at"] <= calls[1]["at"]
    assert sandbox.admin.usage()["percent"]["app"] >= 0
    sandbox.admin.reset()
    assert sandbox.admin.calls() == [] and sandbox.admin.usage()["percent"] == {}


def test_bad_usage_settings_and_faults_are_refused(sandbox):
    for payload in ({"quota": 0, "window_seconds": 60}, {"quota": 10}, {"quota": True, "window_seconds": 60}):
        response = sandbox.admin.http.post(f"{sandbox.url}/__admin/usage", json=payload, timeout=10)
        assert response.status_code == 400 and "message" in response.json()
    for payload in ({"kind": "usage"}, {"kind": "usage", "percent": 101}, {"kind": "usage", "percent": "90"}):
        response = sandbox.admin.http.post(f"{sandbox.url}/__admin/faults", json=payload, timeout=10)
        assert response.status_code == 400 and "message" in response.json()
