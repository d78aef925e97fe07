"""ingest.comment_set_aside: published when a comment is set aside after killing its worker process again and again
(app/services/pipeline/takes.py), so operators see it in Flower by this name, with the inbox row, the comment and
the why as its arguments and result. The row itself is already marked; the task changes nothing."""
from app import queue
from workers.celery_app import celery


@celery.task(name=queue.COMMENT_SET_ASIDE)
def comment_set_aside(inbox_event_id: int, comment_id: str, why: str) -> str:
    return f"inbox event {inbox_event_id} (comment {comment_id}): {why}"
