"""A team member answers a comment by hand (spec 001 §4 "Comments": untreated until answered, then Sent!): a
private reply sent at once through the Graph API, recorded as a ManualAnswer with Meta's answer or refusal.

A comment has one private reply (Meta's rule, #10900), and a manual one is claimed like the agent's own: a
`private_reply` planned action, unique per comment, inserted or taken back from `failed` in the `sending` state
before the call (docs/architecture.md#queue-rules rule 2). So two members answering at once, or a member and the
agent, never send twice; a refused answer leaves the action failed, and the member may try again.
"""
from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from app import graph
from app.database import session
from app.errors import Conflict, DomainError, NotFound
from app.models import CommentLog, ManualAnswer, PlannedAction, SocialPage, User, utcnow
from app.services import access
from app.services.graph_client import page_client
from app.services.pipeline import actions, commenter_profiles, planning
from nlp import answer as composing


class LogNotFound(NotFound):
    """No log of this id on a page of the caller's teams: another team's log is answered as a missing one."""

    code, message = "log_not_found", "This comment is not in the agent's messages"


class InvalidAnswer(DomainError):
    status, code = 422, "invalid_answer"


class AlreadyAnswered(Conflict):
    code, message = "already_answered", "This comment already has its private reply"


class GraphRefused(DomainError):
    """Meta refused the private reply (or did not answer): its code and message, as the log's why shows them."""

    status, code = 409, "graph_refused"


def answer(settings: dict, user: User, platform: str, log_id: int, text: str, buttons: list[dict],
           agent_id: int | None) -> CommentLog:
    """Send `text` as the comment's private reply; the updated log, or a refusal (4xx, 502 when Meta is away)."""
    log = session.get(CommentLog, log_id)
    page = session.get(SocialPage, log.page_id) if log is not None else None
    if page is None or access.role_on(user, page) is None:
        raise LogNotFound()
    _check(log, page, platform, buttons, agent_id)
    text = _filled(text, log, page)
    action = _claim(log, page, user, text, buttons)
    outcome, refused = _send(settings, action, page)
    actions.record(outcome)  # the action's outcome and the log's reply fields, as the agent's replies are written
    session.add(ManualAnswer(log_id=log.id, user_id=user.id, text=text, buttons=buttons,
                             message_id=outcome.result_id, error=outcome.error))
    if outcome.state == "done":
        log.treated = True
    session.commit()
    if refused is not None:
        raise _refusal(refused)
    session.refresh(log)
    return log


def _check(log: CommentLog, page: SocialPage, platform: str, buttons: list[dict], agent_id: int | None) -> None:
    if page.platform != platform:
        raise InvalidAnswer(f"This comment is on {page.platform}, not {platform}", code="wrong_platform")
    if agent_id is not None and agent_id != log.agent_id:
        raise InvalidAnswer("This comment is not one of this agent's", code="wrong_project")
    if buttons and page.platform == "instagram":
        raise InvalidAnswer("Instagram answers cannot have buttons", code="no_buttons_on_instagram")
    if log.skip_reason == "own_comment":
        raise Conflict("The page's own comment is not answered", code="own_comment")
    if log.removed_at is not None:
        raise Conflict("The comment was deleted by its author", code="comment_removed")
    if planning.too_late(log.created_time, utcnow()):  # Meta would refuse it: no call wasted
        raise Conflict("The comment is more than 7 days old: Meta accepts a private reply only within 7 days",
                       code="reply_window_closed")
    if not page.is_connected or page.needs_reconnect or not page.access_token:
        raise Conflict(actions.RECONNECT.capitalize(), code="page_needs_reconnect")


def _filled(text: str, log: CommentLog, page: SocialPage) -> str:
    """The personalisation tags (spec 001 §5) filled as in the agent's replies: the commenter's names on Facebook
    only, the page's name everywhere; a client that filled them already leaves none."""
    publisher = log.publisher or {}
    names = commenter_profiles.tag_values(publisher.get("first_name") or "", publisher.get("last_name") or "", page)
    return composing.shorten(composing.fill_tags(text, names))


def _claim(log: CommentLog, page: SocialPage, user: User, text: str, buttons: list[dict]) -> PlannedAction:
    """The comment's private reply action, now `sending` for this answer; 409 when one is planned or sent."""
    now = utcnow()
    payload = {"text": text, "buttons": buttons, "manual": True, "user_id": user.id}
    existing = session.scalars(select(PlannedAction).where(
        PlannedAction.page_id == page.id, PlannedAction.comment_id == log.comment_id,
        PlannedAction.kind == "private_reply")).first()
    if existing is None:
        action = PlannedAction(page_id=page.id, log_id=log.id, comment_id=log.comment_id, kind="private_reply",
                               payload=payload, due_at=now, state="sending", claimed_at=now, attempts=1)
        session.add(action)
        try:
            session.commit()
        except IntegrityError as error:  # another answer, or the agent, claimed it meanwhile
            session.rollback()
            raise AlreadyAnswered() from error
        return action
    taken = session.execute(
        update(PlannedAction).where(PlannedAction.id == existing.id, PlannedAction.state == "failed")
        .values(state="sending", payload=payload, log_id=log.id, claimed_at=now, due_at=now, error=None,
                attempts=PlannedAction.attempts + 1), execution_options={"synchronize_session": False}).rowcount
    session.commit()
    if not taken:
        raise AlreadyAnswered()
    session.refresh(existing)
    return existing


def _send(settings: dict, action: PlannedAction,
          page: SocialPage) -> tuple[actions.Outcome, graph.GraphError | None]:
    # An Instagram account's messages go out as its linked Facebook page, as the pipeline's do (app/services/actions).
    sender = page.linked_page_external_id if page.platform == "instagram" and page.linked_page_external_id \
        else page.external_id
    try:
        sent = page_client(settings, page).private_reply(sender, page.access_token, action.comment_id,
                                                         action.payload["text"],
                                                         action.payload.get("buttons") or None)
    except graph.GraphError as error:
        return actions.Outcome(action, "failed", error=error.reason,
                               page_token_invalid=isinstance(error, graph.TokenInvalid)), error
    return actions.Outcome(action, "done", result_id=sent.get("message_id")), None


def _refusal(error: graph.GraphError) -> DomainError:
    """Meta's refusal as the answer's error: its code and message, with the status saying whose move it is."""
    message = f"Meta refused the answer: {error.reason}"
    if isinstance(error, graph.RateLimited):
        return DomainError(message, code="rate_limited", status=429)
    if isinstance(error, graph.Transient):
        return DomainError(f"Meta did not take the answer, try again: {error.reason}", code="graph_unavailable",
                           status=502)
    if isinstance(error, graph.TokenInvalid):
        return GraphRefused(message, code="page_needs_reconnect")
    if isinstance(error, graph.AlreadyReplied):
        return GraphRefused(message, code="already_answered")
    return GraphRefused(message)
