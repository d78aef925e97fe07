"""The login dialog, the inspector (escaped user text, fan comment form) and the demo's state file."""
import re
from urllib.parse import parse_qs, urlparse

import requests

import sandbox as sandbox_package
from tests.sandbox.helpers import seed_page


def dialog(sandbox, **arguments):
    return requests.get(f"{sandbox.url}/v23.0/dialog/oauth", params=arguments, timeout=10)


def test_login_dialog_lists_users_and_redirects_with_the_token_in_the_fragment(sandbox):
    world = seed_page(sandbox)
    arguments = {"client_id": sandbox.app_id, "redirect_uri": "http://127.0.0.1:5000/auth/callback",
                 "state": "xyz", "response_type": "token"}
    page = dialog(sandbox, **arguments)
    assert page.status_code == 200 and "Amira Ben Salah" in page.text and "/picture" in page.text
    action = re.search(r'action="([^"]+)"', page.text).group(1)
    chosen = requests.post(f"{sandbox.url}{action}", data={**arguments, "user_id": world["user"]["id"]},
                           allow_redirects=False, timeout=10)
    assert chosen.status_code == 302
    location = urlparse(chosen.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == arguments["redirect_uri"]
    fragment = parse_qs(location.fragment)
    assert fragment["state"] == ["xyz"] and fragment["expires_in"] == ["3600"]  # a new short-lived token
    [token] = fragment["access_token"]
    me = requests.get(f"{sandbox.url}/me", params={"access_token": token}, timeout=10).json()
    assert token != world["user"]["access_token"] and me["id"] == world["user"]["id"]


def test_login_dialog_refuses_a_foreign_client_id_or_missing_redirect(sandbox):
    refused = dialog(sandbox, client_id="42", redirect_uri="http://127.0.0.1:5000/cb")
    assert refused.status_code == 400 and "Invalid App ID" in refused.text
    missing = dialog(sandbox, client_id=sandbox.app_id)
    assert missing.status_code == 400 and "redirect_uri" in missing.text


def test_inspector_escapes_user_text_and_shows_effects(sandbox):
    world = seed_page(sandbox)
    comment = sandbox.admin.comment(world["post"]["id"], "<script>alert(1)</script>", {"name": "<b>Eve</b>"})
    sent = requests.post(f"{sandbox.url}/v23.0/me/messages", timeout=10,
                         params={"access_token": world["page"]["access_token"]},
                         json={"recipient": {"comment_id": comment["id"]}, "message": {"text": "Bonjour <Eve>"}})
    assert sent.status_code == 200
    html = requests.get(f"{sandbox.url}/", timeout=10).text
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html and "Bonjour &lt;Eve&gt;" in html


def test_inspector_form_comments_as_a_fan(sandbox):
    world = seed_page(sandbox)
    response = requests.post(f"{sandbox.url}/inspector/comments", timeout=10, allow_redirects=False,
                             data={"post_id": world["post"]["id"], "name": "Nour", "message": "famma livraison?"})
    assert response.status_code == 303
    comments = requests.get(f"{sandbox.url}/{world['post']['id']}/comments", timeout=10,
                            params={"access_token": world["page"]["access_token"]}).json()["data"]
    assert [(c["from"]["name"], c["message"]) for c in comments] == [("Nour", "famma livraison?")]
    refused = requests.post(f"{sandbox.url}/inspector/comments", data={"post_id": "nope"}, timeout=10)
    assert refused.status_code == 400


def test_state_file_keeps_the_world_across_a_restart(tmp_path):
    path = str(tmp_path / "sandbox-state.json")
    first = sandbox_package.create_app("demo", state_file=path)
    store = first.config["SANDBOX_STORE"]
    post = store.of_type("post")[0]
    comment = store.add_comment(post["id"], "still here?", {"id": "1", "name": "Fan"})
    second = sandbox_package.create_app("empty", state_file=path)
    client = second.test_client()
    answer = client.get(f"/{comment['id']}", query_string={"access_token": "EAAUdemoAmiraBenSalah0001"})
    if answer.status_code != 200:
        answer = client.get(f"/{comment['id']}", query_string={"access_token": "EAAUdemoKarimTrabelsi0002"})
    assert answer.json["message"] == "still here?"


def test_long_lived_token_exchange_returns_a_working_token(sandbox):
    world = seed_page(sandbox)
    arguments = {"grant_type": "fb_exchange_token", "client_id": sandbox.app_id, "client_secret": sandbox.app_secret,
                 "fb_exchange_token": world["user"]["access_token"]}
    answer = requests.get(f"{sandbox.url}/v23.0/oauth/access_token", params=arguments, timeout=10).json()
    assert answer["token_type"] == "bearer" and answer["expires_in"] == 5183944
    assert answer["access_token"] != world["user"]["access_token"]
    me = requests.get(f"{sandbox.url}/me", params={"access_token": answer["access_token"]}, timeout=10).json()
    assert me["id"] == world["user"]["id"]
    wrong = requests.get(f"{sandbox.url}/oauth/access_token", params={**arguments, "client_secret": "x"}, timeout=10)
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == 101
