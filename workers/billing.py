"""billing.expire_plans (beat, every 10 minutes): plans past their date, abandoned orders
(app/services/billing/expiry.py)."""
from app import queue
from app.services.billing import expiry
from workers.celery_app import celery, settings


@celery.task(name=queue.EXPIRE_PLANS)
def expire_plans() -> dict:
    return expiry.expire(settings)
