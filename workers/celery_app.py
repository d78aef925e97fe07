"""The Celery app of the workers and the beat, which `python -m workers worker|beat` starts (workers/__main__.py).

Configured from the same settings as the web process (app/config.py) through app/celery_factory.py; every task
module is imported here so the worker knows every task name of app/queue.py.
"""
from __future__ import annotations

import gc
import logging
import warnings

from celery.exceptions import CPendingDeprecationWarning
from celery.schedules import crontab
from celery.signals import task_postrun, worker_init, worker_process_init, worker_ready, worker_shutdown
from sqlalchemy.exc import OperationalError

from app import queue
from app.celery_factory import make_celery
from app.config import load_settings
from app.database import dispose_engines, init_engine, session
from app.services import readiness
from app.services.alerts import ALERTS_INTERVAL
from app.services.pipeline import follower_sharing
from app.services.token_check import CHECK_INTERVAL

settings = load_settings()
init_engine(settings["DATABASE_URL"])
celery = make_celery(settings)
queue.bind(celery)
DISPATCH_INTERVAL, SWEEP_INTERVAL = settings.dispatch_interval, settings.sweep_interval
# A task asked for once (a comment's drain, an agent's training) whose connection the database ended under it (a
# restart, a failover; a pooled connection is only pinged after a second idle, app/database.py) runs again a moment
# later on a new one, rather than being lost with its message.
DATABASE_RETRIES = {"autoretry_for": (OperationalError,), "retry_backoff": True, "retry_jitter": True,
                    "max_retries": 5}
celery.conf.beat_scheduler = "workers.beat:QuietScheduler"
celery.conf.beat_schedule = {
    # Delays live in the database; this claims due rows every second (docs/architecture.md#queue-rules rule 4), on
    # the `actions` queue that a worker process of its own serves (Procfile `dispatcher`), so no ingest backlog
    # delays it. Each message expires after a few periods: those published while no dispatcher ran are dropped unrun
    # (counted: workers/observability.py), and the next tick reads the same table.
    "dispatch-due-actions": {"task": queue.DISPATCH_DUE, "schedule": DISPATCH_INTERVAL,
                             "options": {"expires": 5 * DISPATCH_INTERVAL}},
    "requeue-stale-work": {"task": queue.SWEEP_STALE, "schedule": SWEEP_INTERVAL,
                           "options": {"expires": 2 * SWEEP_INTERVAL}},
    "poll-pages-without-webhooks": {"task": queue.POLL_PAGES, "schedule": settings.poll_interval},
    # Every 10 minutes: plans past their date become expired (the limits read the date themselves), and checkouts
    # left unanswered for PENDING_ORDER_HOURS show expired within 10 minutes of it.
    "expire-plans": {"task": queue.EXPIRE_PLANS, "schedule": crontab(minute="*/10")},
    # Pages' alerts raised and cleared (app/services/alerts.py); a pass that finds Redis away is the next one.
    "refresh-alerts": {"task": queue.REFRESH_ALERTS, "schedule": ALERTS_INTERVAL,
                       "options": {"expires": 2 * ALERTS_INTERVAL}},
    # Data deletion requests whose message was lost (Redis away when Meta called) are taken again.
    "resume-data-deletions": {"task": queue.RESUME_DELETIONS, "schedule": 60.0, "options": {"expires": 120}},
    # Each connected page's token asked of Meta once a day, those asked longest ago first (app/services/token_check.py).
    "check-page-tokens": {"task": queue.CHECK_TOKENS, "schedule": CHECK_INTERVAL,
                          "options": {"expires": CHECK_INTERVAL}},
}

import workers.actions  # noqa: E402,F401  (each import registers its tasks)
import workers.alerts  # noqa: E402,F401
import workers.billing  # noqa: E402,F401
import workers.consumer_watch  # noqa: E402,F401  (a worker whose consumer stopped taking messages stops)
import workers.health  # noqa: E402,F401
import workers.ingest  # noqa: E402,F401
import workers.mail  # noqa: E402,F401
import workers.observability  # noqa: E402,F401  (logs and metrics on Celery's signals)
import workers.polling  # noqa: E402,F401
import workers.priority  # noqa: E402,F401  (a niced worker's session group niced too)
import workers.privacy  # noqa: E402,F401
import workers.replay  # noqa: E402,F401
import workers.set_aside  # noqa: E402,F401
import workers.sweeps  # noqa: E402,F401
import workers.tokens  # noqa: E402,F401
import workers.training  # noqa: E402,F401


@worker_init.connect
def _load_models(**_kwargs) -> None:
    """Every comment needs the intent model and the abuse and chatter model: loaded here, before the worker consumes
    anything (a prefork pool's children inherit them). They are built where installs happen (`python -m nlp train`),
    never in a task: trained inside a drain the intent model outlasted the 45 s / 60 s time limits, and every delivery
    started it over. Either missing or stale (the training data changed since), the worker refuses to start, with one
    line saying what to run; the comments wait in the inbox."""
    problem = readiness.model_problem()
    if problem is not None:
        logging.getLogger(__name__).critical("%s", problem)
        raise SystemExit(1)  # not an Exception: Celery would log it and start anyway
    # The models' objects live as long as the worker: left out of the collector's full passes, which otherwise walk
    # them all (0.06 s each on a quiet machine, in the middle of whatever drain allocated last).
    gc.freeze()


@worker_init.connect
def _share_followers_answers(**_kwargs) -> None:
    # Before the pool's children are forked: their catalogue followers share one folder, so a change is read and
    # indexed once on this host, not once per child (app/services/pipeline/follower_sharing.py).
    follower_sharing.open_folder()


@worker_shutdown.connect
def _remove_followers_answers(**_kwargs) -> None:
    follower_sharing.close_folder()


@worker_process_init.connect
def _fresh_connections(**_kwargs) -> None:
    # A forked pool child must not share the parent's database sockets.
    dispose_engines()


@task_postrun.connect
def _release_session(**_kwargs) -> None:
    session.remove()


@worker_ready.connect
def _catch_up(**_kwargs) -> None:
    """A worker that starts (after a crash or a deploy) does at once what the sweeps would do within
    seconds: drain the inbox past a doorbell left set, send what is due, resolve stuck actions. (After a Redis
    restart the short-lived doorbell and the sweeps do the same.)"""
    queue.answer(queue.INGEST_INBOX)
    queue.ring(queue.INGEST_INBOX)
    queue.enqueue(queue.DISPATCH_DUE)
    queue.enqueue(queue.SWEEP_STALE)


@worker_ready.connect
def _quiet_connection_loss_warning(**_kwargs) -> None:
    # Celery warns on every lost broker connection that it will cancel running tasks by default in 6.0; this worker
    # keeps them running on purpose (app/celery_factory.py), so the warning is noise in an outage. Set here because
    # Celery's logging set-up turns its own warnings to "always" after the app is loaded.
    warnings.filterwarnings("ignore", message=r"\s*In Celery 5\.1 we introduced", category=CPendingDeprecationWarning)
