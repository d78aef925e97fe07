"""The Home screen's day of a page: today's comments, how many were answered and hidden, why the others were not
answered, and the state of the page's agents. "Today" starts at midnight where the reader is (the browser sends
its offset from UTC), so an owner in Tunis and one in Montreal each see their own day.

An agent answers when it is live and trained; the agents list shows the others as Not Active (trained, not live)
and Draft (not trained). A draft set live answers nothing either: it is counted apart, as `untrained`.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import case, func, select

from app.database import session
from app.models import Agent, CommentLog, PlannedAction, User, utcnow
from app.services import access


def summary(user: User, external_id: str, platform: str, utc_offset_minutes: int) -> dict:
    """`utc_offset_minutes` as a browser's Date.getTimezoneOffset(): UTC minus local time (Tunis: -60)."""
    page = access.team_row(user, external_id, platform)
    since = day_start(utcnow(), utc_offset_minutes)
    return {"page": {"id": page.external_id, "platform": page.platform, "name": page.name},
            "since": since.strftime("%Y-%m-%dT%H:%M:%SZ"), **_comments(page.id, since), "agents": _agents(page.id)}


def day_start(now: datetime, utc_offset_minutes: int) -> datetime:
    """The reader's last midnight, in UTC."""
    local = now - timedelta(minutes=utc_offset_minutes)
    return local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(minutes=utc_offset_minutes)


def _comments(page_id: int, since: datetime) -> dict:
    today = (CommentLog.page_id == page_id) & (CommentLog.created_at >= since)
    comments, answered = session.execute(select(
        func.count(CommentLog.id), func.coalesce(func.sum(case((CommentLog.treated.is_(True), 1), else_=0)), 0))
        .where(today)).one()
    hidden = session.scalar(select(func.count(PlannedAction.id)).where(
        PlannedAction.page_id == page_id, PlannedAction.kind == "hide", PlannedAction.state == "done",
        PlannedAction.created_at >= since))
    reasons = session.execute(select(CommentLog.skip_reason, func.count(CommentLog.id)).where(
        today, CommentLog.skip_reason.is_not(None)).group_by(CommentLog.skip_reason)
        .order_by(func.count(CommentLog.id).desc(), CommentLog.skip_reason)).all()
    return {"comments": comments, "answered": int(answered), "hidden": hidden,
            "skipped": [{"reason": reason, "count": count} for reason, count in reasons]}


def _agents(page_id: int) -> dict:
    def counted(condition):
        return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)

    trained, live = Agent.trained.is_(True), Agent.live.is_(True)
    row = session.execute(select(counted(trained & live), counted(trained & ~live), counted(~trained & ~live),
                                 counted(~trained & live)).where(Agent.page_id == page_id)).one()
    return dict(zip(("live", "notLive", "draft", "untrained"), (int(value) for value in row)))
