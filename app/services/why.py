"""The "why" of a comment log, for the agent messages screen: what the matcher read in the comment (language,
intents with their scores, the products and the words that named them), why the agent answered or not, and what
was done on the network (each planned action with its state, time sent or the Graph API's error).

The decision's own facts are stored on the log when it is decided (app/services/ingest.py); the outcomes are read
from its planned actions, so a reply sent later or refused by Meta shows without touching the log.
"""
from __future__ import annotations

from datetime import datetime

from app.models import CommentLog, PlannedAction

# Why nothing was answered: the key the screen translates, and its English wording.
REASONS = {
    "own_comment": "The page's own comment: the agent never answers the page itself.",
    "no_agent": "No agent answers this post or page.",
    "agent_not_live": "The agent is not live (Draft or Not Active): it answers nothing.",
    "link": "The comment carries a link: links are not answered.",
    "negative_hidden": "A negative comment, hidden as the page's settings ask.",
    "asks_nothing": "The comment asks nothing (praise, thanks, a tag).",
    "intent_not_in_agent": "The comment is about {intent}, an intent this agent does not have.",
    "below_threshold": "No intent scored {threshold}% or more.",
    "no_answer": "The matched intent has no answer written.",
    "plan_limit": "The plan's monthly reply limit is reached.",
    "plan_expired": "The plan has expired.",
}
# Reasons stored as such by the pipeline; "not_matched" is refined below from what the matcher read.
STORED_REASONS = frozenset({"own_comment", "no_agent", "agent_not_live", "no_answer", "plan_limit", "plan_expired"})


def iso(moment: datetime | None) -> str | None:
    """Our times are naive UTC: written as ISO 8601 with the Z the browser needs to read them as UTC."""
    return moment.isoformat(timespec="seconds") + "Z" if moment else None


def explain(log: CommentLog, agent_intents: set[str], actions: list[PlannedAction]) -> dict:
    """The why of one log, given its agent's intent names and its planned actions (in the order planned)."""
    stored = log.why or {}
    threshold = stored.get("threshold")
    candidates = [{"intent": item["intent"], "score": item["score"], "inAgent": item["intent"] in agent_intents,
                   "aboveThreshold": threshold is not None and item["score"] >= threshold}
                  for item in stored.get("candidates") or []]
    reason = _reason(log, stored, candidates, actions)
    return {
        "language": log.language, "threshold": threshold, "intents": candidates,
        "products": [_product(hit) for hit in log.products or []],
        "answered": any(action.kind == "private_reply" and action.state in ("planned", "sending", "done")
                        for action in actions),
        "intent": stored.get("intent"), "product": stored.get("product"),
        "reason": reason, "reasonText": _reason_text(reason, candidates, threshold),
        "negative": log.negative, "link": log.has_link,
        "actions": [_action(action) for action in actions],
    }


def _reason(log: CommentLog, stored: dict, candidates: list[dict], actions: list[PlannedAction]) -> str | None:
    if log.skip_reason in STORED_REASONS:
        return log.skip_reason
    if log.skip_reason is None:
        return None
    if log.has_link:
        return "link"
    if log.negative and any(action.kind == "hide" for action in actions):
        return "negative_hidden"
    if stored.get("silent"):
        return "asks_nothing"
    if any(item["aboveThreshold"] and not item["inAgent"] for item in candidates):
        return "intent_not_in_agent"
    return "below_threshold"


def _reason_text(reason: str | None, candidates: list[dict], threshold: float | None) -> str | None:
    if reason is None:
        return None
    missing = next((item["intent"] for item in candidates if item["aboveThreshold"] and not item["inAgent"]), "")
    return REASONS[reason].format(intent=missing, threshold=round((threshold or 0) * 100))


def _product(hit: dict) -> dict:
    return {"product": hit.get("name"), "category": hit.get("category"), "score": hit.get("score"),
            "matchedBy": hit.get("spelling") or None, "synonym": bool(hit.get("synonym")),
            "words": hit.get("words") or None}


def _action(action: PlannedAction) -> dict:
    payload = action.payload or {}
    return {"kind": action.kind, "manual": bool(payload.get("manual")), "state": action.state,
            "text": payload.get("text") or payload.get("message"), "buttons": payload.get("buttons") or [],
            "dueAt": iso(action.due_at), "sentAt": iso(action.done_at), "attempts": action.attempts,
            "error": action.error if action.state in ("failed", "held", "planned") else None,
            "resultId": action.result_id}
