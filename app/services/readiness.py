"""Whether this process can do its work: the database and Redis each answer a trivial request, quickly."""
from __future__ import annotations

import redis
from sqlalchemy import text

from app.database import session

TIMEOUT_SECONDS = 1.0


def failures(settings: dict) -> dict[str, str]:
    """The services that did not answer, each with the kind of error (empty when all answered)."""
    found = {}
    for name, check in (("database", _database), ("redis", _redis)):
        try:
            check(settings)
        except Exception as error:  # any failure means not ready; its type says which kind
            found[name] = type(error).__name__
    return found


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
