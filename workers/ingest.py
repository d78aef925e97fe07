"""ingest.drain_inbox: rung by every store into the inbox; decides the unprocessed comments a batch at a time.
ingest.drain_page: one page too slow to share a batch with the others, drained apart (app/services/pipeline/fair.py)."""
from app import queue
from app.services.pipeline import drain
from workers.celery_app import DATABASE_RETRIES, celery, settings


@celery.task(name=queue.INGEST_INBOX, **DATABASE_RETRIES)
def drain_inbox() -> int:
    queue.answer(queue.INGEST_INBOX)  # before reading: a comment stored from now on rings a new message
    return drain.drain(settings)


@celery.task(name=queue.INGEST_PAGE, **DATABASE_RETRIES)
def drain_page(page_external_id: str) -> int:
    return drain.drain(settings, page=page_external_id)
