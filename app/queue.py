"""Task names, enqueue() and ring(): the only place the web side and the services touch Celery.

Services send tasks by name, so they never import `workers/` (docs/architecture.md#where-code-lives). The name
is the contract.
"""
from __future__ import annotations

import logging
import threading
import time

import redis

from app import redis_keys

log = logging.getLogger(__name__)

INGEST_INBOX = "ingest.drain_inbox"
INGEST_PAGE = "ingest.drain_page"  # one slow page's comments, apart (app/services/pipeline/fair.py)
DISPATCH_DUE = "actions.dispatch_due"
POLL_PAGES = "polling.poll_pages"
TRAIN_AGENT = "training.train_agent"
SEND_MAIL = "mail.send"
RUN_REPLAY = "replay.run"
SWEEP_STALE = "sweeps.requeue_stale"
EXPIRE_PLANS = "billing.expire_plans"
REFRESH_ALERTS = "alerts.refresh"
DELETE_USER_DATA = "privacy.delete_user_data"
RESUME_DELETIONS = "privacy.resume_deletions"
CHECK_TOKENS = "tokens.check_pages"
PING = "health.ping"
COMMENT_SET_ASIDE = "ingest.comment_set_aside"  # shows operators, in Flower, a comment that killed its workers

# Queues are named after jobs so a burst of comments never delays training or mail, nor a long replay either.
QUEUES = ("ingest", "actions", "training", "mail", "sweeps", "replay", "default")
ROUTES = {
    INGEST_INBOX: "ingest",
    INGEST_PAGE: "ingest",
    DISPATCH_DUE: "actions",
    POLL_PAGES: "sweeps",
    SWEEP_STALE: "sweeps",
    EXPIRE_PLANS: "sweeps",
    REFRESH_ALERTS: "sweeps",
    RESUME_DELETIONS: "sweeps",
    CHECK_TOKENS: "sweeps",
    DELETE_USER_DATA: "default",
    TRAIN_AGENT: "training",
    SEND_MAIL: "mail",
    RUN_REPLAY: "replay",
    PING: "default",
    COMMENT_SET_ASIDE: "default",
}

_celery = None
_bells: redis.Redis | None = None
_bell_prefix = ""


class QuietWarnings:
    """One warning line per `every` seconds for a failure that repeats (every webhook while Redis is down), saying
    how many like it were kept quiet since the last line; the error's message, not its traceback."""

    def __init__(self, logger: logging.Logger, every: float = 30.0):
        self.logger, self.every = logger, every
        self._lock = threading.Lock()
        self._quiet_until: dict[str, float] = {}
        self._suppressed: dict[str, int] = {}

    def warn(self, what: str, error: BaseException) -> None:
        now = time.monotonic()
        with self._lock:
            if now < self._quiet_until.get(what, 0.0):
                self._suppressed[what] = self._suppressed.get(what, 0) + 1
                return
            self._quiet_until[what] = now + self.every
            suppressed = self._suppressed.pop(what, 0)
        more = f" ({suppressed} more since the last warning)" if suppressed else ""
        self.logger.warning("%s: %s: %s%s; the stored rows wait for the sweeps", what, type(error).__name__, error,
                            more)


_outage = QuietWarnings(log)


def bind(celery_app) -> None:
    """Called once per process: the Celery app used to publish, and its broker's Redis for the doorbells."""
    global _celery, _bells, _bell_prefix
    _celery = celery_app
    _bells = redis.Redis.from_url(celery_app.conf.broker_url, socket_timeout=2, socket_connect_timeout=2)
    _bell_prefix = (celery_app.conf.broker_transport_options or {}).get("global_keyprefix", "")


def enqueue(name: str, *args, countdown: float | None = None) -> bool:
    """Publish task `name`; False when the broker is down (the database rows and the sweeps cover that)."""
    try:
        _celery.send_task(name, args=list(args), queue=ROUTES.get(name, "default"), countdown=countdown,
                          retry=False)
        return True
    except Exception as error:  # kombu raises OperationalError and friends; callers rely on the sweeps
        _outage.warn(f"could not enqueue {name}", error)
        return False


def ring(name: str) -> bool:
    """Publish task `name` unless one is already waiting to run: the doorbell of a task that drains a table.

    The table is the truth and the task reads it whole, so one waiting message serves any number of rings
    (docs/architecture.md#queue-rules rules 1 and 5: Redis is only a doorbell, one message per batch). The task
    calls answer() as it starts; a ring after that publishes again, so nothing committed before a ring is left
    unread.
    """
    key = _bell_key(name)
    try:
        if not _bells.set(key, 1, nx=True, px=redis_keys.BELL_TTL_MS):
            return True
    except redis.RedisError as error:
        _outage.warn(f"could not ring {name}", error)
        return False
    if enqueue(name):
        return True
    _bells.delete(key)
    return False


def answer(name: str) -> None:
    """Called by the task `ring` published, before it reads its table: later rings publish a new message."""
    try:
        _bells.delete(_bell_key(name))
    except redis.RedisError as error:  # the bell expires on its own; meanwhile the sweep rings past it
        _outage.warn(f"could not answer {name}", error)


def _bell_key(name: str) -> str:
    return _bell_prefix + redis_keys.BELL.format(task=name)
