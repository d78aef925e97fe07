"""The "why" of a comment log, for the agent messages screen: what the matcher read in the comment (language,
intents with their scores, the products and the words that named them), why the agent answered or not, and what
was done on the network (each planned action with its state, time sent or the Graph API's error).

The decision's own facts are stored on the log when it is decided (app/services/pipeline/drain.py), its reason among
them (app/services/pipeline/comment_decision.py, which also tells apart why nothing matched); the outcomes are read from
its planned actions, so a reply sent later or refused by Meta shows without touching the log.
"""
from __future__ import annotations

from datetime import datetime

from app.models import CommentLog, PlannedAction
from app.services import proposals
from app.services.pipeline import comment_decision as decision

# Why nothing was answered (the decision's reasons): the key the screen translates, and its English wording.
REASONS = {
    decision.OWN_COMMENT: "The page's own comment: the agent never answers the page itself.",
    decision.NO_AGENT: "No agent answers this post or page.",
    decision.AGENT_NOT_LIVE: "The agent is not live (Draft or Not Active): it answers nothing.",
    decision.LINK: "The comment carries a link and the page hides links (anti-spam): hidden, not answered.",
    decision.NEGATIVE_HIDDEN: "A negative comment, hidden as the page's settings ask.",
    decision.ABUSIVE: "An abusive comment (insult, hate, obscenity or threat), hidden as the page's settings ask.",
    decision.COMPLAINT: "A complaint about the shop, hidden as the page's settings ask.",
    decision.ASKS_NOTHING: "The comment asks nothing (praise, thanks, a tag).",
    decision.INTENT_NOT_IN_AGENT: "The comment is about {intent}, an intent this agent does not have.",
    decision.BELOW_THRESHOLD: "No intent scored {threshold}% or more.",
    decision.NO_ANSWER: "The matched intent has no answer written.",
    decision.PLAN_LIMIT: "The plan's monthly reply limit is reached.",
    decision.PLAN_EXPIRED: "The plan has expired.",
    decision.TOO_OLD: "The comment is more than 7 days old: Meta accepts a private reply only within 7 days of a "
                      "comment, so it was not answered.",
    decision.REMOVED: "The comment was deleted by its author: nothing still planned for it was sent.",
}


def iso(moment: datetime | None) -> str | None:
    """Our times are naive UTC: written as ISO 8601 with the Z the browser needs to read them as UTC."""
    return moment.isoformat(timespec="seconds") + "Z" if moment else None


def explain(log: CommentLog, agent_intents: set[str], actions: list[PlannedAction],
            fed: list[dict] | None = None) -> dict:
    """The why of one log, given its agent's intent names, its planned actions (in the order planned) and the
    proposals it fed (app/services/proposals.py for_logs; looked up when not given)."""
    stored = log.why or {}
    threshold = stored.get("threshold")
    candidates = decision.candidates_of(stored.get("candidates"), threshold, agent_intents)
    reason = _reason(log, stored, candidates, actions)
    # Logs decided before abuse was told from complaints (issue 41) say neither.
    kind = stored.get("negativeKind") if log.negative else None
    return {
        "language": log.language, "threshold": threshold, "intents": candidates,
        "products": [_product(hit) for hit in log.products or []],
        "answered": _answered(actions),
        "intent": stored.get("intent"), "product": stored.get("product"),
        # The answer's version sent: a language, "" for the default answer (None: nothing composed, or a log
        # older than answers in several languages).
        "answerLanguage": stored.get("answerLanguage"),
        "reason": reason, "reasonText": reason_text(reason, candidates, threshold, kind),
        "negative": log.negative, "negativeKind": kind, "link": log.has_link,
        "actions": [_action(action) for action in actions],
        "proposals": fed if fed is not None else proposals.for_logs([log.id]).get(log.id, []),
    }


def _reason(log: CommentLog, stored: dict, candidates: list[dict], actions: list[PlannedAction]) -> str | None:
    """The decision's reason; for a comment it answered, why the answer did not go after all: the comment deleted
    by its author, or Meta's window closed before its turn (an action cancelled for it)."""
    if log.skip_reason is None and not _answered(actions):
        if log.removed_at is not None:
            return decision.REMOVED
        if any(action.state == "cancelled" and action.error == decision.TOO_OLD for action in actions):
            return decision.TOO_OLD
    return decision.shown_reason(log.skip_reason, silent=bool(stored.get("silent")), candidates=candidates,
                                 negative_hidden=log.negative and any(action.kind == "hide" for action in actions))


def _answered(actions: list[PlannedAction]) -> bool:
    return any(action.kind == "private_reply" and action.state in ("planned", "sending", "done") for action in actions)


def reason_text(reason: str | None, candidates: list[dict], threshold: float | None,
                negative_kind: str | None = None) -> str | None:
    """The reason in English; a hidden negative comment says whether it was abusive or a complaint when known."""
    if reason is None:
        return None
    if reason == decision.NEGATIVE_HIDDEN and negative_kind in (decision.ABUSIVE, decision.COMPLAINT):
        return REASONS[negative_kind]
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
            "resultId": action.result_id, "note": action.error if action.state == "done" else None,
            "cancelled": action.error if action.state == "cancelled" else None}
