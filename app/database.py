"""The one SQLAlchemy engine and session factory, shared by the web process and the workers.

Plain SQLAlchemy 2 (no Flask-SQLAlchemy) so that services run the same inside a request, a Celery task or
a benchmark. `init_engine` binds the scoped session once per process; after a fork, call it again.
"""
from __future__ import annotations

import functools
import time
from pathlib import Path

import psycopg
import psycopg.sql
from sqlalchemy import create_engine, event, exc, insert, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import scoped_session, sessionmaker

from app.config import ROOT

session = scoped_session(sessionmaker(expire_on_commit=False))
_engines: dict[str, Engine] = {}
# New ids for insert_rows() on PostgreSQL, drawn from the table's own sequence (what a default id would take).
_NEXT_IDS = text("SELECT nextval(pg_get_serial_sequence(:table, 'id')) FROM generate_series(1, :count)")
# A pooled PostgreSQL connection that waited this long in the pool is pinged before it is handed out: a restart, a
# failover or an idle timeout may have ended it meanwhile. One in steady use is not: pinging every checkout (the
# pool's pre_ping) cost each webhook a round trip, a twentieth of the web process's CPU, and a connection ended
# under load fails its statement either way (a 503 the caller retries, a task retried).
PING_AFTER_IDLE_SECONDS = 1.0
# When a caller last found a connection ended by the database: the pooled ones checked in before are pinged too.
_ended_at = 0.0


def init_engine(url: str) -> Engine:
    """Create (or reuse) the engine for `url` and bind the scoped session to it."""
    if url not in _engines:
        _engines[url] = _create(url)
    session.remove()
    session.configure(bind=_engines[url])
    return _engines[url]


def dispose_engines() -> None:
    """Drop pooled connections, for a freshly forked worker process."""
    for engine in _engines.values():
        engine.dispose()


def _create(url: str) -> Engine:
    if url.startswith("sqlite"):
        _ensure_sqlite_dir(url)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_size=5, max_overflow=10)
    event.listen(engine, "connect", _note_idle)
    event.listen(engine, "checkin", _note_idle)
    event.listen(engine, "checkout", functools.partial(_ping_if_it_waited, engine.dialect))
    return engine


def _note_idle(_dbapi_connection, record) -> None:
    record.info["idle_since"] = time.monotonic()


def connections_ended() -> None:
    """A connection used outside SQLAlchemy's statements (the outcome writer's) was found ended by the database: a
    restart or a failover ends the pooled ones as well, so each one checked in before now is pinged at its next
    checkout (SQLAlchemy does the same for what it runs itself)."""
    global _ended_at
    _ended_at = time.monotonic()


def unavailable(error: exc.DBAPIError) -> bool:
    """The database refused or cut the connection (a restart, a failover, an administrator's kill): a moment's
    unavailability, not a bug."""
    return isinstance(error, exc.OperationalError) or error.connection_invalidated


def retried_on_a_new_connection(read):
    """`read()`, and once more on a new connection when the database ended the session's own under it (a restart, a
    failover, an administrator): for a read that can simply be done again where an error can no longer be
    answered (a response already being sent)."""
    try:
        return read()
    except exc.DBAPIError as error:
        if not unavailable(error):
            raise
        session.rollback()  # gives the ended connection back; SQLAlchemy does not hand it out again
        return read()


def _ping_if_it_waited(dialect, dbapi_connection, record, _proxy) -> None:
    idle_since = record.info.get("idle_since", 0.0)
    if idle_since > _ended_at and time.monotonic() - idle_since < PING_AFTER_IDLE_SECONDS:
        return
    try:
        dialect.do_ping(dbapi_connection)  # the pool's own ping: in autocommit, so it leaves no transaction open
    except psycopg.Error as error:
        raise exc.DisconnectionError(str(error)) from error  # the pool drops it and hands out a new connection


def _ensure_sqlite_dir(url: str) -> None:
    path = url.split("///", 1)[-1]
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets the web process read while a worker writes; foreign keys are off by default in SQLite.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def upgrade_schema(url: str) -> None:
    """Apply every Alembic migration to the database at `url` (the only way a schema is created)."""
    from alembic import command
    from alembic.config import Config

    config = Config(str(ROOT / "migrations" / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, "head")


def _dialect_insert(table):
    """INSERT with ON CONFLICT support, in the dialect of the bound database (PostgreSQL or SQLite)."""
    from sqlalchemy.dialects.postgresql import insert as pg_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return (pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert)(table)


def insert_ignore(model, rows: list[dict], conflict_columns: list[str]) -> list[int]:
    """INSERT ... ON CONFLICT DO NOTHING RETURNING id for every row: the ids of the rows that were new.

    The rows go as parameters of one cached statement (SQLAlchemy sends them as one multi-row INSERT);
    `.values(rows)` would be compiled again on every call.
    """
    if not rows:
        return []
    statement = (_dialect_insert(model.__table__).on_conflict_do_nothing(index_elements=conflict_columns)
                 .returning(model.__table__.c.id))
    return list(session.execute(statement, rows).scalars())


def insert_rows(model, rows: list[dict]) -> list[int]:
    """INSERT every row in one round trip; answers their new ids, in the rows' order.

    On PostgreSQL the ids are drawn from the table's sequence first, and the rows go to psycopg's executemany as
    one short statement, converted once and prepared by the server. A multi-row INSERT ... RETURNING (SQLAlchemy's
    insertmanyvalues, what a flush sends) has a different text for every row count, over psycopg's limits for
    keeping its conversion (4 KB, 50 parameters): a drained batch's log events and actions were parsed placeholder
    by placeholder on every batch, a tenth of a worker's CPU. The rows must all have the same keys.
    """
    if not rows:
        return []
    table = model.__table__
    if session.get_bind().dialect.name != "postgresql":
        return list(session.scalars(insert(table).returning(table.c.id, sort_by_parameter_order=True), rows))
    ids = list(session.scalars(_NEXT_IDS, {"table": table.name, "count": len(rows)}))
    session.execute(insert(table), [{**row, "id": new_id} for row, new_id in zip(rows, ids)])
    return ids


def copy_rows(model, rows: list[dict]) -> None:
    """INSERT many rows of plain values (numbers, texts) that need no id back, streamed by COPY on PostgreSQL: a
    catalogue import's 20,000 products and 60,000 synonyms as statements took 1.9 s of the importing process's CPU,
    and the database's cores as long, from every other page's comments. The rows must all have the same keys."""
    if not rows:
        return
    if session.get_bind().dialect.name != "postgresql":
        session.execute(insert(model.__table__), rows)
        return
    columns = list(rows[0])
    statement = psycopg.sql.SQL("COPY {} ({}) FROM STDIN").format(
        psycopg.sql.Identifier(model.__table__.name), psycopg.sql.SQL(", ").join(map(psycopg.sql.Identifier, columns)))
    with session.connection().connection.driver_connection.cursor() as cursor, cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row([row[column] for column in columns])


def upsert(model, rows: list[dict], conflict_columns: list[str], updates, returning=(), connection=None):
    """INSERT ... ON CONFLICT (key) DO UPDATE for every row, safe when two writers race.

    `updates(excluded)` gives the SET clause; `excluded` is the row that was proposed. The rows must have
    distinct keys (PostgreSQL refuses to update one row twice in a statement). With `returning` (columns), the
    result's rows; on `connection` instead of the session (a transaction of the caller's own).
    """
    if not rows:
        return None
    statement = _dialect_insert(model.__table__)
    statement = statement.on_conflict_do_update(index_elements=conflict_columns, set_=updates(statement.excluded))
    if returning:
        statement = statement.returning(*returning)
    return (connection or session).execute(statement, rows)
