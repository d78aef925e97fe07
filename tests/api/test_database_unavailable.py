"""A database that refuses or cuts connections (a restart, a failover) answers 503 JSON with Retry-After, never a
500: the web page tries again, and Meta redelivers the webhook, whose comments are then stored (nothing lost).
The database here is a real driver's refusal: a port where no server listens."""
from pathlib import Path

import pytest

from app import create_app
from tests.api.test_meta_webhook_endpoint import URL, signed

UNREACHABLE = "postgresql+psycopg://nobody@127.0.0.1:1/autoreply"
DELIVERY = Path(__file__).resolve().parents[1] / "fixtures" / "meta_webhooks" / \
    "fb_feed_batch_user_comment_and_reply.json"


@pytest.fixture
def unreachable_app(base_settings, app):
    """Built after the suite's own app, so the next test's app binds the session back to the test database."""
    return create_app({**base_settings, "DATABASE_URL": UNREACHABLE})


def test_a_public_read_answers_503_json_with_retry_after(unreachable_app):
    answer = unreachable_app.test_client().get("/api/v1/pricing/pricing")

    assert (answer.status_code, answer.headers["Retry-After"]) == (503, "1")
    assert answer.get_json() == {"code": "database_unavailable",
                                 "message": "The service is briefly unavailable, try again"}


def test_a_signed_webhook_answers_503_so_that_meta_delivers_it_again(unreachable_app):
    body = DELIVERY.read_bytes()

    answer = unreachable_app.test_client().post(URL, data=body, headers=signed(unreachable_app, body))

    assert (answer.status_code, answer.get_json()["code"]) == (503, "database_unavailable")
