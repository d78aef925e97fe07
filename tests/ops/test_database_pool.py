"""The pool's PostgreSQL connections: one that waited in the pool while the database ended it (a restart, a
failover, an idle timeout) is replaced before use, so the next request gets its answer, not an error. PostgreSQL
only (SQLite has no server to end a connection): it runs against the machine's server, as the reliability suite
does."""
from __future__ import annotations

import time

import psycopg
import pytest
from sqlalchemy import exc, text

from app import database
from tests.fixtures.services import PG_ADMIN_URL


def _engine():
    return database._create(PG_ADMIN_URL.replace("postgresql://", "postgresql+psycopg://"))


def _backend_pid(engine) -> int:
    with engine.connect() as connection:
        return connection.scalar(text("SELECT pg_backend_pid()"))


def _end(pid: int) -> None:
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]


def test_a_connection_ended_while_it_waited_in_the_pool_is_replaced(monkeypatch):
    monkeypatch.setattr(database, "PING_AFTER_IDLE_SECONDS", 0.2)
    engine = _engine()
    try:
        ended = _backend_pid(engine)  # back in the pool, idle
        _end(ended)
        time.sleep(0.3)
        assert _backend_pid(engine) != ended  # answered, on a new connection
    finally:
        engine.dispose()


def test_a_connection_in_steady_use_is_not_pinged(monkeypatch):
    """What the idle wait saves: no round trip before each statement of a busy process. So a connection ended
    between two quick uses is learnt by the statement itself (the web answers 503, a task is retried)."""
    monkeypatch.setattr(database, "PING_AFTER_IDLE_SECONDS", 60.0)
    engine = _engine()
    try:
        used = {_backend_pid(engine) for _ in range(5)}
        assert len(used) == 1  # one pooled connection, used again and again
        _end(used.pop())
        with engine.connect() as connection, pytest.raises(exc.OperationalError):
            connection.scalar(text("SELECT 1"))
    finally:
        engine.dispose()


def test_a_pinged_connection_can_still_be_switched_to_autocommit(monkeypatch):
    """The outcome writer takes its connections in autocommit: a ping must not leave a transaction open on them."""
    monkeypatch.setattr(database, "PING_AFTER_IDLE_SECONDS", 0.2)
    engine = _engine()
    try:
        waited = _backend_pid(engine)
        time.sleep(0.3)
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            assert connection.scalar(text("SELECT pg_backend_pid()")) == waited
    finally:
        engine.dispose()
