"""tokens.check_pages (beat, every CHECK_INTERVAL): the connected pages' tokens asked of Meta once a day, the pages
it no longer takes marked for reconnection (app/services/token_check.py)."""
from app import queue
from app.services import token_check
from workers.celery_app import celery, settings


@celery.task(name=queue.CHECK_TOKENS)
def check_pages() -> dict:
    return token_check.check_pages(settings)
