"""ingest.drain_inbox: rung by every store into the inbox; decides the unprocessed comments a batch at a time."""
from sqlalchemy.exc import OperationalError

from app import queue
from app.services.pipeline import drain
from workers.celery_app import celery, settings


@celery.task(name=queue.INGEST_INBOX, autoretry_for=(OperationalError,), retry_backoff=True, retry_jitter=True,
             max_retries=5)
def drain_inbox() -> int:
    queue.answer(queue.INGEST_INBOX)  # before reading: a comment stored from now on rings a new message
    return drain.drain(settings)
