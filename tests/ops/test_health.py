"""Liveness and readiness as a load balancer or Docker sees them: no session, real database and Redis, and the intent
and the abuse and chatter models every comment needs (built by `python -m nlp train`, loaded, never trained in a
request)."""
import pytest

from app import create_app
from nlp import intents, moderation, training
from tests.api.agents_support import agent_with_intent, team
from tests.api.pages_support import SECURE


def test_liveness_answers_without_a_session(client):
    answer = client.get("/healthz")

    assert answer.status_code == 200
    assert answer.get_json() == {"status": "alive"}


def test_ready_when_database_and_redis_answer(client):
    answer = client.get("/readyz")

    assert answer.status_code == 200
    assert answer.get_json()["checks"] == {"database": "ok", "redis": "ok", "intent_model": "ok",
                                           "moderation_model": "ok"}


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


@pytest.fixture(params=["missing", "stale"])
def model_not_built(request, monkeypatch, tmp_path):
    """This process holds no model, and its cache has none for the current training data: none at all ("missing",
    a clone where setup never ran) or only one of other data ("stale", after a pull that changed nlp/data)."""
    if request.param == "stale":
        (tmp_path / "model-0000000000000000.pkl").write_bytes(b"")  # only its name, another data's key, matters
    monkeypatch.setenv("NLP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(intents, "_model", None)
    return request.param, tmp_path


def test_not_ready_names_the_intent_model_while_it_is_not_built(client, model_not_built):
    state, _cache = model_not_built

    answer = client.get("/readyz")

    assert answer.status_code == 503
    assert answer.get_json() == {"status": "unavailable", "failed": ["intent_model"],
                                 "checks": {"database": "ok", "redis": "ok", "intent_model": state,
                                            "moderation_model": "ok"}}


def test_not_ready_names_the_abuse_and_chatter_model_while_it_is_not_built(client, monkeypatch, tmp_path):
    built = training.model_path()
    (tmp_path / built.name).write_bytes(built.read_bytes())  # the intent model alone: a half-finished build
    monkeypatch.setenv("NLP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(intents, "_model", None)
    monkeypatch.setattr(moderation, "_model", None)

    answer = client.get("/readyz")

    assert answer.status_code == 503
    assert answer.get_json() == {"status": "unavailable", "failed": ["moderation_model"],
                                 "checks": {"database": "ok", "redis": "ok", "intent_model": "ok",
                                            "moderation_model": "missing"}}


def test_a_request_that_needs_the_model_answers_503_and_trains_nothing(client, sandbox, signed_in, model_not_built):
    _state, cache = model_not_built
    owner = team(client, sandbox, signed_in)
    agent_with_intent(client, owner, "delivery")
    cached = sorted(cache.iterdir())

    answer = client.post(f"{SECURE}/logEvent/test/wizard", json={"message": {"text": "livraison ?"},
                                                                 "idPost": owner.post_id}, headers=owner.headers)

    assert answer.status_code == 503
    assert answer.get_json() == {"message": "Comment matching is not available yet, try again later",
                                 "code": "intent_model_unavailable"}
    assert sorted(cache.iterdir()) == cached
