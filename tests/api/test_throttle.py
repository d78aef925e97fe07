"""Login and the contact form are throttled per client address, counted in Redis so that every web process
counts together: past the limit a caller gets 429 JSON with Retry-After, and nothing is done for them."""
from __future__ import annotations

import pytest
import redis

from app.database import session
from app.models import ContactRequest

ADDRESSES = "203.0.113."  # documentation addresses (RFC 5737), one per test
CONTACT = {"name": "Sami", "last_name": "Ben Ali", "org": "Boutique", "email": "sami@example.tn", "phone": "21612345",
           "subject": "Demande", "msg": "Bonjour, je voudrais une démo."}


@pytest.fixture
def throttled_apps(app, base_settings):
    """Two web processes' apps (as gunicorn's workers would be) on one Redis, with small limits."""
    from app import create_app

    settings = {**base_settings, "LOGIN_RATE_LIMIT": "3 per minute", "CONTACT_RATE_LIMIT": "2 per minute",
                "FORWARDED_HOPS": "1"}
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
