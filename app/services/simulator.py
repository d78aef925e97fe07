"""The wizard's chat simulator (spec 001 §2 "Wizard" step 3, §7 POST /logEvent/test/wizard): the private message
the agent would send for a test comment, decided by the live pipeline's own decision
(app/services/pipeline/comment_decision.py), so what the wizard shows is what a commenter gets. The tester stands for
the commenter: the personalisation tags take the signed-in user's names (Facebook only, as for real commenters). The
agent is tried as configured now, a draft too; the test message is on no post, so nothing hides it. Each reply says
the test comment's language and the answer's version sent for it (empty: the default answer).

The test comment's why (issue 42 §4) is the agent messages' why of a live comment (app/services/why.py explain),
read from the same decision as a log would be: what the matcher read, the answer chosen or why none. Nothing is
sent, so it has no actions."""
from __future__ import annotations

from dataclasses import asdict

from sqlalchemy.orm import selectinload

from app.database import session
from app.errors import NotFound
from app.models import Agent, AgentIntent, CommentLog, SocialPage, User
from app.services import access, why
from app.services.pipeline import comment_decision, commenter_profiles


def replies(user: User, target_id: str, text: str, explain: bool = False) -> list[dict]:
    """The replies to the test message: one, or none when the agent would not answer (the client then shows
    "I didn't understand. Sorry !"). With `explain`, the reply carries the test comment's why, and an agent that
    would not answer gives an item with no response and the why alone."""
    agent = _agent(user, target_id)
    page = session.get(SocialPage, agent.page_id)
    names = commenter_profiles.tag_values(user.first_name or "", user.last_name or "", page)
    decision = comment_decision.of(page, agent, comment_decision.Comment(text, names, posted=False))
    reply = decision.reply
    explained = {"why": _why(agent, decision)} if explain else {}
    if not decision.answered or not reply.text.strip():
        return [{"response": None, **explained}] if explain else []
    return [{"response": {"text": reply.text, "buttons": reply.buttons}, "intent": reply.intent,
             "product": reply.product, "commentLanguage": decision.match.language, "answerLanguage": reply.language,
             **explained}]


def _why(agent: Agent, decision: comment_decision.Decision) -> dict:
    """The why of a log holding this decision (a log never stored: the simulator's comment is nobody's)."""
    match, reply = decision.match, decision.reply
    log = CommentLog(language=match.language or None, negative=match.negative, has_link=match.has_link,
                     skip_reason=decision.reason, removed_at=None,
                     products=[asdict(hit) for hit in match.products],
                     why={"threshold": match.threshold, "silent": match.silent,
                          "negativeKind": comment_decision.negative_kind(match),
                          "candidates": [{"intent": item.name, "score": item.score} for item in match.candidates],
                          "intent": reply.intent if reply else None, "product": reply.product if reply else None,
                          "answerLanguage": reply.language if reply else None})
    explained = why.explain(log, {intent.intent_name for intent in agent.intents}, [], fed=[])
    return {**explained, "answered": decision.answered}


def _agent(user: User, target_id: str) -> Agent:
    """The agent of this post (or page, for a generic agent) on a page of the user's teams: 404 when there is none,
    whether another team's page has one or not."""
    agent = access.agent_of_target(user, target_id,
                                   selectinload(Agent.intents).selectinload(AgentIntent.product_answers))
    if agent is None:
        raise NotFound("Agent not found", code="agent_not_found")
    return agent
