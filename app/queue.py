"""Task names and enqueue(): the only place the web side and the services touch Celery.

Services send tasks by name, so they never import `workers/` (DESIGN.md §3). The name is the contract.
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)

INGEST_COMMENTS = "ingest.comments"
DISPATCH_DUE = "actions.dispatch_due"
POLL_PAGES = "polling.poll_pages"
TRAIN_AGENT = "training.train_agent"
SEND_MAIL = "mail.send"
SWEEP_STALE = "sweeps.requeue_stale"
PING = "health.ping"

# Queues are named after jobs so a burst of comments never delays training or mail.
QUEUES = ("ingest", "actions", "training", "mail", "sweeps", "default")
ROUTES = {
    INGEST_COMMENTS: "ingest",
    DISPATCH_DUE: "actions",
    POLL_PAGES: "sweeps",
    SWEEP_STALE: "sweeps",
    TRAIN_AGENT: "training",
    SEND_MAIL: "mail",
    PING: "default",
}

_celery = None


def bind(celery_app) -> None:
    """Called once by create_app(): the Celery app used to publish."""
    global _celery
    _celery = celery_app


def enqueue(name: str, *args, countdown: float | None = None) -> bool:
    """Publish task `name`; False when the broker is down (the database rows and the sweeps cover that)."""
    try:
        _celery.send_task(name, args=list(args), queue=ROUTES.get(name, "default"), countdown=countdown,
                          retry=False)
        return True
    except Exception:  # kombu raises OperationalError and friends; callers rely on the sweeps
        log.warning("could not enqueue %s", name, exc_info=True)
        return False
