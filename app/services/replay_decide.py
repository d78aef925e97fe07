"""What an agent would do with one past comment, decided by the live pipeline's own code and nothing sent.

The matcher and the private message come from app/services/matchers.py reply_to (as in app/services/ingest.py and
the chat simulator), the hide rule is the pipeline's (a link with anti-spam on, a negative comment with
hide-negative on), and the reason a comment stays unanswered is the agent messages screen's (app/services/why.py).
The monthly reply allowance is not drawn: a replay shows what the agent does, not what the plan has left.
"""
from __future__ import annotations

from app.models import Agent, SocialPage
from app.services import matchers, polling, subscribers, why


def decide(agent: Agent, page: SocialPage, intent_names: set[str], post_id: str, item: dict) -> dict | None:
    """The replay_comments row of one comment as the Graph API reads it; None for the page's own replies, which
    the pipeline never decides (no reply loops)."""
    comment = polling.change_of(page, post_id, item)
    # Every row carries every column: they are inserted together, as one statement's parameters.
    row = {"comment_id": comment.comment_id, "post_id": post_id, "message": comment.message or "", "language": None,
           "intent": None, "product": None, "reply": None, "buttons": None,
           "author": (comment.from_name or "")[:255] or None,
           "created_time": str(item.get("created_time") or item.get("timestamp") or "")[:40] or None}
    if page.wrote(comment.from_id):
        if comment.parent_id not in (None, post_id):
            return None
        return {**row, "answered": False, "hidden": False, "reason": "own_comment", "candidates": []}
    # A CommentChange names its commenter as an inbox event does (from_name): the tags are filled the same way.
    match, reply = matchers.reply_to(agent, page, row["message"], subscribers.names(comment, page))
    hidden = (page.spam and match.has_link) or (page.hide_comment and match.negative)
    candidates = why.candidates_of([{"intent": item.name, "score": round(item.score, 4)} for item in match.candidates],
                                   match.threshold, intent_names)
    if page.spam and match.has_link:
        # As in the pipeline: the anti-spam switch hides a comment with a link, and a hidden comment is not answered.
        return {**row, "language": match.language or None, "hidden": True, "candidates": candidates,
                "answered": False, "reason": "link"}
    row.update(language=match.language or None, hidden=hidden, candidates=candidates, answered=reply is not None)
    if reply is not None:
        return {**row, "reason": None, "intent": reply.intent, "product": reply.product, "reply": reply.text,
                "buttons": reply.buttons or []}
    if match.matched:
        return {**row, "reason": "no_answer", "intent": match.intents[0].name}
    return {**row, "reason": why.unmatched_reason(negative_hidden=match.negative and hidden,
                                                  silent=match.silent, candidates=candidates)}
