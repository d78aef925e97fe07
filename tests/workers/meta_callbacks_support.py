"""What the tests of Meta's app callbacks share (the `callbacks` fixture is in conftest.py): signed requests as Meta
writes them and forged ones, a delayed reply to hold, a person's fresh token after they removed the app."""
from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import requests

from app.database import session
from app.models import PlannedAction, SocialPage, utcnow
from sandbox.app_callbacks import encoded, signed_part, signed_request

DEAUTHORIZE = "/api/v1/webhooks/meta/deauthorize"
DATA_DELETION = "/api/v1/webhooks/meta/data-deletion"


def payload(user_id: str, **fields) -> dict:
    return {"user_id": user_id, "algorithm": "HMAC-SHA256", "issued_at": 1764576000, **fields}


def forgeries(user_id: str, app_secret: str) -> dict[str, dict]:
    """Form bodies that are not Meta's signed request about `user_id`, by what is wrong with them."""
    genuine = signed_request(payload(user_id), app_secret)
    signature, body = genuine.split(".")
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    not_json = encoded(b"user_id=" + user_id.encode())
    return {
        "no field": {},
        "empty field": {"signed_request": ""},
        "bad signature": {"signed_request": f"{flipped}.{body}"},
        "other secret": {"signed_request": signed_request(payload(user_id), "another-app-secret")},
        "alg none, unsigned": {"signed_request": "." + encoded(json.dumps(payload(user_id, algorithm="none"))
                                                              .encode())},
        "alg none, signed": {"signed_request": signed_request(payload(user_id, algorithm="none"), app_secret)},
        "truncated": {"signed_request": genuine[:len(genuine) - 7]},
        "signature only": {"signed_request": signature},
        "not base64url": {"signed_request": "s!g.p@yload"},
        "payload not JSON": {"signed_request": signed_part(not_json, app_secret)},
    }


def delayed_reply(row: SocialPage) -> PlannedAction:
    """A private reply planned for half an hour from now on the page: it must not leave once the page is stopped."""
    action = PlannedAction(page_id=row.id, comment_id="1187245600000001_1", kind="private_reply",
                           payload={"text": "Bonjour"}, due_at=utcnow() + timedelta(minutes=30))
    session.add(action)
    session.commit()
    return action


def logged_in_again(sandbox, user_id: str) -> str:
    """The person logs in through the dialog again (re-authorizing the app): their new token."""
    answer = requests.post(f"{sandbox.url}/dialog/oauth", allow_redirects=False, timeout=10, data={
        "client_id": sandbox.app_id, "redirect_uri": "https://product.example/auth/callback", "user_id": user_id})
    assert answer.status_code == 302, answer.text
    return parse_qs(urlsplit(answer.headers["Location"]).fragment)["access_token"][0]
