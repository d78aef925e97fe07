"""Whether this process can do its work: the database and Redis each answer a trivial request, quickly, and the
intent model and the abuse and chatter model of the current training data are loaded (every comment, simulator
message and replay needs both)."""
from __future__ import annotations

import redis
from sqlalchemy import text

from app.database import session
from nlp import intents, moderation, training

TIMEOUT_SECONDS = 1.0
CHECKS = ("database", "redis", "intent_model", "moderation_model")
MODELS = {"intent_model": intents.model, "moderation_model": moderation.model}


def failures(settings: dict) -> dict[str, str]:
    """The checks that failed, each with what went wrong (empty when all passed): for a service the kind of error,
    for a model its state ("missing", "stale" or "unreadable")."""
    found = {}
    for name, check in (("database", _database), ("redis", _redis)):
        try:
            check(settings)
        except Exception as error:  # any failure means not ready; its type says which kind
            found[name] = type(error).__name__
    for name, load in MODELS.items():
        try:
            load()
        except training.ModelUnavailable as problem:
            found[name] = problem.state
    return found


def model_problem() -> training.ModelUnavailable | None:
    """Why this process cannot match comments, or None once it holds both models. Loading is cheap (a fraction of a
    second); a missing or stale model is built by `python -m nlp train`, never here."""
    for load in MODELS.values():
        try:
            load()
        except training.ModelUnavailable as problem:
            return problem
    return None


def _database(_settings: dict) -> None:
    try:
        if session.get_bind().dialect.name == "postgresql":
            session.execute(text(f"SET LOCAL statement_timeout = {int(TIMEOUT_SECONDS * 1000)}"))
        session.execute(text("SELECT 1"))
    finally:
        session.rollback()


def _redis(settings: dict) -> None:
    client = redis.Redis.from_url(settings["REDIS_URL"], socket_timeout=TIMEOUT_SECONDS,
                                  socket_connect_timeout=TIMEOUT_SECONDS)
    try:
        client.ping()
    finally:
        client.close()
