"""What is wrong with a page right now: the causes of its alerts (app/services/alerts.py raises and clears them).

- page_reconnect: the page's token is gone or refused (the pipeline marked it, app/services/pipeline/actions.py);
  its replies are held until the owner connects it again.
- reply_errors: the page's last REPLY_ERROR_STREAK private replies were all refused by the Graph API with the same
  error (a button Meta refuses, a permission...); a reply that goes out ends it. Held replies (the page to
  reconnect) are not Graph refusals and do not count.
- reply_limit_80, reply_limit_100: the owner's automatic replies this month reached 80 % or all of the plan's.
- plan_expiring: a paid plan ends in 0 to RENEWAL_DAYS days (the specification's renewal notice, spec 000 §4
  "Plan-expiry notices": not for the Free Trial). plan_expired: no plan in force, so nothing is answered.
- no_comments: no comment for QUIET_HOURS while the page usually gets some: at least USUAL_PER_DAY a day on
  average over the USUAL_DAYS days before (the webhook subscription may be broken, or the page hidden).

The plan's causes are the owner's and apply to each of their pages alike (`owner_causes`, read once per owner).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import func, select

from app.database import session
from app.models import Agent, CommentLog, PlannedAction, SocialPage, User
from app.services.billing import limits, plans

REPLY_ERROR_STREAK = 3
LIMIT_LEVELS = ((100, "reply_limit_100"), (80, "reply_limit_80"))  # highest first: one of them at a time
RENEWAL_DAYS = 3
QUIET_HOURS = 24
USUAL_DAYS = 7
USUAL_PER_DAY = 5
OWNER_KINDS = frozenset({"reply_limit_80", "reply_limit_100", "plan_expiring", "plan_expired"})
# What fixes each kind, as the screens and the mail name it (the screens open a route of the app for it).
FIXES = {"page_reconnect": "reconnect", "reply_errors": "edit_agent", "reply_limit_80": "plans",
         "reply_limit_100": "plans", "plan_expiring": "plans", "plan_expired": "plans", "no_comments": "reconnect"}


@dataclass(frozen=True)
class Cause:
    kind: str
    key: str = ""  # another key is another occurrence: the open alert is cleared and a new one raised
    details: dict = field(default_factory=dict)


def causes_of(page: SocialPage, owner_found: list[Cause], now: datetime) -> list[Cause]:
    """The page's causes now, its owner's (`owner_causes`) included."""
    found = list(owner_found)
    if page.needs_reconnect or not page.access_token:
        found.append(Cause("page_reconnect"))
    else:
        found.extend(_reply_errors(page))
    found.extend(_no_comments(page, now))
    return found


def owner_causes(owner: User | None, now: datetime) -> list[Cause]:
    """The causes of the owner's plan: expired, ending soon, or its monthly replies nearly or all used."""
    current = plans.current_plan(owner) if owner is not None else None
    if current is None:
        return [Cause("plan_expired", "none", {"plan": None, "expiresAt": None})]
    plan = {"plan": current.plan.name, "expiresAt": _iso(current.expires_at)}
    if current.expires_at <= now:
        return [Cause("plan_expired", _iso(current.expires_at), plan)]
    found = []
    days_left = (current.expires_at.date() - now.date()).days
    if not current.is_trial and days_left <= RENEWAL_DAYS:
        found.append(Cause("plan_expiring", _iso(current.expires_at), plan))
    limit = current.plan.number_auto_replies
    used = limits.monthly_replies_used(owner.id)
    reached = next((kind for level, kind in LIMIT_LEVELS if limit and used * 100 >= level * limit), None)
    if reached:
        found.append(Cause(reached, now.strftime("%Y-%m"), {"used": used, "limit": limit}))
    return found


def fix_of(kind: str, details: dict) -> str:
    """The fix of an alert: its kind's, or the agents list when the failing agent is gone."""
    fix = FIXES[kind]
    return "agents" if fix == "edit_agent" and not details.get("agent") else fix


def _reply_errors(page: SocialPage) -> list[Cause]:
    # The page's latest private replies whose outcome is known, newest first, read along its logs' index.
    latest = session.execute(
        select(PlannedAction.state, PlannedAction.error, CommentLog.agent_id)
        .join(PlannedAction, (PlannedAction.log_id == CommentLog.id) & (PlannedAction.kind == "private_reply"))
        .where(CommentLog.page_id == page.id, PlannedAction.state.in_(("done", "failed")))
        .order_by(CommentLog.created_at.desc(), CommentLog.id.desc()).limit(REPLY_ERROR_STREAK)).all()
    errors = {(row.error, row.agent_id) for row in latest}
    if len(latest) < REPLY_ERROR_STREAK or any(row.state != "failed" for row in latest) or len(errors) != 1:
        return []
    [(error, agent_id)] = errors
    return [Cause("reply_errors", f"{agent_id}:{error}"[:255],
                  {"error": error or "", "agent": _agent_of(session.get(Agent, agent_id) if agent_id else None)})]


def _agent_of(agent: Agent | None) -> dict | None:
    """What the screens name the agent by: the post it answers (or the page, for its generic agent)."""
    if agent is None:
        return None
    return {"id": agent.id, "generic": agent.is_generic, "post": (agent.post_message or "")[:120]}


def _no_comments(page: SocialPage, now: datetime) -> list[Cause]:
    quiet_since = now - timedelta(hours=QUIET_HOURS)
    usual_since = quiet_since - timedelta(days=USUAL_DAYS)
    counted = func.count(CommentLog.id)
    recent = session.scalar(select(counted).where(CommentLog.page_id == page.id, CommentLog.created_at >= quiet_since))
    if recent:
        return []
    before = session.scalar(select(counted).where(CommentLog.page_id == page.id,
                                                  CommentLog.created_at >= usual_since,
                                                  CommentLog.created_at < quiet_since))
    if before < USUAL_PER_DAY * USUAL_DAYS:
        return []
    return [Cause("no_comments", "", {"usualPerDay": before // USUAL_DAYS, "hours": QUIET_HOURS})]


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
