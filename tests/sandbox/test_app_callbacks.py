"""The sandbox as Meta when a person removes the app or asks for their data's deletion: their tokens are revoked
(190/458, debug_token says so), fresh ones come with their next login, and the app's callback URLs receive a form
POST whose `signed_request` is signed with the app secret as Meta signs it (checked here by hand)."""
import base64
import hashlib
import hmac
import json
from urllib.parse import parse_qs

import pytest
import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page
from tests.sandbox.receiver import Receiver


@pytest.fixture
def receivers(sandbox):
    deauthorize, deletion = Receiver(), Receiver()
    sandbox.admin.app_callbacks(deauthorize.url, deletion.url)
    yield deauthorize, deletion
    sandbox.admin.app_callbacks(None, None)
    deauthorize.close()
    deletion.close()


def _decoded(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def _verified_payload(post: dict, app_secret: str) -> dict:
    assert post["headers"]["Content-Type"] == "application/x-www-form-urlencoded"
    [value] = parse_qs(post["raw"].decode())["signed_request"]
    signature, payload = value.split(".")
    assert "=" not in value  # base64url without padding
    expected = hmac.new(app_secret.encode(), payload.encode(), hashlib.sha256).digest()
    assert hmac.compare_digest(_decoded(signature), expected)
    return json.loads(_decoded(payload))


def _login_token(sandbox, user_id: str) -> str:
    answer = requests.post(f"{sandbox.url}/dialog/oauth", allow_redirects=False, timeout=10, data={
        "client_id": sandbox.app_id, "redirect_uri": "https://product.example/cb", "user_id": user_id})
    return parse_qs(answer.headers["Location"].split("#", 1)[1])["access_token"][0]


def test_removing_the_app_revokes_the_tokens_and_calls_the_deauthorize_url(sandbox, receivers):
    deauthorize, deletion = receivers
    world = seed_page(sandbox)
    user, page = world["user"], world["page"]

    called = sandbox.admin.remove_app(user["id"])

    assert (called["callback_url"], called["status"], called["answer"]) == (deauthorize.url, 200, "EVENT_RECEIVED")
    [post] = deauthorize.wait_for(1)
    payload = _verified_payload(post, sandbox.app_secret)
    assert payload["user_id"] == user["id"] and payload["algorithm"] == "HMAC-SHA256"
    assert isinstance(payload["issued_at"], int) and deletion.posts == []
    assert_graph_error(graph(sandbox, "GET", "me", user["access_token"]), 190, 458)
    assert_graph_error(graph(sandbox, "GET", page["id"], page["access_token"]), 190, 458)
    inspected = graph(sandbox, "GET", "debug_token", sandbox.app_token,
                      params={"input_token": user["access_token"]}).json()["data"]
    assert inspected["is_valid"] is False and inspected["error"]["subcode"] == 458
    # Logging in again authorizes the app again: a new token, and through it a new page token.
    fresh = _login_token(sandbox, user["id"])
    assert fresh != user["access_token"] and graph(sandbox, "GET", "me", fresh).json()["id"] == user["id"]
    [account] = graph(sandbox, "GET", "me/accounts", fresh).json()["data"]
    assert account["access_token"] != page["access_token"]
    assert graph(sandbox, "GET", page["id"], account["access_token"]).status_code == 200


def test_a_deletion_request_removes_the_app_first_then_calls_the_data_deletion_url(sandbox, receivers):
    deauthorize, deletion = receivers
    user = seed_page(sandbox)["user"]

    called = sandbox.admin.request_deletion(user["id"])

    assert called["removal"]["status"] == 200 and called["callback_url"] == deletion.url
    [removal] = deauthorize.wait_for(1)
    [post] = deletion.wait_for(1)
    payload = _verified_payload(post, sandbox.app_secret)
    assert payload["user_id"] == user["id"] and payload["expires"] > payload["issued_at"]
    assert _verified_payload(removal, sandbox.app_secret)["user_id"] == user["id"]

    again = sandbox.admin.request_deletion(user["id"])

    assert again["removal"] is None and len(deletion.wait_for(2)) == 2 and len(deauthorize.posts) == 1


def test_without_callback_urls_the_tokens_are_revoked_all_the_same(sandbox):
    user = seed_page(sandbox)["user"]

    called = sandbox.admin.remove_app(user["id"])

    assert called == {"callback_url": None, "status": None, "answer": None}
    assert_graph_error(graph(sandbox, "GET", "me", user["access_token"]), 190, 458)


def test_the_app_settings_take_urls_only_and_the_people_must_exist(sandbox):
    assert requests.post(f"{sandbox.url}/__admin/app", json={"deauthorize_callback_url": "ftp://x"},
                         timeout=10).status_code == 400
    assert requests.post(f"{sandbox.url}/__admin/users/404404/remove_app", timeout=10).status_code == 404
    assert requests.get(f"{sandbox.url}/__admin/app", timeout=10).json() == {
        "deauthorize_callback_url": None, "data_deletion_callback_url": None}


def test_the_inspector_removes_the_app_and_shows_what_the_app_answered(sandbox, receivers):
    deauthorize, _deletion = receivers
    user = seed_page(sandbox)["user"]
    assert f"/inspector/users/{user['id']}/remove_app" in requests.get(sandbox.url, timeout=10).text

    answer = requests.post(f"{sandbox.url}/inspector/users/{user['id']}/remove_app", timeout=10)

    assert answer.status_code == 200
    assert "Amira Ben Salah removed the app" in answer.text and "answered 200" in answer.text
    assert len(deauthorize.wait_for(1)) == 1
