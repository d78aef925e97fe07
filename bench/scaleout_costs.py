"""What each comment costs the shared services in bench/scaleout_bench.py, and what only one worker can do at a time.

Read on the benchmark's own PostgreSQL cluster and Redis around a measured phase, so nothing in the product is
instrumented:
- statements and transactions per comment, by what they do (pg_stat_statements: calls and execution time, BEGIN and
  COMMIT included; an executemany's rows count one each though psycopg sends them in one round trip), and Redis
  commands per comment (INFO commandstats);
- where the database's backends spend their time, from pg_stat_activity sampled every SAMPLE_SECONDS: running a
  statement, waiting on a lock (and in which statement), on WAL or other internal locks, or idle in a transaction
  (the worker computing while its transaction is open);
- the serial section: the time some batch holds an owner's monthly reply counter (reply_usage) updated and not yet
  committed. Every batch of the owner's comments updates that one row, so two batches of the same owner cannot be
  in it at once, whichever hosts run them; its occupancy per comment is the Amdahl serial time;
- how many drains hold inbox rows (FOR UPDATE SKIP LOCKED) at once: the inbox is drained side by side or not.
"""
from __future__ import annotations

import re
import threading
import time
from collections import Counter

import psycopg
import redis

SAMPLE_SECONDS = 0.02
# The cluster's options that make the statement statistics available (bench/scaleout_bench.py adds them).
PG_OPTIONS = " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" \
             " -c pg_stat_statements.track_utility=on -c track_activity_query_size=4096"
# What a statement does, by its text: the first pattern found names it. The benchmark's own reads are left out.
KINDS = (
    ("benchmark's own", r"pg_stat_|pg_locks|SELECT count\(\*\)"),
    ("begin/commit/rollback", r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)"),
    ("outcome+claim", r"WITH settled AS|UPDATE comment_logs SET reply_message_id"),
    ("inbox round-robin read", r"row_number\(\)"),
    ("inbox lock (SKIP LOCKED)", r"FROM inbox_events.*FOR UPDATE"),
    ("inbox takes", r"inbox_takes"),
    ("webhook store", r"INSERT INTO inbox_events|FROM social_pages\s+WHERE social_pages.is_connected"),
    ("reply counter", r"reply_usage"),
    ("ids drawn", r"nextval"),
    ("log insert", r"INSERT INTO comment_logs"),
    ("action insert", r"INSERT INTO planned_actions"),
    ("profiles", r"subscriber_profiles"),
    ("mark processed", r"UPDATE inbox_events SET processed_at"),
    ("pages+agents read", r"FROM social_pages|FROM agents"),
    ("due actions (dispatch)", r"planned_actions"),
    ("set/show", r"^\s*(SET|SHOW|select pg_catalog|select current_schema)"),
)


def kind_of(query: str) -> str:
    return next((name for name, pattern in KINDS if re.search(pattern, query, re.IGNORECASE | re.DOTALL)), "other")


_SAMPLE = """
SELECT a.state, coalesce(a.wait_event_type, ''), a.query,
       bool_or(l.relation = 'reply_usage'::regclass AND l.mode = 'RowExclusiveLock'),
       bool_or(l.relation = 'inbox_events'::regclass AND l.mode = 'RowShareLock')
FROM pg_stat_activity a LEFT JOIN pg_locks l ON l.pid = a.pid AND l.granted AND l.locktype = 'relation'
WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'
  AND a.state <> 'idle'
GROUP BY a.pid, a.state, a.wait_event_type, a.query
"""


class Costs:
    """Started before a phase and stopped after it: the phase's costs per comment."""

    def __init__(self, database_url: str, redis_client: redis.Redis):
        self.url = database_url.replace("postgresql+psycopg://", "postgresql://")
        self.redis = redis_client
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def prepare(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")

    def start(self) -> None:
        self.statements, self.transactions, self.commands = self._statements(), self._transactions(), self._redis()
        self.samples, self.where, self.lock_waits = 0, Counter(), Counter()
        self.usage_held, self.drains = 0, Counter()
        self.started = time.monotonic()
        self._stop.clear()
        self._thread = threading.Thread(target=self._sample_until_stopped, daemon=True)
        self._thread.start()

    def stop(self, comments: int) -> dict:
        self._stop.set()
        self._thread.join()
        window, per = time.monotonic() - self.started, max(comments, 1)
        statements = _minus(self._statements(), self.statements)
        calls = Counter({kind: value[0] for kind, value in statements.items()})
        ms = Counter({kind: value[1] for kind, value in statements.items()})
        commands = self._redis() - self.commands
        tick_ms = 1000 * window / max(self.samples, 1)  # one sample stands for this much backend time
        return {
            "statements": sum(calls.values()) / per, "db_ms": sum(ms.values()) / per,
            "by_kind": {kind: (calls[kind] / per, ms[kind] / per) for kind, _ in calls.most_common()},
            "transactions": (self._transactions() - self.transactions) / per,
            "redis": sum(commands.values()) / per,
            "redis_by_command": {name: count / per for name, count in commands.most_common(4)},
            "backend_ms": {state: count * tick_ms / per for state, count in self.where.most_common()},
            "lock_waits_ms": {kind: count * tick_ms / per for kind, count in self.lock_waits.most_common(3)},
            "serial_ms": self.usage_held * tick_ms / per, "serial_occupancy": self.usage_held / max(self.samples, 1),
            "drains_mean": sum(n * c for n, c in self.drains.items()) / max(self.samples, 1),
            "drains_max": max(self.drains, default=0), "samples": self.samples}

    def _sample_until_stopped(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as connection:
            statement = connection.cursor()
            while not self._stop.wait(SAMPLE_SECONDS):
                rows = statement.execute(_SAMPLE, prepare=True).fetchall()
                self.samples += 1
                self.usage_held += any(row[3] for row in rows)  # one row: at most one holder at a time
                self.drains[sum(1 for row in rows if row[4])] += 1
                for state, waiting, query, _usage, _inbox in rows:
                    self.where[_where(state, waiting)] += 1
                    if waiting == "Lock":
                        self.lock_waits[kind_of(query)] += 1

    def _statements(self) -> dict[str, tuple[int, float]]:
        """Calls and execution milliseconds so far, by kind of statement."""
        with psycopg.connect(self.url, autocommit=True) as connection:
            # Top-level only: the foreign-key checks an INSERT runs inside the server (5 a comment) are no round trips.
            rows = connection.execute("SELECT query, calls, total_exec_time FROM pg_stat_statements WHERE toplevel "
                                      "AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")
            found: dict[str, tuple[int, float]] = {}
            for query, calls, total_ms in rows:
                kind = kind_of(query)
                if kind == "other":  # each one apart, so the report can name the most frequent
                    kind = f"other: {' '.join(query.split())[:60]}"
                if kind != "benchmark's own":
                    calls_ms = found.get(kind, (0, 0.0))
                    found[kind] = (calls_ms[0] + calls, calls_ms[1] + total_ms)
            return found

    def _transactions(self) -> int:
        with psycopg.connect(self.url, autocommit=True) as connection:
            return connection.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                      "WHERE datname = current_database()").fetchone()[0]

    def _redis(self) -> Counter:
        stats = self.redis.info("commandstats")
        return Counter({name.removeprefix("cmdstat_"): value["calls"] for name, value in stats.items()})


def _minus(after: dict, before: dict) -> dict:
    return {kind: (calls - before.get(kind, (0, 0.0))[0], ms - before.get(kind, (0, 0.0))[1])
            for kind, (calls, ms) in after.items()}


def _where(state: str, waiting: str) -> str:
    if state.startswith("idle in transaction"):
        return "idle in transaction"
    return {"": "running", "Lock": "lock wait", "Client": "client I/O"}.get(waiting, f"{waiting} wait")


def report(costs: dict) -> str:
    """The phase's costs per comment, in a few lines."""
    kinds = ", ".join(f"{kind} {calls:.2f} ({ms:.2f} ms)" for kind, (calls, ms) in costs["by_kind"].items()
                      if calls >= 0.02)
    backends = ", ".join(f"{state} {ms:.1f}" for state, ms in costs["backend_ms"].items())
    waits = ", ".join(f"{kind} {ms:.1f}" for kind, ms in costs["lock_waits_ms"].items()) or "none"
    commands = ", ".join(f"{name} {count:.2f}" for name, count in costs["redis_by_command"].items())
    return (f"  per comment: {costs['statements']:.1f} statements ({costs['db_ms']:.2f} ms executing), "
            f"{costs['transactions']:.2f} transactions, {costs['redis']:.1f} Redis commands ({commands})\n"
            f"  statements per comment by kind (execution ms): {kinds}\n"
            f"  backend ms per comment (sampled): {backends}; lock waits by statement: {waits}\n"
            f"  serial section (the owner's reply counter held, not committed): {costs['serial_ms']:.2f} ms per "
            f"comment, occupied {100 * costs['serial_occupancy']:.0f} % of the time; drains holding inbox rows at "
            f"once: mean {costs['drains_mean']:.2f}, max {costs['drains_max']} ({costs['samples']} samples)")


def amdahl(one_host_rate: float, serial_ms: float, hosts=(2, 4)) -> str:
    """Amdahl's law from one host's figures: the serial fraction is the serial section's time per comment over one
    host's time per comment (1 / its rate); what it predicts with a core per host, nothing else shared."""
    serial = serial_ms / 1000 * one_host_rate
    predicted = " ".join(f"x{1 / (serial + (1 - serial) / count):.2f} with {count}" for count in hosts)
    return (f"Amdahl: serial section {serial_ms:.2f} ms per comment against {1000 / one_host_rate:.1f} ms per comment "
            f"on one host: serial fraction {100 * serial:.1f} %, predicts {predicted} hosts")
