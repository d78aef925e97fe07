"""Builds the Celery app from the product's settings (used by the web side to publish and by workers/)."""
from __future__ import annotations

from celery import Celery

from app import queue
from app.settings import settings_of


def make_celery(settings: dict) -> Celery:
    # kombu's Redis transport, with a fix that keeps a worker alive when Redis restarts under a running task.
    celery = Celery("autoreply", broker=settings["REDIS_URL"], broker_transport="app.redis_broker:Transport")
    transport = {
        # docs/architecture.md#queue-rules rule 3: minutes, not hours, so a SIGKILLed worker's messages come back soon;
        # far above the 60 s hard limit so a running task is never delivered twice.
        "visibility_timeout": settings_of(settings).celery_visibility_timeout,
        "socket_timeout": 5,
        "socket_connect_timeout": 2,
    }
    if settings.get("CELERY_KEY_PREFIX"):
        transport["global_keyprefix"] = settings["CELERY_KEY_PREFIX"]
    celery.conf.update(
        task_serializer="json",
        accept_content=["json"],
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        # A lost broker connection must not kill a running batch mid-way (issue 23: a Redis restart cut batches
        # whose calls were already sent). The batch finishes and records its outcomes in the database; its ack is
        # lost with the connection, so the message comes back after the visibility timeout and finds nothing to
        # do (the tasks read their tables; mail, which no row records as sent, may go twice: rule 4).
        worker_cancel_long_running_tasks_on_connection_loss=False,
        task_time_limit=60,
        task_soft_time_limit=45,
        broker_transport_options=transport,
        broker_connection_retry_on_startup=True,
        task_default_queue="default",
        task_routes={name: {"queue": q} for name, q in queue.ROUTES.items()},
        worker_hijack_root_logger=False,
        timezone="UTC",
    )
    return celery
