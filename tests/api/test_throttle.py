"""Login and the contact form are throttled per client address, counted in Redis so that every web process
counts together: past the limit a caller gets 429 JSON with Retry-After, and nothing is done for them. Refused
webhook calls (a bad signature, a failed handshake) are throttled the same way, while Meta's signed deliveries are
never counted nor stopped."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest
import redis

from app.database import session
from app.models import ContactRequest, InboxEvent, SocialPage

ADDRESSES = "203.0.113."  # documentation addresses (RFC 5737), one per test
CONTACT = {"name": "Sami", "last_name": "Ben Ali", "org": "Boutique", "email": "sami@example.tn", "phone": "21612345",
           "subject": "Demande", "msg": "Bonjour, je voudrais une démo."}


@pytest.fixture
def throttled_apps(app, base_settings):
    """Two web processes' apps (as gunicorn's workers would be) on one Redis, with small limits."""
    from app import create_app

    settings = {**base_settings, "LOGIN_RATE_LIMIT": "3 per minute", "CONTACT_RATE_LIMIT": "2 per minute",
                "WEBHOOK_REFUSAL_LIMIT": "3 per minute", "FORWARDED_HOPS": "1"}
    apps = [create_app(dict(settings)) for _ in range(2)]
    yield apps
    client = redis.Redis.from_url(settings["REDIS_URL"])
    # The limiter is one object per process, keyed under the prefix of the first app that process made.
    keys = list(client.scan_iter(f"LIMITS:LIMITER/*ratelimit/{ADDRESSES}*"))
    assert keys, "the throttle counted nothing in Redis"
    client.delete(*keys)


def login(test_app, token: str, address: str):
    return test_app.test_client().post("/api/v1/auth/login/facebook", json={"token": token},
                                       headers={"X-Forwarded-For": address})


def test_guessing_login_tokens_is_stopped_after_the_limit_across_processes(throttled_apps, sandbox):
    first, second = throttled_apps
    answers = [login(first if n % 2 else second, f"guess-{n}", "203.0.113.7") for n in range(5)]

    assert [a.status_code for a in answers] == [401, 401, 401, 429, 429]
    refused = answers[3]
    assert refused.is_json and refused.get_json() == {
        "code": 429, "message": "Too many attempts from your address, try again in a moment"}
    assert 0 < int(refused.headers["Retry-After"]) <= 60


def test_the_throttle_counts_each_client_address_on_its_own(throttled_apps, sandbox):
    first, _second = throttled_apps
    for _ in range(3):
        login(first, "guess", "203.0.113.8")
    assert login(first, "guess", "203.0.113.8").status_code == 429

    network_user = sandbox.admin.user(first_name="Lina", last_name="Trabelsi")
    assert login(first, network_user["access_token"], "203.0.113.10").status_code == 200


def test_the_contact_form_is_throttled_and_a_refused_request_is_not_recorded(throttled_apps):
    first, second = throttled_apps
    answers = [app.test_client().post("/api/v1/contact/addContact", json=CONTACT,
                                      headers={"X-Forwarded-For": "203.0.113.9"})
               for app in (first, second, first)]

    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].get_json()["message"] == "Too many requests from your address, try again in a moment"
    assert "Retry-After" in answers[2].headers
    assert session.query(ContactRequest).count() == 2


# --- refused webhook calls; each address its own count -----------------------------------------------------------

WEBHOOK = "/api/v1/webhooks/meta"
PAGE_ID = "104857392011999"
POST_ID = f"{PAGE_ID}_122101234567890999"


def delivery(comment_id: str) -> bytes:
    return json.dumps({"object": "page", "entry": [{"id": PAGE_ID, "time": 1763900001, "changes": [{
        "field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": comment_id, "post_id": POST_ID,
                                   "parent_id": POST_ID, "from": {"id": "7001", "name": "Sami"},
                                   "message": "combien ?", "created_time": 1763900000}}]}]}).encode()


def post(test_app, body: bytes, address: str, secret: str):
    signature = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return test_app.test_client().post(WEBHOOK, data=body, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={signature}",
        "X-Forwarded-For": address})


def test_forged_deliveries_past_the_limit_answer_429_across_processes(throttled_apps, base_settings):
    first, second = throttled_apps
    answers = [post(first if n % 2 else second, delivery(f"{POST_ID}_{n}"), "203.0.113.21", "guessed-secret")
               for n in range(5)]

    assert [a.status_code for a in answers] == [403, 403, 403, 429, 429]
    refused = answers[3]
    assert refused.is_json and refused.get_json() == {
        "code": 429, "message": "Too many refused calls from your address, try again in a moment"}
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert session.query(InboxEvent).count() == 0


def test_the_limit_is_each_addresses_own_and_never_stops_signed_deliveries(throttled_apps, base_settings):
    first, _second = throttled_apps
    session.add(SocialPage(platform="facebook", external_id=PAGE_ID, name="Boutique", is_connected=True))
    session.commit()
    for n in range(4):
        post(first, delivery(f"{POST_ID}_{n}"), "203.0.113.22", "guessed-secret")
    assert post(first, delivery(f"{POST_ID}_9"), "203.0.113.22", "guessed-secret").status_code == 429

    assert post(first, delivery(f"{POST_ID}_9"), "203.0.113.23", "guessed-secret").status_code == 403
    signed = post(first, delivery(f"{POST_ID}_20"), "203.0.113.22", base_settings["META_APP_SECRET"])
    assert signed.status_code == 200 and signed.get_data() == b"EVENT_RECEIVED"
    session.expire_all()
    assert [row.comment_id for row in session.query(InboxEvent)] == [f"{POST_ID}_20"]


def test_failed_handshakes_count_as_refusals(throttled_apps):
    first, _second = throttled_apps
    answers = [first.test_client().get(WEBHOOK, query_string={"hub.mode": "subscribe", "hub.verify_token": "guess",
                                                              "hub.challenge": "42"},
                                       headers={"X-Forwarded-For": "203.0.113.24"}) for _ in range(4)]
    assert [a.status_code for a in answers] == [403, 403, 403, 429]
    assert "Retry-After" in answers[3].headers


def test_the_contact_forms_limit_is_each_addresses_own(throttled_apps):
    first, second = throttled_apps
    send = (lambda app, address: app.test_client().post("/api/v1/contact/addContact", json=CONTACT,
                                                         headers={"X-Forwarded-For": address}))
    assert [send(app, "203.0.113.25").status_code for app in (first, second, first)] == [200, 200, 429]

    assert send(second, "203.0.113.26").status_code == 200
    assert session.query(ContactRequest).count() == 3
