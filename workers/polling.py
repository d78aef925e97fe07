"""polling.poll_pages (beat): read new comments of pages that have no webhook subscription."""
from app import queue
from app.services.pipeline import polling
from workers.celery_app import celery, settings


@celery.task(name=queue.POLL_PAGES)
def poll_pages() -> int:
    return polling.poll_pages(settings)
