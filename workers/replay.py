"""replay.run: carry an agent's replay over its page's past comments on for one slice (it hands over by itself)."""
from app import queue
from app.services import replay_run
from workers.celery_app import celery, settings


@celery.task(name=queue.RUN_REPLAY)
def run(replay_id: int) -> str | None:
    return replay_run.run(replay_id, settings)
