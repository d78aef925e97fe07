"""billing.expire_plans (beat, daily): plans past their date and abandoned orders (app/services/expiry.py)."""
from app import queue
from app.services import expiry
from workers.celery_app import celery, settings


@celery.task(name=queue.EXPIRE_PLANS)
def expire_plans() -> dict:
    return expiry.expire(settings)
