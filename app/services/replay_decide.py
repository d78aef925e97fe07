"""What an agent would do with one past comment, decided by the live pipeline's own decision and nothing sent.

The decision is app/services/pipeline/comment_decision.py's, as in app/services/pipeline/drain.py and the chat
simulator: the private message from the agent's matcher, the hide, and the reason a comment stays unanswered as the
agent messages screen shows it. The agent is tried as configured now, live or not. The monthly reply allowance is
not drawn: a replay shows what the agent does, not what the plan has left.
"""
from __future__ import annotations

from app.models import Agent, SocialPage
from app.services.pipeline import comment_decision, polling


def decide(agent: Agent, page: SocialPage, intent_names: set[str], post_id: str, item: dict) -> dict | None:
    """The replay_comments row of one comment as the Graph API reads it; None for the page's own replies, which
    the pipeline never decides (no reply loops)."""
    comment = polling.change_of(page, post_id, item)
    # A CommentChange names its commenter as an inbox event does (from_name): the tags are filled the same way.
    decision = comment_decision.of(page, agent, comment_decision.posted_comment(page, comment, post_id))
    if decision is None:
        return None
    match, reply = decision.match, decision.reply if decision.answered else None
    candidates = comment_decision.candidates_of(
        [{"intent": item.name, "score": round(item.score, 4)} for item in match.candidates], match.threshold,
        intent_names)
    reason = comment_decision.shown_reason(decision.reason, negative_hidden=match.negative and decision.hide,
                                           silent=match.silent, candidates=candidates)
    # Every row carries every column: they are inserted together, as one statement's parameters.
    return {"comment_id": comment.comment_id, "post_id": post_id, "message": comment.message or "",
            "author": (comment.from_name or "")[:255] or None,
            "created_time": str(item.get("created_time") or item.get("timestamp") or "")[:40] or None,
            "language": match.language or None, "answered": decision.answered, "hidden": decision.hide,
            "reason": reason, "candidates": candidates,
            "intent": reply.intent if reply else _intent_unanswered(decision),
            "product": reply.product if reply else None, "reply": reply.text if reply else None,
            "buttons": (reply.buttons or []) if reply else None}


def _intent_unanswered(decision: comment_decision.Decision) -> str | None:
    """A matched intent without an answer written is shown, to say which answer is missing."""
    return decision.match.intents[0].name if decision.reason == comment_decision.NO_ANSWER else None
