"""The workers' logs and metrics, hooked on Celery's signals (imported by workers/celery_app.py).

Logging is the product's own (app/logging_setup.py), so Celery leaves the root logger alone; every line written
while a task runs carries its task id. A worker started with METRICS_PORT serves its processes' metrics there
(app/metrics_export.py); pool children write theirs to PROMETHEUS_MULTIPROC_DIR, and a child that exits is marked
dead so its live values stop counting.
"""
from __future__ import annotations

import logging
import os

from celery.signals import (setup_logging, task_postrun, task_prerun, task_revoked, worker_init,
                            worker_process_shutdown)

from app import log_context, logging_setup, metrics, metrics_export
from workers.celery_app import settings

log = logging.getLogger(__name__)


# From the import on: Celery warns (running as root, for one) before it sends setup_logging.
logging_setup.configure(settings)


@setup_logging.connect
def _logging(loglevel=None, **_kwargs) -> None:
    logging_setup.configure(settings, level=loglevel)


@task_prerun.connect
def _task_started(task_id=None, **_kwargs) -> None:
    log_context.bind_task(task_id)


@task_postrun.connect
def _task_ended(**_kwargs) -> None:
    log_context.clear()


@task_revoked.connect
def _expired_unrun(sender=None, expired=False, **_kwargs) -> None:
    """A beat message that waited past its expiry is dropped unrun: harmless, as every periodic task reads its table
    and the next run does the skipped one's work, but counted and logged so a starved queue shows."""
    if expired and sender is not None:
        metrics.periodic_expired(sender.name)
        log.warning("%s expired in the queue unrun; the next run covers it", sender.name)


@worker_init.connect
def _metrics_exporter(**_kwargs) -> None:
    metrics_export.serve_worker_metrics(settings)


@worker_process_shutdown.connect
def _child_exited(**_kwargs) -> None:
    if metrics_export.multiprocess_dir():
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(os.getpid())
