"""alerts.refresh (beat, every ALERTS_INTERVAL seconds): every connected page's alerts raised and cleared, their
owners' mails sent on the mail queue (app/services/alerts.py)."""
from app import queue
from app.services import alerts
from workers.celery_app import celery


@celery.task(name=queue.REFRESH_ALERTS)
def refresh() -> dict:
    return alerts.refresh_all()
