"""A decided comment's log event as a row (app/services/pipeline/drain.py inserts a batch's rows in one statement):
what the comment said, what the agent made of it, what is done with it and why."""
from __future__ import annotations

from app.models import Agent, InboxEvent, SocialPage
from app.services.pipeline import comment_decision, commenter_profiles


def row(event: InboxEvent, page: SocialPage, agent: Agent | None, decision: comment_decision.Decision) -> dict:
    """The log event's row (inserted with the batch's others in one statement, without ORM objects)."""
    match, reply = decision.match, decision.reply
    intents = [{"intent": item.name, "score": round(item.score, 4)} for item in match.intents]
    if agent is not None and match.matched:
        intents = [{**item, "resp": reply.text if reply and item["intent"] == reply.intent else None,
                    "buttons": reply.buttons if reply and item["intent"] == reply.intent else []}
                   for item in intents]
    return dict(
        page_id=page.id, agent_id=agent.id if agent else None, inbox_event_id=event.id,
        comment_id=event.comment_id, post_external_id=event.post_external_id, message=event.message or "",
        created_time=event.created_time, language=match.language or None, success=match.matched,
        intents=intents, top_intent=match.intents[0].name if match.intents else None,
        answer=reply.text if reply else None, buttons=reply.buttons if reply else [],
        products=[{"name": p.name, "category": p.category, "score": round(p.score, 2), "spelling": p.spelling,
                   "synonym": p.synonym, "words": p.words} for p in match.products],
        publisher_id=event.from_id, publisher=commenter_profiles.publisher(event), negative=match.negative,
        has_link=match.has_link, link=_comment_link(event, page),
        treated=decision.answered, skip_reason=decision.reason,
        why={"threshold": match.threshold, "silent": match.silent,
             "negativeKind": comment_decision.negative_kind(match),
             "candidates": [{"intent": item.name, "score": item.score} for item in match.candidates],
             "intent": reply.intent if reply else None, "product": reply.product if reply else None,
             "answerLanguage": reply.language if reply else None})


def _comment_link(event: InboxEvent, page: SocialPage) -> str | None:
    if page.platform == "facebook":
        return f"https://www.facebook.com/{event.comment_id}"
    return None
