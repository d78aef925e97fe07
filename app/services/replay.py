"""Replay before going live: start, follow, cancel and read an agent's replay over its page's past comments.

A replay runs the agent as it is configured now (its current version, trained or not) through the pipeline's own
decision (app/services/replay_decide.py), in the `replay.run` task (app/services/replay_run.py). It sends, likes,
hides and records nothing on the network or in the comment logs. One runs at a time per agent.
"""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from app import queue
from app.database import session
from app.errors import Conflict, NotFound
from app.models import Agent, Replay, User, utcnow
from app.services import access, replay_results
from app.services.why import iso

SAMPLE_SIZE = 5
# A running replay not heard of for this long lost its task (a worker killed, a message lost): it no longer
# blocks a new one. Each task writes its progress at least every REPLAY_MAX_WAIT_SECONDS and hands over within 30 s.
STALE_AFTER = timedelta(minutes=3)


class ReplayRunning(Conflict):
    code, message = "replay_running", "A replay of this agent is already running"


class ReplayNotFound(NotFound):
    code, message = "replay_not_found", "Replay not found"


def start(user: User, agent_id: int) -> dict:
    """Start a replay of the agent as configured now; 409 while another one runs."""
    agent = access.agent_for_member(user, agent_id)
    running = _running(agent.id)
    if running is not None:
        if running.updated_at > utcnow() - STALE_AFTER:
            raise ReplayRunning()
        running.state, running.error, running.finished_at = "failed", "The replay stopped answering.", utcnow()
    replay = Replay(agent_id=agent.id, agent_version=agent.version, started_by_id=user.id,
                    previous_id=session.scalar(select(Replay.id).where(Replay.agent_id == agent.id,
                                                                       Replay.state == "done")
                                               .order_by(Replay.id.desc()).limit(1)))
    session.add(replay)
    try:
        session.commit()
    except IntegrityError:  # another start call won the race (one running replay per agent)
        session.rollback()
        raise ReplayRunning() from None
    if not queue.enqueue(queue.RUN_REPLAY, replay.id):
        replay.state, replay.error, replay.finished_at = "failed", "The replay could not be queued.", utcnow()
        session.commit()
    return view(replay, agent)


def latest(user: User, agent_id: int) -> dict | None:
    """The agent's latest replay with its progress, result and changes; None when it was never replayed."""
    agent = access.agent_for_member(user, agent_id)
    replay = session.scalar(select(Replay).where(Replay.agent_id == agent.id).order_by(Replay.id.desc()).limit(1))
    return view(replay, agent) if replay else None


def cancel(user: User, agent_id: int, replay_id: int) -> dict:
    """Ask the running replay to stop (its task stops at its next page); a replay that ended stays as it is."""
    agent = access.agent_for_member(user, agent_id)
    replay = _replay_of(agent, replay_id)
    session.execute(update(Replay).where(Replay.id == replay.id, Replay.state == "running")
                    .values(cancel_requested=True))
    session.commit()
    session.refresh(replay)
    return view(replay, agent)


def comments(user: User, agent_id: int, replay_id: int, group: str, reason: str | None, intent: str | None,
             page: int, per_page: int) -> dict:
    agent = access.agent_for_member(user, agent_id)
    replay = _replay_of(agent, replay_id)
    rows, total = replay_results.comments(replay.id, group, reason, intent, page, per_page)
    return {"items": [replay_results.comment_view(row) for row in rows], "total": total, "page": page,
            "perPage": per_page}


def view(replay: Replay, agent: Agent) -> dict:
    ended = replay.state in ("done", "cancelled")
    return {"id": replay.id, "agentId": replay.agent_id, "agentVersion": replay.agent_version,
            "agentVersionNow": agent.version, "state": replay.state, "cancelRequested": replay.cancel_requested,
            "progress": {"commentsRead": replay.comments_read, "commentsDecided": replay.comments_decided,
                         "postsRead": replay.posts_read, "postsTotal": replay.posts_total,
                         "rateLimited": replay.rate_limited},
            "startedAt": iso(replay.started_at), "finishedAt": iso(replay.finished_at), "error": replay.error,
            "summary": replay.summary if ended else None, "changes": replay.changes,
            "samples": _samples(replay) if ended else None}


def _samples(replay: Replay) -> dict:
    """The first few comments of each group (each unanswered reason apart), to read without paging."""
    def first(group: str, reason: str | None = None) -> list[dict]:
        rows, _total = replay_results.comments(replay.id, group, reason, per_page=SAMPLE_SIZE)
        return [replay_results.comment_view(row) for row in rows]

    reasons = (replay.summary or {}).get("byReason", {})
    samples = {group: first(group) for group in ("answered", "hidden")}
    samples["unanswered"] = {reason: first("unanswered", reason) for reason in reasons}
    if replay.changes:
        samples.update({change: first(change) for change in replay_results.CHANGES})
    return samples


def _running(agent_id: int) -> Replay | None:
    return session.scalar(select(Replay).where(Replay.agent_id == agent_id, Replay.state == "running"))


def _replay_of(agent: Agent, replay_id: int) -> Replay:
    replay = session.get(Replay, replay_id)
    if replay is None or replay.agent_id != agent.id:
        raise ReplayNotFound()
    return replay
