"""ingest.comments: decide the comments of one webhook delivery (or one sweep batch), then send what is due now."""
from sqlalchemy.exc import OperationalError

from app import queue
from app.services import ingest
from workers.celery_app import celery, settings


@celery.task(name=queue.INGEST_COMMENTS, autoretry_for=(OperationalError,), retry_backoff=True, retry_jitter=True,
             max_retries=5)
def ingest_comments(event_ids: list[int]) -> None:
    ingest.process_many(event_ids, settings)
