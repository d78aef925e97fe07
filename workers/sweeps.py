"""sweeps.requeue_stale (beat): re-queue unprocessed inbox rows and resolve actions stuck in `sending`."""
from app import queue
from app.services.pipeline import sweeps
from workers.celery_app import celery, settings


@celery.task(name=queue.SWEEP_STALE)
def requeue_stale() -> dict:
    return {"inbox": sweeps.requeue_stale_inbox(settings), "stuck": sweeps.reconcile_stuck(settings)}
