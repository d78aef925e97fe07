"""privacy.delete_user_data(request id): what the product holds about a person who asked Meta for its deletion;
privacy.resume_deletions (beat, every minute): requests whose message was lost (app/services/data_deletion.py)."""
from app import queue
from app.services import data_deletion
from workers.celery_app import celery


@celery.task(name=queue.DELETE_USER_DATA)
def delete_user_data(request_id: int) -> dict | None:
    return data_deletion.delete_user_data(request_id)


@celery.task(name=queue.RESUME_DELETIONS)
def resume_deletions() -> int:
    return data_deletion.resume_pending()
