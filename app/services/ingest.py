"""Processing one received comment: choose the agent, guard against loops, moderate, match, log, plan.

Everything the decision produces (the log event, the planned actions, the processed mark) is committed in
one transaction; the unique (page, comment) key of the log makes a second worker on the same comment fail
that commit and back off, so a comment is decided once. Actions due now are committed already claimed
(`sending`) and sent inline by this worker, with no second message and no second claim; if it dies before
sending, the stuck-sending sweep resolves them (QUEUE.md §1.6 step 2).
"""
from __future__ import annotations

import logging

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from app.database import session
from app.models import Agent, AgentIntent, CommentLog, InboxEvent, PlannedAction, SocialPage, utcnow
from app.services import actions, limits, matchers, planning, subscribers
from nlp import Match, answer, sentiment, spam

log = logging.getLogger(__name__)
INLINE_WINDOW_SECONDS = 1.0


def process_many(event_ids: list[int], settings: dict) -> None:
    for event_id in event_ids:
        process(event_id, settings)


def process(event_id: int, settings: dict) -> None:
    event = session.get(InboxEvent, event_id)
    if event is None or event.processed_at is not None:
        return
    page = session.scalars(select(SocialPage).where(SocialPage.platform == event.platform,
                                                    SocialPage.external_id == event.page_external_id)).first()
    # The page's own comments and public replies come back as webhooks: never answer them (no reply loops).
    if page is None or not page.is_connected or page.wrote(event.from_id):
        _mark_processed(event)
        return
    for action_id in _decide(event, page):
        actions.perform(action_id, settings)


def _decide(event: InboxEvent, page: SocialPage) -> list[int]:
    """Log, plan and commit; returns the ids of the actions claimed for sending now."""
    agent = _agent_for(page, event.post_external_id)
    match = matchers.matcher_for(agent, page).match(event.message or "") if agent else _moderation_only(event)
    entry = _log_entry(event, page, agent, match)
    session.add(entry)
    try:
        session.flush()
        planned = _moderation_actions(page, entry, match)
        if agent and match.matched:
            planned += _answer(page, agent, entry, match, event)
        claimed_now = _claim_due_now(planned)
        session.add_all(planned)
        subscribers.record(page, event)
        event.processed_at = utcnow()
        session.commit()
    except IntegrityError:
        session.rollback()  # another worker decided this comment first
        log.info("comment %s already decided", event.comment_id)
        return []
    return [planned_action.id for planned_action in claimed_now]


def _claim_due_now(planned: list[PlannedAction]) -> list[PlannedAction]:
    now = utcnow()
    due_now = [item for item in planned if item.due_at <= now + timedelta(seconds=INLINE_WINDOW_SECONDS)]
    for item in due_now:
        item.state, item.claimed_at, item.attempts = "sending", now, 1
    return due_now


def _agent_for(page: SocialPage, post_external_id: str | None) -> Agent | None:
    """The post's own agent, else the page's generic agent; only live, trained agents answer."""
    candidates = session.scalars(select(Agent).options(
        selectinload(Agent.intents).selectinload(AgentIntent.product_answers)).where(
        Agent.page_id == page.id, Agent.live.is_(True), Agent.trained.is_(True),
        Agent.target_id.in_([target for target in (post_external_id, page.external_id) if target])))
    by_target = {agent.target_id: agent for agent in candidates}
    return by_target.get(post_external_id) or by_target.get(page.external_id)


def _moderation_only(event: InboxEvent) -> Match:
    text = event.message or ""
    return Match(text=text, language="", negative=sentiment.is_negative(text), has_link=spam.has_link(text))


def _log_entry(event: InboxEvent, page: SocialPage, agent: Agent | None, match: Match) -> CommentLog:
    return CommentLog(
        page_id=page.id, agent_id=agent.id if agent else None, inbox_event_id=event.id,
        comment_id=event.comment_id, post_external_id=event.post_external_id, message=event.message or "",
        created_time=event.created_time, language=match.language or None, success=match.matched,
        intents=[{"intent": i.name, "score": round(i.score, 4)} for i in match.intents],
        products=[{"name": p.name, "category": p.category, "score": round(p.score, 2)} for p in match.products],
        publisher_id=event.from_id, publisher=subscribers.publisher(event), negative=match.negative,
        has_link=match.has_link, link=_comment_link(event, page),
        skip_reason=None if match.matched else ("no_agent" if agent is None else "not_matched"))


def _comment_link(event: InboxEvent, page: SocialPage) -> str | None:
    if page.platform == "facebook":
        return f"https://www.facebook.com/{event.comment_id}"
    return None


def _moderation_actions(page: SocialPage, entry: CommentLog, match: Match) -> list:
    """Hide at once a comment with a link (anti-spam on) or a negative one (hide-negative on)."""
    if (page.spam and match.has_link) or (page.hide_comment and match.negative):
        return [planning.action(page, entry.id, entry.comment_id, "hide", utcnow())]
    return []


def _answer(page: SocialPage, agent: Agent, entry: CommentLog, match: Match, event: InboxEvent) -> list:
    composed = answer.compose(match, matchers.intents_config(agent), page.platform,
                              subscribers.names(event, page))
    entry.intents = [{**item, "resp": composed.text if composed and item["intent"] == composed.intent else None,
                      "buttons": composed.buttons if composed and item["intent"] == composed.intent else []}
                     for item in entry.intents]
    if composed is None:
        entry.skip_reason = "no_answer"
        return []
    entry.answer, entry.buttons = composed.text, composed.buttons
    refusal = limits.take_reply(page)
    if refusal:
        entry.skip_reason = refusal  # logged as not answered; nothing is sent
        return []
    entry.treated = True
    return planning.answer_actions(page, entry.id, entry.comment_id, composed.text, composed.buttons)


def _mark_processed(event: InboxEvent) -> None:
    event.processed_at = utcnow()
    session.commit()
