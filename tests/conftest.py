"""Shared fixtures: a real database (PostgreSQL when reachable, else SQLite), the app, its client, signed-in
users, a real Redis, a real Celery worker subprocess, and (from tests/fixtures) the Graph API sandbox."""
from __future__ import annotations

import os
import uuid

import pytest

from app.database import session, upgrade_schema
from app.models import User
from tests.fixtures import locks

pytest_plugins = ["tests.fixtures.sandbox", "tests.fixtures.services", "tests.fixtures.live_web",
                  "tests.fixtures.schemathesis_at_setup"]

TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(scope="session", autouse=True)
def intent_model():
    """Workers and the web only load the intent model: the run builds it once, before any of them starts (a
    no-op load when setup already built it for the current training data). Under pytest -n, the first process to
    get here builds it while the others wait, then load it."""
    from nlp import intents, moderation, moderation_training, training

    with locks.held(training.cache_dir() / "build.lock"):
        intents.use_model(training.load_or_train())
        moderation.use_model(moderation_training.load_or_train())


@pytest.fixture(scope="session")
def database_url(tmp_path_factory):
    from tests.fixtures.services import postgres_test_url

    url = postgres_test_url() or f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
    upgrade_schema(url)
    yield url
    if url.startswith("postgresql"):
        from app.database import dispose_engines
        from tests.fixtures.services import drop_postgres_test_database

        dispose_engines()
        drop_postgres_test_database()


@pytest.fixture(scope="session")
def base_settings(database_url, sandbox_server) -> dict:
    return {
        "APP_ENV": "test",
        "DATABASE_URL": database_url,
        "REDIS_URL": TEST_REDIS_URL,
        # Runs side by side share the test Redis: each run's queues live under its own key prefix.
        "CELERY_KEY_PREFIX": f"test-{os.getpid()}:",
        "GRAPH_API_URL": sandbox_server.url,
        "GRAPH_API_VERSION": "v23.0",
        "META_APP_ID": sandbox_server.app_id,
        "META_APP_SECRET": sandbox_server.app_secret,
        "LOGIN_DIALOG_URL": f"{sandbox_server.url}/dialog/oauth",
        # Recovery windows shortened so the pipeline's sweeps show within seconds in tests.
        "DISPATCH_INTERVAL": "0.5",
        "SWEEP_INTERVAL": "1",
        "INBOX_STALE_SECONDS": "3",
        "STUCK_SENDING_SECONDS": "3",
        "CELERY_VISIBILITY_TIMEOUT": "30",
        "GRAPH_TIMEOUT": "2",
        # A replay waits out a rate limit a second at most, so its tests see it slowed, not stalled for a minute.
        "REPLAY_MAX_WAIT_SECONDS": "1",
        # A page near Meta's usage limit is paced in tenths of seconds and seconds, not seconds and half minutes.
        "GRAPH_PACE_SPACING_SECONDS": "0.3",
        "GRAPH_PACE_WAIT_SECONDS": "1.2",
        # The suite signs in hundreds of users from one address; the throttle has its own tests.
        "LOGIN_RATE_LIMIT": "10000 per minute",
        "CONTACT_RATE_LIMIT": "10000 per minute",
        "WEBHOOK_REFUSAL_LIMIT": "10000 per minute",
        # Mail the suite's shared worker sends goes nowhere (port 9 refuses), never to a developer's mail sink;
        # the mail tests start their own SMTP server.
        "SMTP_URL": "smtp://127.0.0.1:9",
    }


@pytest.fixture
def app(base_settings, sandbox):
    from app.services.graph_client import graph_client
    from app.services.reference_data import load_reference_data
    from tests.fixtures.services import truncate_all

    application = fresh_app(base_settings)
    truncate_all()
    load_reference_data()
    graph_client(application.config).pacer.forget()  # sandbox ids repeat: no page's Graph usage carries over
    with application.app_context():
        yield application
    session.remove()


_reused: dict = {}


def fresh_app(base_settings: dict):
    """The process's app, as new for each test: building one costs 0.1-0.2 s of CPU (flask-smorest documents some
    200 views), which some 800 tests would pay. Its settings are put back and the process's log handler, engine and
    queue pointed at it again, since a test may change the former and build an app of its own that takes the
    latter. Such an app also takes the extensions, which are one per process (app/extensions.py): then a new app
    is built."""
    from app import bind_process, create_app
    from app.config import flask_config, load_settings
    from app.extensions import api

    reused = _reused.get("app")
    if reused is None or api._app is not reused:  # flask-smorest's Api keeps the app it was last given
        reused = _reused["app"] = create_app(dict(base_settings))
        _reused["defaults"] = dict(reused.config)  # Flask's and the extensions' defaults among them
        return reused
    reused.config.clear()
    reused.config.update(_reused["defaults"])
    reused.config.update(flask_config(load_settings(dict(base_settings))))
    bind_process(reused)
    return reused


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def signed_in(app, client, sandbox):
    """Signs a fresh sandbox user in through the real login call; returns (user row, headers, sandbox user)."""

    def sign_in(first_name: str = "Amira", last_name: str = "Ben Salah"):
        network_user = sandbox.admin.user(first_name=first_name, last_name=last_name,
                                          email=f"{uuid.uuid4().hex[:8]}@example.com")
        answer = client.post("/api/v1/auth/login/facebook", json={"token": network_user["access_token"]})
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        user = session.get(User, int(_jwt_subject(app, body["token"])))
        return user, {"Authorization": f"Bearer {body['token']}"}, network_user

    return sign_in


def _jwt_subject(app, token: str) -> str:
    from flask_jwt_extended import decode_token

    with app.app_context():
        return decode_token(token)["sub"]
