"""Training an agent: build its matcher from its intents and its page's catalogue, then mark it trained.

The matcher lands in this process's cache; other workers build the same one from the same version on first use.
Only the version that was built is marked trained: a wizard change made meanwhile is a newer version, which stays
untrained until its own training.
"""
from __future__ import annotations

from sqlalchemy import update

from app.database import session
from app.models import Agent, SocialPage, utcnow
from app.services.pipeline import matchers


def train_agent(agent_id: int) -> bool:
    agent = session.get(Agent, agent_id)
    if agent is None or not agent.intents:
        return False
    version = agent.version  # read before the intents: what is built is this version or newer, never older
    page = session.get(SocialPage, agent.page_id)
    matchers.matcher_for(agent, page)
    marked = session.execute(update(Agent).where(Agent.id == agent_id, Agent.version == version).values(
        trained=True, trained_version=version, trained_at=utcnow())).rowcount == 1
    session.commit()
    return marked
