"""Plan limits enforced on the server (docs/architecture.md#rules-on-every-request): here, the monthly automatic
replies of a page owner, and whether an owner may have one more live agent. (Pages: app/services/pages.py
may_own_another_page; team seats: app/services/team.py has_free_seat.)

A batch of replies takes its units of the owner's monthly counter with one conditional UPDATE (used + n <= limit),
inside the transaction that plans them: a rolled-back decision gives its units back, and no race oversteps the
plan. Only at the edge of the allowance are units taken one by one, to grant exactly what is left.
"""
from __future__ import annotations

from sqlalchemy import func, select, update

from app.database import insert_ignore, session
from app.models import Agent, Plan, ReplyUsage, SocialPage, Subscription, User, utcnow
from app.services import team
from app.services.billing import plans


def take_replies(owner_id: int | None, wanted: int) -> tuple[int, str | None]:
    """Take up to `wanted` automatic replies of the owner's month: (granted, None) or, when short, why not
    (plan_expired, plan_limit)."""
    if owner_id is None:
        return 0, "plan_expired"
    if take_all_replies(owner_id, wanted):
        return wanted, None
    month = utcnow().strftime("%Y-%m")
    limit = _monthly_limit(owner_id)
    if limit is None:
        return 0, "plan_expired"
    insert_ignore(ReplyUsage, [{"owner_id": owner_id, "month": month, "used": 0}], ["owner_id", "month"])
    if _add(owner_id, month, wanted, limit):
        return wanted, None
    granted = 0
    while granted < wanted and _add(owner_id, month, 1, limit):
        granted += 1
    return granted, "plan_limit"


def take_all_replies(owner_id: int | None, wanted: int) -> bool:
    """All `wanted` replies of the owner's month, or none (False: no current plan, or too few left; take_replies then
    grants what is left). The usual case, once per drained batch: one statement, the plan's limit read inside it (a
    limit of NULL, no current plan, takes nothing). The owner's first draw of a month makes the month's row first,
    so that a batch is not rolled back for it (app/services/pipeline/reply_units.py)."""
    if owner_id is None:
        return False
    month, limit = utcnow().strftime("%Y-%m"), _monthly_limit_query(owner_id).scalar_subquery()
    if _add(owner_id, month, wanted, limit):
        return True
    made = insert_ignore(ReplyUsage, [{"owner_id": owner_id, "month": month, "used": 0}], ["owner_id", "month"])
    return bool(made) and _add(owner_id, month, wanted, limit)


def _add(owner_id: int, month: str, units: int, limit) -> bool:
    return session.execute(update(ReplyUsage).where(
        ReplyUsage.owner_id == owner_id, ReplyUsage.month == month, ReplyUsage.used + units <= limit)
        .values(used=ReplyUsage.used + units)).rowcount == 1


def monthly_replies_used(owner_id: int) -> int:
    return session.scalar(select(ReplyUsage.used).where(
        ReplyUsage.owner_id == owner_id, ReplyUsage.month == utcnow().strftime("%Y-%m"))) or 0


def _monthly_limit(owner_id: int) -> int | None:
    """The monthly replies of the owner's current, unexpired plan (None when there is none)."""
    return session.scalar(_monthly_limit_query(owner_id))


def _monthly_limit_query(owner_id: int):
    return (select(Plan.number_auto_replies).join(Subscription, Subscription.plan_id == Plan.id)
            .where(Subscription.user_id == owner_id, Subscription.status == "active",
                   Subscription.expires_at > utcnow())
            .order_by(Subscription.started_at.desc(), Subscription.id.desc()).limit(1))


# --- agents (the activation call lives in app/services/activation.py and asks here) ------------------------

# Spec 001 §8, the two refusals of an activation.
AGENT_LIMIT_MESSAGE = "You cannot activate the agent, you've reached the limit of your offer"
PLAN_EXPIRED_MESSAGE = "You cannot activate the agent now, your offre is expired. Please pick up another pack"


def live_agents(owner_id: int) -> int:
    """The live agents of all the pages the owner owns (the plan's active agents count across pages)."""
    return session.scalar(select(func.count(Agent.id)).join(SocialPage, SocialPage.id == Agent.page_id)
                          .where(SocialPage.owner_id == owner_id, Agent.live)) or 0


def agent_activation_refusal(owner: User) -> str | None:
    """Why the page owner may not have one more live agent: "plan_expired", "plan_limit", or None when they may.
    The messages to show are PLAN_EXPIRED_MESSAGE and AGENT_LIMIT_MESSAGE."""
    current = plans.current_plan(owner)
    if current is None or current.expired:
        return "plan_expired"
    return None if live_agents(owner.id) < current.plan.number_agents else "plan_limit"


def usage(user: User) -> dict:
    """What the user uses now of each limit of their plan, under the current plan answer's names."""
    pages = session.scalar(select(func.count(SocialPage.id)).where(SocialPage.owner_id == user.id,
                                                                   SocialPage.is_connected)) or 0
    return {"socialPages": pages, "teamMember": team.seats(user)[0], "activeAgent": live_agents(user.id),
            "monthlyReplies": monthly_replies_used(user.id)}
