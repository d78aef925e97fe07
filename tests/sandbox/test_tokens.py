"""Tokens as Meta's: the login dialog's are short-lived, the exchange gives a new long-lived one, debug_token says
when each ends; a token past its end, or revoked with its person's sessions, is refused and debug_token says it
is not valid, while the person's next login works."""
import time
from urllib.parse import parse_qs, urlsplit

import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page


def login(sandbox, user_id: str) -> str:
    answer = requests.post(f"{sandbox.url}/dialog/oauth", allow_redirects=False, timeout=10, data={
        "client_id": sandbox.app_id, "redirect_uri": "https://product.example/cb", "user_id": user_id})
    return parse_qs(urlsplit(answer.headers["Location"]).fragment)["access_token"][0]


def exchange(sandbox, token: str):
    return graph(sandbox, "GET", "oauth/access_token", params={
        "grant_type": "fb_exchange_token", "client_id": sandbox.app_id, "client_secret": sandbox.app_secret,
        "fb_exchange_token": token})


def debug(sandbox, token: str) -> dict:
    return graph(sandbox, "GET", "debug_token", sandbox.app_token, params={"input_token": token}).json()["data"]


def test_a_short_lived_login_token_is_exchanged_for_a_long_lived_one(sandbox):
    world = seed_page(sandbox)
    short = login(sandbox, world["user"]["id"])

    lasting = exchange(sandbox, short).json()["access_token"]

    now = time.time()
    assert now + 3500 < debug(sandbox, short)["expires_at"] <= now + 3600
    long_lived = debug(sandbox, lasting)
    assert long_lived["is_valid"] and long_lived["user_id"] == world["user"]["id"]
    assert now + 59 * 86400 < long_lived["expires_at"] <= now + 5183944
    [page] = graph(sandbox, "GET", "me/accounts", lasting).json()["data"]
    assert debug(sandbox, page["access_token"])["expires_at"] == 0  # a page token read with it never ends


def test_a_token_past_its_end_is_refused_and_not_exchanged(sandbox):
    world = seed_page(sandbox)
    short = login(sandbox, world["user"]["id"])
    sandbox.admin.token_expiry(short, 0)

    assert_graph_error(graph(sandbox, "GET", "me", short), 190, 463)
    assert debug(sandbox, short)["is_valid"] is False
    assert_graph_error(exchange(sandbox, short), 190, 463)


def test_revoked_sessions_refuse_the_persons_and_their_pages_tokens(sandbox):
    world = seed_page(sandbox)
    lasting = exchange(sandbox, login(sandbox, world["user"]["id"])).json()["access_token"]

    revoked = sandbox.admin.revoke_tokens(world["user"]["id"])

    for token in (lasting, world["user"]["access_token"], world["page"]["access_token"]):
        inspected = debug(sandbox, token)
        assert inspected["is_valid"] is False and inspected["error"]["subcode"] == 460
    assert_graph_error(graph(sandbox, "GET", world["page"]["id"], world["page"]["access_token"]), 190, 460)
    assert graph(sandbox, "GET", "me", revoked["access_token"]).json()["id"] == world["user"]["id"]
    [page] = graph(sandbox, "GET", "me/accounts", login(sandbox, world["user"]["id"])).json()["data"]
    assert debug(sandbox, page["access_token"])["is_valid"] is True  # the page's new token


def test_bad_token_admin_requests_are_refused(sandbox):
    world = seed_page(sandbox)
    for payload in ({"token": "nope", "expires_in": 0}, {"token": world["user"]["access_token"]},
                    {"token": world["user"]["access_token"], "expires_in": "soon"}):
        response = sandbox.admin.http.post(f"{sandbox.url}/__admin/tokens/expiry", json=payload, timeout=10)
        assert response.status_code in (400, 404) and "message" in response.json()
    response = sandbox.admin.http.post(f"{sandbox.url}/__admin/users/42/revoke_tokens", timeout=10)
    assert response.status_code == 404
