"""actions.dispatch_due (beat, every second): claim the planned actions whose time has come and send them."""
from app import queue
from app.services.pipeline import actions
from workers.celery_app import celery, settings


@celery.task(name=queue.DISPATCH_DUE)
def dispatch_due() -> int:
    return actions.dispatch_due(settings)
