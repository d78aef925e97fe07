"""The worker and beat entry point: `celery -A workers.celery_app worker|beat`.

Configured from the same settings as the web process (app/config.py) through app/celery_factory.py; every task
module is imported here so the worker knows every task name of app/queue.py.
"""
from __future__ import annotations

from celery.schedules import crontab
from celery.signals import task_postrun, worker_process_init

from app import queue
from app.celery_factory import make_celery
from app.config import load_settings
from app.database import dispose_engines, init_engine, session

settings = load_settings()
init_engine(settings["DATABASE_URL"])
celery = make_celery(settings)
queue.bind(celery)
celery.conf.beat_schedule = {
    # Delays live in the database; this claims due rows every second (docs/architecture.md#queue-rules rule 4).
    "dispatch-due-actions": {"task": queue.DISPATCH_DUE, "schedule": float(settings.get("DISPATCH_INTERVAL", 1))},
    "requeue-stale-work": {"task": queue.SWEEP_STALE, "schedule": float(settings.get("SWEEP_INTERVAL", 30))},
    "poll-pages-without-webhooks": {"task": queue.POLL_PAGES, "schedule": float(settings.get("POLL_INTERVAL", 60))},
    # Daily, just after midnight UTC: plans past their date become expired (the limits read the date themselves).
    "expire-plans": {"task": queue.EXPIRE_PLANS, "schedule": crontab(minute=5, hour=0)},
}

import workers.actions  # noqa: E402,F401  (each import registers its tasks)
import workers.billing  # noqa: E402,F401
import workers.health  # noqa: E402,F401
import workers.ingest  # noqa: E402,F401
import workers.mail  # noqa: E402,F401
import workers.polling  # noqa: E402,F401
import workers.sweeps  # noqa: E402,F401
import workers.training  # noqa: E402,F401


@worker_process_init.connect
def _fresh_connections(**_kwargs) -> None:
    # A forked pool child must not share the parent's database sockets.
    dispose_engines()


@task_postrun.connect
def _release_session(**_kwargs) -> None:
    session.remove()
