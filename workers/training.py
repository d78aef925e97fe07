"""training.train_agent: build an agent's matcher and mark it trained (behind /trainagentpag and /trainagentpos)."""
from app import queue
from app.services import training
from workers.celery_app import DATABASE_RETRIES, celery


@celery.task(name=queue.TRAIN_AGENT, **DATABASE_RETRIES)
def train_agent(agent_id: int) -> bool:
    return training.train_agent(agent_id)
