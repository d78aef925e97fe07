"""Training an agent: build its matcher from its intents and its page's catalogue, then mark it trained.

The matcher lands in this process's cache; other workers build the same one from the same version on first use.
"""
from __future__ import annotations

from app.database import session
from app.models import Agent, SocialPage, utcnow
from app.services import matchers


def train_agent(agent_id: int) -> bool:
    agent = session.get(Agent, agent_id)
    if agent is None or not agent.intents:
        return False
    page = session.get(SocialPage, agent.page_id)
    matchers.matcher_for(agent, page)
    agent.trained, agent.trained_version, agent.trained_at = True, agent.version, utcnow()
    session.commit()
    return True
