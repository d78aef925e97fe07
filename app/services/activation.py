"""Turning an agent on or off, and its pending flag (spec 001 §4 "Agent status", §8 "Limits").

An agent set live is trained first when it is not trained on its current version (the wizard's "Activate now" or
"Update now" may be reached from any step, e.g. from My agents' Edit, which opens the Test step): a live agent that
was never trained would answer nothing while the owner was told it is active. The answer carries `trained`, so the
client says "active" only when the server has made it so.

Activation counts against the page owner's plan (the agent runs on the owner's offer, whoever of the team
clicks): its active-agent limit over all the owner's pages, and its expiry. A refusal is an answer, not an error:
`{"status": false, "msg": <the English text, which is also the client's translation key>, "code"}`. The owner's
row is locked while counting, so two activations at once cannot both take the last free place.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.database import session
from app.models import Agent, SocialPage, User
from app.services import training
from app.services.billing import limits

# The plan's refusals (app/services/billing/limits.py) under the codes the client maps to its messages.
PLAN_REFUSALS = {"plan_expired": ("plan_expired", limits.PLAN_EXPIRED_MESSAGE),
                 "plan_limit": ("agent_limit", limits.AGENT_LIMIT_MESSAGE)}
NO_INTENTS = "You have to add at least one intent !"
ACTIVATED, DEACTIVATED, PENDING_SET = "Agent activated", "Agent deactivated", "Agent updated"


@dataclass(frozen=True)
class Outcome:
    status: bool
    msg: str
    code: str
    live: bool
    pending: bool
    trained: bool


def set_live(agent: Agent, live: bool, pending: bool | None) -> Outcome:
    """Set the agent's live flag (and pending, when given), unless the owner's plan refuses a new activation; an
    agent set live is trained on its current version first."""
    if live and agent.intents and not agent.trained:
        # Before the plan's check: training commits, which would release the owner's lock taken there.
        training.train_agent(agent.id)
        session.refresh(agent)
    refusal = _refusal(agent) if live and not agent.live else None
    if refusal is not None:
        session.rollback()  # releases the owner's lock
        return Outcome(False, refusal[1], refusal[0], agent.live, agent.pending, agent.trained)
    changed_live = agent.live != live
    agent.live = live
    if pending is not None:
        agent.pending = pending
    session.commit()
    message = (ACTIVATED if live else DEACTIVATED) if changed_live else PENDING_SET
    return Outcome(True, message, "done", agent.live, agent.pending, agent.trained)


def _refusal(agent: Agent) -> tuple[str, str] | None:
    if not agent.intents:
        return "no_intents", NO_INTENTS
    page = session.get(SocialPage, agent.page_id)
    owner = session.scalars(select(User).where(User.id == page.owner_id).with_for_update()).first()
    reason = limits.agent_activation_refusal(owner) if owner is not None else "plan_expired"
    return PLAN_REFUSALS[reason] if reason else None
