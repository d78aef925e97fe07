"""What the agent messages screen reads (spec 001 §2 "Agent messages", §7 "Comments"): an agent's comment logs,
each with its why, split into matched and not matched, and the commenters' profiles.

The screen polls for what changed (docs/contracts.md "Agent messages"): each answer carries a cursor, the time it
was read; given it back, only the logs created or changed since then are answered. A log changes when it is
decided or answered by hand, and its actions when they are sent or fail; both bump their `updated_at`. A cursor
is taken back by a margin, because a row stamped just before it may commit just after; the screen replaces logs
by `_id`, so seeing one twice is harmless.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_, select, tuple_
from sqlalchemy.orm import selectinload

from app.database import retried_on_a_new_connection, session
from app.errors import NotFound
from app.models import Agent, CommentLog, PlannedAction, SocialPage, SubscriberProfile, TeamMembership, User, utcnow
from app.services import access, proposals, why

CURSOR_MARGIN = timedelta(seconds=10)
EPOCH = datetime(1970, 1, 1)
MAX_MICROSECONDS = (datetime(9999, 1, 1) - EPOCH) // timedelta(microseconds=1)
LOGS_PER_BATCH = 500  # logs read, explained and written out at a time (about 0.6 MB of answer)


class AgentNotFound(NotFound):
    code, message = "agent_not_found", "No agent answers this post"


class ProfileNotFound(NotFound):
    code, message = "profile_not_found", "No profile for this commenter"


def agent_of_post(user: User, post_id: str) -> Agent:
    """The agent of a post (a page's id: its generic agent) on a page of the caller's teams; 404 when there is none,
    whether other teams' pages have one or not (a post id must not tell which pages use the product)."""
    agent = access.agent_of_target(user, post_id)
    if agent is None:
        raise AgentNotFound()
    return agent


@dataclass
class LogsRead:
    """An agent's logs as the screen reads them: the cursor to poll with, whether every log is in it, and the
    logs themselves, oldest first, in batches, read from the database one batch at a time as they are taken (an
    agent's history is unbounded: a read never holds more than one batch of it). The batches are taken while the
    answer is sent, after the request's session has been removed (Flask tears the app context down before it
    streams): they load what they need themselves."""
    cursor: str
    full: bool
    batches: Iterator[list[dict]]


def logs(user: User, post_id: str, after: str | None) -> LogsRead:
    """The agent's logs (all, or those changed since the cursor `after`), each with its why, and the next cursor."""
    agent = agent_of_post(user, post_id)
    read_at = utcnow()
    chosen = [CommentLog.agent_id == agent.id]
    if after is not None:
        since = cursor_time(after) - CURSOR_MARGIN
        changed_actions = select(PlannedAction.log_id).where(PlannedAction.page_id == agent.page_id,
                                                             PlannedAction.updated_at > since)
        chosen.append(or_(CommentLog.updated_at > since, CommentLog.id.in_(changed_actions)))
    return LogsRead(cursor(read_at), after is None, _answers_in_batches(agent.id, chosen))


def _answers_in_batches(agent_id: int, chosen: list) -> Iterator[list[dict]]:
    """The chosen logs in their answer shape, oldest first, LOGS_PER_BATCH at a time; each batch starts after the
    last log of the one before (created_at, id), so a log committed meanwhile is either in order or left to the
    next poll, never answered out of order or twice. A batch whose connection the database ended (a restart, a
    failover) is read again on a new one: the answer is already on its way, it can no longer turn into a 503."""
    last = None
    while True:
        answers, last, more = retried_on_a_new_connection(lambda: _batch_after(agent_id, chosen, last))
        if answers:
            yield answers
        if not more:
            return


def _batch_after(agent_id: int, chosen: list, last: tuple | None) -> tuple[list[dict], tuple | None, bool]:
    """The answers of the next batch after `last`, the new `last`, and whether more may follow."""
    agent = session.get(Agent, agent_id)
    query = (select(CommentLog).where(*chosen).options(selectinload(CommentLog.manual_answers))
             .order_by(CommentLog.created_at, CommentLog.id).limit(LOGS_PER_BATCH))
    if last is not None:
        query = query.where(tuple_(CommentLog.created_at, CommentLog.id) > last)
    found = list(session.scalars(query))
    if not found:
        return [], last, False
    fed = proposals.for_logs([log.id for log in found])
    answers = [log_answer(log, agent, actions, fed.get(log.id, [])) for log, actions in _with_actions(found)]
    return answers, (found[-1].created_at, found[-1].id), len(found) == LOGS_PER_BATCH


def cursor(moment: datetime) -> str:
    return str((moment - EPOCH) // timedelta(microseconds=1))


def cursor_time(value: str) -> datetime:
    """The time a cursor stands for; one from the future stands for now (it cannot hide later changes)."""
    return min(EPOCH + timedelta(microseconds=min(int(value), MAX_MICROSECONDS)), utcnow())


# What the why reads of an action (app/services/why.py): read as plain rows, with the same attribute names, not
# as ORM objects (a batch of logs holds a thousand or more of them at once).
ACTION_COLUMNS = tuple(getattr(PlannedAction, name) for name in ("id", "log_id", "kind", "payload", "state", "due_at",
                                                                   "done_at", "attempts", "error", "result_id"))


def _with_actions(found: list[CommentLog]) -> list[tuple[CommentLog, list]]:
    """Each log with its actions in the order planned."""
    by_log: dict[int, list] = {log.id: [] for log in found}
    if by_log:
        for action in session.execute(select(*ACTION_COLUMNS).where(PlannedAction.log_id.in_(list(by_log)))
                                      .order_by(PlannedAction.id)):
            by_log[action.log_id].append(action)
    return [(log, by_log[log.id]) for log in found]


def one(log: CommentLog) -> dict:
    """A single log in its answer shape (the manual answer's `data`)."""
    agent = session.get(Agent, log.agent_id) if log.agent_id else None
    [(log, actions)] = _with_actions([log])
    return log_answer(log, agent, actions)


def log_answer(log: CommentLog, agent: Agent | None, actions: list[PlannedAction],
               fed: list[dict] | None = None) -> dict:
    """One log in the specification's shape (spec 001 §3 "Log / comment"), with its why."""
    page = session.get(SocialPage, log.page_id)
    manual = [_manual_answer(answer) for answer in log.manual_answers]
    sent_by_hand = any(answer["status"] == "sent" for answer in manual)
    agent_intents = {intent.intent_name for intent in agent.intents} if agent else set()
    return {
        "_id": log.id, "comment_id": log.comment_id, "message": log.message,
        "created_time": why.iso(log.created_time or log.created_at), "success": log.success,
        "intent": [{"intent": item.get("intent"), "score": item.get("score"), "resp": item.get("resp"),
                    "buttons": item.get("buttons") or []} for item in log.intents or []],
        "publisher": {"picture": None, "profile_picture_url": None, **(log.publisher or {})},
        "manuelAnswer": manual, "treated": log.treated or sent_by_hand,
        "state": "sent" if sent_by_hand else "treated" if log.treated else "untreated",
        "link": log.link, "idPost": log.post_external_id, "idPage": page.external_id, "platform": page.platform,
        "project": log.agent_id, "why": why.explain(log, agent_intents, actions, fed),
    }


def _manual_answer(answer) -> dict:
    author = session.get(User, answer.user_id) if answer.user_id else None
    return {"_id": answer.id, "answer": answer.text, "buttons": answer.buttons or [],
            "created_time": why.iso(answer.created_at), "sentBy": author.full_name if author else None,
            "message_id": answer.message_id, "error": answer.error,
            "status": "failed" if answer.error else "sent"}


def profiles(user: User, publisher_id: str, page_external_id: str | None) -> list[dict]:
    """The commenter's profiles on the pages of the caller's teams, the most recently updated first; 404 when none
    of them knows the commenter, whether pages of other teams do or not (a fan's id must not tell where they
    commented)."""
    query = (select(SubscriberProfile, SocialPage).join(SocialPage, SocialPage.id == SubscriberProfile.page_id)
             .where(SubscriberProfile.publisher_id == publisher_id, SocialPage.id.in_(_team_page_ids(user)))
             .order_by(SubscriberProfile.updated_at.desc(), SubscriberProfile.id.desc()))
    if page_external_id is not None:
        query = query.where(SocialPage.external_id == page_external_id)
    found = list(session.execute(query))
    if not found:
        raise ProfileNotFound()
    return [_profile_answer(profile, page) for profile, page in found]


def _team_page_ids(user: User):
    """The ids of the rows of the caller's teams' pages, as a subquery."""
    owned = select(SocialPage.id).where(SocialPage.owner_id == user.id)
    member = select(TeamMembership.page_id).where(TeamMembership.user_id == user.id)
    return owned.union(member)


def _profile_answer(profile: SubscriberProfile, page: SocialPage) -> dict:
    return {"publisherId": profile.publisher_id, "idPage": page.external_id, "platform": page.platform,
            "name": profile.name, "first_name": profile.first_name, "last_name": profile.last_name,
            "username": profile.username, "picture": profile.picture_url, "phone": profile.phone,
            "email": profile.email, "birthday": profile.birthday, "adresse": profile.adresse,
            "comments": profile.comments_count}
