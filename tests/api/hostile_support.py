"""What the hostile-input tests share: signed Meta deliveries, a signed-in user and their page, all spoken to the
web process as production runs it (the `live_db` fixture: gunicorn over real HTTP, on PostgreSQL and SQLite)."""
from __future__ import annotations

import hashlib
import hmac
import json
import uuid

import requests
from sqlalchemy import select

from app.database import session
from app.models import InboxEvent, SocialPage, User

WEBHOOK = "/api/v1/webhooks/meta"
SECURE = "/api/v1/secure"
PAGE_ID = "104857392011223"
POST_ID = f"{PAGE_ID}_122101234567890123"


def signed_headers(live, body: bytes) -> dict:
    digest = hmac.new(live.settings["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    return {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}


def deliver(live, payload) -> requests.Response:
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return requests.post(live.url + WEBHOOK, data=body, headers=signed_headers(live, body), timeout=10)


def comment_value(comment_id: str, **fields) -> dict:
    return {"item": "comment", "verb": "add", "comment_id": comment_id, "post_id": POST_ID, "parent_id": POST_ID,
            "from": {"id": "7001", "name": "Sami Ben Ali"}, "message": "combien ?", "created_time": 1763900000,
            **fields}


def entry(page_id: str, *values: dict) -> dict:
    return {"id": page_id, "time": 1763900001, "changes": [{"field": "feed", "value": v} for v in values]}


def connect_page(owner: User | None = None) -> SocialPage:
    page = SocialPage(platform="facebook", external_id=PAGE_ID, name="Boutique", is_connected=True,
                      owner_id=owner.id if owner else None)
    session.add(page)
    session.commit()
    return page


def stored_comment_ids() -> list[str]:
    session.expire_all()
    return sorted(session.scalars(select(InboxEvent.comment_id)))


def stored_comments() -> dict[str, tuple[str | None, str | None]]:
    """Each stored comment's (author's name, message), by comment id."""
    session.expire_all()
    return {event.comment_id: (event.from_name, event.message) for event in session.scalars(select(InboxEvent))}


def assert_json_error(answer: requests.Response, status: int) -> dict:
    assert answer.status_code == status, answer.text
    assert answer.headers["Content-Type"].startswith("application/json")
    body = answer.json()
    assert body["message"] and "Traceback" not in answer.text
    return body


def sign_in(live, sandbox, first_name: str) -> tuple[User, dict]:
    network_user = sandbox.admin.user(first_name=first_name, last_name="Test",
                                      email=f"{uuid.uuid4().hex[:8]}@example.com")
    answer = requests.post(live.url + "/api/v1/auth/login/facebook", json={"token": network_user["access_token"]},
                           timeout=10)
    assert answer.status_code == 200, answer.text
    user = session.scalar(select(User).where(User.facebook_id == network_user["id"]))
    return user, {"Authorization": f"Bearer {answer.json()['token']}"}
