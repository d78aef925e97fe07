"""A replay's result read from its rows: counts by intent, product and reason, the comments of a group, and what
changed against the agent's previous replay (newly answered, no longer answered, answer changed)."""
from __future__ import annotations

from sqlalchemy import func, select, update

from app.database import session
from app.models import Replay, ReplayComment

# The groups a replay's comments fall in, as the screen and the API name them. A comment may be in two (a
# negative question hidden and answered); "new", "lost" and "changed" compare with the previous replay.
GROUPS = {
    "answered": ReplayComment.answered.is_(True),
    "hidden": ReplayComment.hidden.is_(True),
    "unanswered": ReplayComment.answered.is_(False),
    "new": ReplayComment.change == "new",
    "lost": ReplayComment.change == "lost",
    "changed": ReplayComment.change == "changed",
}
CHANGES = ("new", "lost", "changed")


def summary(replay_id: int) -> dict:
    """Counts kept on the replay when it ends."""
    mine = ReplayComment.replay_id == replay_id

    def counted(column, *where) -> dict:
        rows = session.execute(select(column, func.count()).where(mine, *where).group_by(column)
                               .order_by(func.count().desc(), column))
        return {key: count for key, count in rows if key is not None}

    total = session.scalar(select(func.count()).where(mine)) or 0
    answered = session.scalar(select(func.count()).where(mine, GROUPS["answered"])) or 0
    return {"decided": total, "answered": answered, "unanswered": total - answered,
            "hidden": session.scalar(select(func.count()).where(mine, GROUPS["hidden"])) or 0,
            "byIntent": counted(ReplayComment.intent, GROUPS["answered"]),
            "byProduct": counted(ReplayComment.product, GROUPS["answered"]),
            "byReason": counted(ReplayComment.reason, GROUPS["unanswered"])}


def compare(replay: Replay) -> dict | None:
    """Mark each comment both replays read that the agent now treats otherwise; None without a previous replay.
    Comments posted since the previous replay are not changes of the agent, so they are not counted."""
    if replay.previous_id is None:
        return None
    before = {row.comment_id: row for row in session.execute(
        select(ReplayComment.comment_id, ReplayComment.answered, ReplayComment.intent, ReplayComment.product,
               ReplayComment.reply, ReplayComment.buttons).where(ReplayComment.replay_id == replay.previous_id))}
    now = session.execute(select(ReplayComment.id, ReplayComment.comment_id, ReplayComment.answered,
                                 ReplayComment.intent, ReplayComment.product, ReplayComment.reply,
                                 ReplayComment.buttons).where(ReplayComment.replay_id == replay.id))
    marks, compared = [], 0
    for row in now:
        old = before.get(row.comment_id)
        if old is None:
            continue
        compared += 1
        change = _change(old, row)
        if change:
            previous = {"intent": old.intent, "product": old.product, "reply": old.reply,
                        "buttons": old.buttons or []} if old.answered else None
            marks.append({"id": row.id, "change": change, "previous": previous})
    if marks:
        session.execute(update(ReplayComment), marks)
    counts = {change: sum(1 for mark in marks if mark["change"] == change) for change in CHANGES}
    previous = session.get(Replay, replay.previous_id)
    return {"previousId": previous.id, "previousVersion": previous.agent_version,
            "previousFinishedAt": previous.finished_at.isoformat(timespec="seconds") + "Z",
            "compared": compared, **counts}


def _change(old, new) -> str | None:
    if new.answered and not old.answered:
        return "new"
    if old.answered and not new.answered:
        return "lost"
    if new.answered and (old.intent, old.product, old.reply, old.buttons or []) != \
            (new.intent, new.product, new.reply, new.buttons or []):
        return "changed"
    return None


def comments(replay_id: int, group: str, reason: str | None = None, intent: str | None = None,
             page: int = 1, per_page: int = 20) -> tuple[list[ReplayComment], int]:
    """One page of a group's comments, in the order they were read, and how many the group holds."""
    where = [ReplayComment.replay_id == replay_id, GROUPS[group]]
    if reason:
        where.append(ReplayComment.reason == reason)
    if intent:
        where.append(ReplayComment.intent == intent)
    total = session.scalar(select(func.count()).select_from(ReplayComment).where(*where)) or 0
    rows = session.scalars(select(ReplayComment).where(*where).order_by(ReplayComment.id)
                           .offset((page - 1) * per_page).limit(per_page))
    return list(rows), total


def comment_view(row: ReplayComment) -> dict:
    best = (row.candidates or [None])[0]
    return {"commentId": row.comment_id, "postId": row.post_id, "message": row.message, "author": row.author,
            "createdTime": row.created_time, "language": row.language, "answered": row.answered,
            "hidden": row.hidden, "reason": row.reason, "intent": row.intent, "product": row.product,
            "reply": {"text": row.reply, "buttons": row.buttons or []} if row.answered else None,
            "bestIntent": best and {"intent": best["intent"], "score": best["score"], "inAgent": best["inAgent"]},
            "missingIntent": next((item["intent"] for item in row.candidates or []
                                   if item["aboveThreshold"] and not item["inAgent"]), None),
            "change": row.change, "previous": row.previous}
