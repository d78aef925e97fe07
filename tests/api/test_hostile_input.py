"""Hostile or broken input, sent over real HTTP to the web process as production runs it (gunicorn), on
PostgreSQL and on SQLite: every malformed shape answers a 4xx JSON error, and a change of a delivery that no
column can hold is skipped while the good changes beside it are stored."""
from __future__ import annotations

import json
import time

import jwt as pyjwt
import pytest
import requests

from app.config import DEFAULTS, DEV_SECRETS
from app.database import session
from app.models import Agent, SocialPage
from tests.api.hostile_support import (PAGE_ID, POST_ID, WEBHOOK, assert_json_error, comment_value, connect_page,
                                       deliver, entry, sign_in, signed_headers, stored_comment_ids)
from tests.fixtures.live_web import exchange


# --- webhook deliveries -------------------------------------------------------------------------------------

BAD_IDS = {
    "comment_id": lambda: entry(PAGE_ID, comment_value(f"{POST_ID}_9\x00")),
    "post_id": lambda: entry(PAGE_ID, comment_value(f"{POST_ID}_9", post_id=f"{POST_ID}\x00")),
    "parent_id": lambda: entry(PAGE_ID, comment_value(f"{POST_ID}_9", parent_id="\x00")),
    "from.id": lambda: entry(PAGE_ID, comment_value(f"{POST_ID}_9", **{"from": {"id": "70\x0001", "name": "X"}})),
    "sender_id": lambda: entry(PAGE_ID, {**{k: v for k, v in comment_value(f"{POST_ID}_9").items() if k != "from"},
                                         "sender_id": "70\x0001", "sender_name": "X"}),
    "entry.id": lambda: entry(f"{PAGE_ID}\x00", comment_value(f"{POST_ID}_9")),
}


@pytest.mark.parametrize("field", BAD_IDS)
def test_a_nul_in_any_id_skips_that_change_and_keeps_the_good_ones(live_db, field):
    connect_page()
    good = f"{POST_ID}_1"
    delivery = {"object": "page", "entry": [entry(PAGE_ID, comment_value(good)), BAD_IDS[field]()]}

    answer = deliver(live_db, delivery)

    assert answer.status_code == 200 and answer.text == "EVENT_RECEIVED"
    assert stored_comment_ids() == [good]
    assert deliver(live_db, delivery).status_code == 200  # Meta's retry is answered the same way
    assert stored_comment_ids() == [good]


@pytest.mark.parametrize("kind", [["page"], {"page": True}, 7, None])
def test_an_object_name_that_is_not_a_name_is_refused(live_db, kind):
    connect_page()
    answer = deliver(live_db, {"object": kind, "entry": [entry(PAGE_ID, comment_value(f"{POST_ID}_1"))]})
    assert assert_json_error(answer, 400)["code"] == "payload_invalid"
    assert stored_comment_ids() == []


def test_json_nested_a_thousand_levels_deep_is_refused(live_db):
    deep = b'{"object": "page", "entry": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    assert assert_json_error(deliver(live_db, deep), 400)["code"] == "payload_invalid"
    login = requests.post(live_db.url + "/api/v1/auth/login/facebook", data=b'{"token": ' + b"[" * 1000 +
                          b"]" * 1000 + b"}", headers={"Content-Type": "application/json"}, timeout=10)
    assert_json_error(login, 400)


def chunked_post(live, path: str, body: bytes, headers: dict) -> tuple[int, dict, bytes]:
    """POST `body` with Transfer-Encoding: chunked over a raw socket; the status, headers and body answered."""
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[at:at + 65536]), body[at:at + 65536])
                      for at in range(0, len(body), 65536))
    request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n"
               f"{head}\r\n").encode() + chunks + b"0\r\n\r\n"
    return exchange(live.port, request)


def test_a_chunked_body_over_the_size_limit_is_413_not_a_signature_failure(live_db):
    limit = int(live_db.settings.get("WEBHOOK_MAX_BYTES", DEFAULTS["WEBHOOK_MAX_BYTES"]))
    body = b'{"object": "page", "entry": [], "pad": "' + b"a" * limit + b'"}'
    status, headers, content = chunked_post(live_db, WEBHOOK, body, signed_headers(live_db, body))
    assert status == 413 and headers["content-type"].startswith("application/json")
    assert json.loads(content)["code"] == 413


def test_a_chunked_delivery_within_the_limit_is_stored(live_db):
    connect_page()
    body = json.dumps({"object": "page", "entry": [entry(PAGE_ID, comment_value(f"{POST_ID}_5"))]}).encode()
    status, _headers, content = chunked_post(live_db, WEBHOOK, body, signed_headers(live_db, body))
    assert (status, content) == (200, b"EVENT_RECEIVED")
    assert stored_comment_ids() == [f"{POST_ID}_5"]


# --- sessions and ids ----------------------------------------------------------------------------------------

def forged_token(live, **claims) -> dict:
    """A token signed with the server's real key, carrying claims the product never signs."""
    now = int(time.time())
    payload = {"iat": now, "nbf": now, "exp": now + 600, "type": "access", "fresh": False, **claims}
    token = pyjwt.encode({k: v for k, v in payload.items() if v is not None},
                         live.settings.get("JWT_SECRET_KEY", DEV_SECRETS["JWT_SECRET_KEY"]),
                         algorithm="HS256")
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("claims", [{"sub": "abc", "jti": "t1"}, {"sub": "1 OR 1=1", "jti": "t2"},
                                    {"sub": "99999999999999999999", "jti": "t3"}, {"sub": "1", "jti": None},
                                    {"sub": "1", "jti": ""}])
@pytest.mark.parametrize("call", [("post", "/api/v1/auth/logout"), ("get", "/api/v1/secure/anything"),
                                  ("post", "/trainagentpag")])
def test_a_token_with_claims_we_never_sign_is_401(live_db, sandbox, claims, call):
    user, _headers = sign_in(live_db, sandbox, "Forged")
    claims = {**claims, "sub": claims["sub"] if claims["sub"] != "1" else str(user.id)}
    method, path = call
    answer = requests.request(method, live_db.url + path, json={"idProject": 1}, timeout=10,
                              headers=forged_token(live_db, **claims))
    assert assert_json_error(answer, 401)["message"] == "Invalid authorization token"


@pytest.mark.parametrize("token", ["", "   ", "\t\n"])
def test_a_blank_login_token_is_422(live_db, token):
    answer = requests.post(live_db.url + "/api/v1/auth/login/facebook", json={"token": token}, timeout=10)
    assert assert_json_error(answer, 422)["errors"] == {"json": {"token": ["Must not be blank."]}}


@pytest.mark.parametrize("project", [2**31, 10**30, -1, 0, "abc", None, [1]])
def test_a_training_id_no_row_can_have_is_422(live_db, sandbox, project):
    _user, headers = sign_in(live_db, sandbox, "Trainer")
    for path in ("/trainagentpag", "/trainagentpos"):
        answer = requests.post(live_db.url + path, json={"idProject": project}, headers=headers, timeout=10)
        assert "idProject" in assert_json_error(answer, 422)["errors"]["json"]


def test_another_teams_agent_answers_exactly_as_a_missing_one(live_db, sandbox):
    owner, _owner_headers = sign_in(live_db, sandbox, "Owner")
    _stranger, stranger_headers = sign_in(live_db, sandbox, "Stranger")
    page = SocialPage(platform="facebook", external_id=PAGE_ID, name="Boutique", is_connected=True,
                      owner_id=owner.id)
    session.add(page)
    session.flush()
    agent = Agent(page_id=page.id, target_id=PAGE_ID, is_generic=True, intent_kind="generic")
    session.add(agent)
    session.commit()

    theirs = requests.post(live_db.url + "/trainagentpag", json={"idProject": agent.id}, headers=stranger_headers,
                           timeout=10)
    missing = requests.post(live_db.url + "/trainagentpag", json={"idProject": agent.id + 1000},
                            headers=stranger_headers, timeout=10)

    assert theirs.status_code == missing.status_code == 404
    assert theirs.json() == missing.json() == {"code": "agent_not_found", "message": "Agent not found"}


def test_a_wrong_method_says_which_methods_are_allowed(live_db):
    answer = requests.delete(live_db.url + "/api/v1/config", timeout=10)
    assert_json_error(answer, 405)
    assert set(answer.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD"}
