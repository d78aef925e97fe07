"""Writes an action's claim and its outcome the moment they happen, on a connection of its own in autocommit mode.

A batch sends its actions one after another; each outcome (sent with its id, refused, to retry later) is written
on its action row as soon as its call returns, together with the next action's claim: on PostgreSQL in one
prepared statement (one round trip, no BEGIN/COMMIT), elsewhere in two. A worker killed between two calls so leaves
nothing it sent unrecorded, and at most the call it had in flight in `sending` (docs/architecture.md#queue-rules
rule 2). A connection the database ended while the worker waited (a restart, a failover) is replaced and the
write made again on the new one, so the outcome it carries is not lost with it. It is the one writer of outcomes:
one known outside a batch (a manual answer, a sweep's check) goes through it too (`actions.record`). The copy of a
private reply's outcome on its log event (`reply_message_id`, `reply_error`, for display) is written once per batch,
in one round trip.

On PostgreSQL these writes do not wait for the disk (synchronous_commit off: 3 to 5 ms saved per action on the
machines measured), except the claims of likes and public replies. Only a crash of the database server itself can
lose the last fraction of a second of them, and what it loses is safe to redo: a lost outcome leaves its row
`sending`, which the stuck-sending sweep checks with the Graph API; a lost claim of a private reply sends it again
and Meta refuses the repeat (10900); a hide is the same twice. A like or a public reply has no such guard at Meta,
so its claim is on disk before its call.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import psycopg
from sqlalchemy import bindparam, true, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm.attributes import set_committed_value

from app.database import connections_ended, session
from app.models import CommentLog, PlannedAction, utcnow

# PostgreSQL: settle one action and claim the next, in one statement (psycopg placeholders: it runs on the driver's
# connection, prepared once per connection). Parameters that no column types are cast. An action its comment's
# removal cancelled while its call was in flight keeps `cancelled` when the outcome would send it later (planned,
# held): read on the row itself, which a concurrent removal holds locked until it commits.
_SETTLE_AND_CLAIM = """
WITH settled AS (
    UPDATE planned_actions SET state = %(state)s, result_id = %(result_id)s, error = %(error)s,
        done_at = %(done_at)s::timestamp, due_at = COALESCE(%(due_at)s::timestamp, due_at), updated_at = %(now)s
    WHERE id = %(id)s::integer AND (state <> 'cancelled' OR %(state)s::text NOT IN ('planned', 'held')))
UPDATE planned_actions SET state = 'sending', claimed_at = %(now)s, attempts = attempts + 1, updated_at = %(now)s
WHERE id = %(next_id)s::integer AND state = 'planned'
RETURNING attempts
"""
_LOG_REPLY = "UPDATE comment_logs SET reply_message_id = %(result_id)s, reply_error = %(log_error)s WHERE id = %(log_id)s"
# Claims that must be on disk before their call: nothing at Meta refuses a repeat of these.
DURABLE_CLAIMS = frozenset({"like", "public_reply"})
_NOTHING = {"id": None, "state": None, "result_id": None, "error": None, "done_at": None, "due_at": None}
# Outcomes that would send an action later: never written over a `cancelled` row.
LATER = ("planned", "held")

_connections: dict[tuple[int, int, bool], Connection] = {}
T = TypeVar("T")


class Writer:
    """One batch's writer: settle() keeps the outcome just known, and writes it with the next claim() (which a
    batch calls right after) or flush(); flush() also writes the batch's log fields."""

    def __init__(self):
        self.pending: dict | None = None
        self.log_rows: list[dict] = []

    def settle(self, outcome) -> None:
        self._write_pending()
        if outcome.state == "sending":  # nobody knows: the stuck-sending sweep finds out
            return
        self.pending = _outcome_row(outcome)
        action = outcome.action
        if action.kind == "private_reply" and action.log_id and outcome.state != "planned":
            self.log_rows.append({"log_id": action.log_id, "result_id": outcome.result_id,
                                  "log_error": None if outcome.state == "done" else outcome.error})

    def claim(self, action: PlannedAction) -> bool:
        """planned -> sending for `action` (attempts + 1), writing the pending outcome in the same round trip;
        False when another worker claimed it first."""
        now = utcnow()
        attempts = _execute(self.pending or _NOTHING, action.id, now, durable=action.kind in DURABLE_CLAIMS)
        self.pending = None  # only once written: a write that raised leaves it to flush()
        if attempts is None:
            return False
        # What the row now holds, without making the session think it must write it back (it was written here).
        for name, value in (("state", "sending"), ("claimed_at", now), ("attempts", attempts)):
            set_committed_value(action, name, value)
        return True

    def flush(self) -> None:
        self._write_pending()
        rows, self.log_rows = self.log_rows, []
        if rows:
            _write_logs(rows)

    def _write_pending(self) -> None:
        if self.pending is not None:
            _execute(self.pending, None, utcnow(), durable=False)
            self.pending = None


def _outcome_row(outcome) -> dict:
    return {"id": outcome.action.id, "state": outcome.state, "result_id": outcome.result_id, "error": outcome.error,
            "done_at": utcnow() if outcome.state == "done" else None, "due_at": outcome.due_at}


def _execute(pending: dict, next_id: int | None, now, durable: bool) -> int | None:
    def write(connection: Connection) -> int | None:
        if connection.dialect.name == "postgresql":
            found = connection.connection.driver_connection.execute(
                _SETTLE_AND_CLAIM, {**pending, "next_id": next_id, "now": now}, prepare=True).fetchone()
            return found[0] if found else None
        return _execute_portably(connection, pending, next_id, now)

    return _on_live_connection(durable, write)


def _execute_portably(connection: Connection, pending: dict, next_id: int | None, now) -> int | None:
    """The same writes as _SETTLE_AND_CLAIM, one statement each (SQLite, the development default)."""
    if pending["id"] is not None:
        kept = PlannedAction.state != "cancelled" if pending["state"] in LATER else true()
        connection.execute(update(PlannedAction).where(PlannedAction.id == bindparam("action_id"), kept).values(
            state=pending["state"], result_id=pending["result_id"], error=pending["error"],
            done_at=pending["done_at"], updated_at=now,
            **({"due_at": pending["due_at"]} if pending["due_at"] else {})), {"action_id": pending["id"]})
    if next_id is None:
        return None
    return connection.execute(
        update(PlannedAction).where(PlannedAction.id == next_id, PlannedAction.state == "planned")
        .values(state="sending", claimed_at=now, attempts=PlannedAction.attempts + 1, updated_at=now)
        .returning(PlannedAction.attempts)).scalar()


def _write_logs(rows: list[dict]) -> None:
    def write(connection: Connection) -> None:
        if connection.dialect.name == "postgresql":
            with connection.connection.driver_connection.cursor() as cursor:
                cursor.executemany(_LOG_REPLY, rows)  # pipelined by psycopg: one round trip
            return
        connection.execute(update(CommentLog).where(CommentLog.id == bindparam("log_id")).values(
            reply_message_id=bindparam("result_id"), reply_error=bindparam("log_error")), rows)

    _on_live_connection(False, write)


def _on_live_connection(durable: bool, write: Callable[[Connection], T]) -> T:
    """`write` on the writer's connection, and once more on a new one when the database had ended that connection
    (a restart, a failover, an idle timeout: it is learnt only at the next statement, while the batch's first write
    may carry the outcome of a call Meta already answered). Writing twice is safe: an outcome sets its row to what
    the call returned, and a claim is a compare-and-set (a claim written by the lost attempt answers None the
    second time, and its row stays `sending` for the stuck-sending sweep)."""
    for last_try in (False, True):
        connection = _connection(durable)
        try:
            return write(connection)
        except Exception as error:
            _forget(connection)  # a broken connection is never used again
            if last_try or not _ended_by_the_database(error):
                raise
            connections_ended()  # the pool's idle connections were likely ended with it: the next one is pinged


def _ended_by_the_database(error: Exception) -> bool:
    """psycopg's OperationalError (the server closed the connection or cannot be reached) on the driver's
    connection; SQLAlchemy's flag on the statements it runs itself (SQLite)."""
    return isinstance(error, psycopg.OperationalError) or getattr(error, "connection_invalidated", False)


def _connection(durable: bool) -> Connection:
    engine: Engine = session.get_bind()
    key = (os.getpid(), id(engine), durable)  # a forked pool child opens its own
    if key not in _connections:
        connection = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        if connection.dialect.name == "postgresql" and not durable:
            connection.exec_driver_sql("SET synchronous_commit TO off")
        _connections[key] = connection
    return _connections[key]


def _forget(connection: Connection) -> None:
    for key, held in list(_connections.items()):
        if held is connection:
            del _connections[key]
    try:
        connection.invalidate()  # its socket may be broken: never back into the pool
        connection.close()
    except Exception:  # already broken: nothing to release
        pass
