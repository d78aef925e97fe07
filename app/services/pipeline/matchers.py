"""Each agent's matcher, built once per agent version in a process and brought up to date with its page's catalogue
changes off the comment path (app/services/pipeline/matcher_store.py).

The workers and the chat simulator both come here, so they answer a comment the same way.
"""
from __future__ import annotations

from functools import lru_cache

from app.database import session
from app.models import Agent, SocialPage
from app.services import catalogue_changes
from app.services.catalogue_read import page_catalogue
from app.services.pipeline import catalogue_follower
from app.services.pipeline.matcher_store import MatcherStore
from nlp import Match, Matcher, answer

_store = MatcherStore(size=256)


def matcher_for(agent: Agent, page: SocialPage) -> Matcher:
    return _store.get(_owner(agent, page), page.catalogue_version, lambda: agent_intent_names(agent),
                      lambda: page_catalogue(page.id))


def ready(agent: Agent, page: SocialPage) -> bool:
    """Whether the agent's matcher answers the page's catalogue at once (a small change is layered from the products
    its record names); if not, the change is being followed by a process of its own
    (matcher_store.MatcherStore.ready) and the drain decides the page's comments a little later."""
    page_id, born, version, engine = page.id, page.created_at, page.catalogue_version, session.get_bind()
    return _store.ready(_owner(agent, page), version, lambda base_entries: catalogue_follower.follow(
        engine.url.render_as_string(hide_password=False), page_id, born, version, base_entries),
        touched=lambda since: catalogue_changes.touched_since(page_id, since, version),
        products=lambda named: page_catalogue(page_id, only=named))


def _owner(agent: Agent, page: SocialPage) -> tuple:
    # created_at tells apart two rows that reuse an id (SQLite reuses ids after deletes).
    return agent.id, agent.created_at, agent.version, page.id, page.created_at


def reply_to(agent: Agent, page: SocialPage, text: str, names: dict) -> tuple[Match, answer.Answer | None]:
    """What the agent makes of a comment: the match, and the private message it sends (None when it sends none).
    The one decision about a comment (app/services/pipeline/comment_decision.py), for the live pipeline, the replay and
    the wizard's chat simulator, reads through here."""
    match = matcher_for(agent, page).match(text)
    reply = answer.compose(match, intents_config(agent), page.platform, names) if match.matched else None
    return match, reply


def agent_intent_names(agent: Agent) -> list[str]:
    return [intent.intent_name for intent in agent.intents]


def intents_config(agent: Agent) -> tuple[dict, ...]:
    """The agent's answers in nlp.answer's shape, read once per agent version in a process: every change of an
    intent or an answer makes a new version (app/services/wizard.py), so a drained batch no longer loads the
    agent's intents and answers again."""
    return _answers(agent.id, agent.created_at, agent.version)


@lru_cache(maxsize=256)
def _answers(agent_id: int, _created_at, _version: int) -> tuple[dict, ...]:
    agent = session.get(Agent, agent_id)  # the caller's own object, from the session's identity map
    return tuple({"name": intent.intent_name, "generic_answer": intent.generic_answer, "answers": intent.answers or {},
                  "buttons": intent.buttons or [],
                  "products": [{"product": answer.product_name, "answer": answer.answer,
                                "answers": answer.answers or {}, "buttons": answer.buttons or []}
                               for answer in intent.product_answers]}
                 for intent in agent.intents)
