"""Liveness and readiness as a load balancer or Docker sees them: no session, real database and Redis."""
from app import create_app


def test_liveness_answers_without_a_session(client):
    answer = client.get("/healthz")

    assert answer.status_code == 200
    assert answer.get_json() == {"status": "alive"}


def test_ready_when_database_and_redis_answer(client):
    answer = client.get("/readyz")

    assert answer.status_code == 200
    assert answer.get_json()["checks"] == {"database": "ok", "redis": "ok"}


def test_not_ready_names_redis_when_it_does_not_answer(base_settings, sandbox):
    closed_port = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connections are refused at once
    application = create_app({**base_settings, "REDIS_URL": closed_port})

    answer = application.test_client().get("/readyz")

    assert answer.status_code == 503
    body = answer.get_json()
    assert body["failed"] == ["redis"]
    assert body["checks"]["database"] == "ok" and body["checks"]["redis"] == "ConnectionError"


def test_not_ready_names_the_database_when_it_does_not_answer(base_settings, sandbox):
    unreachable = "postgresql+psycopg://nobody@127.0.0.1:1/none"  # a closed port: refused at once
    application = create_app({**base_settings, "DATABASE_URL": unreachable})

    answer = application.test_client().get("/readyz")

    assert answer.status_code == 503
    assert answer.get_json()["failed"] == ["database"]
    assert answer.get_json()["checks"]["redis"] == "ok"
