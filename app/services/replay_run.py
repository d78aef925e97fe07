"""Running a replay (the `replay.run` task): read the past comments from the Graph API a page at a time, decide
each one (app/services/replay_decide.py), keep the rows and the progress after every page, and stop when the
comments run out, the limits are reached, or the owner cancels.

Limits: the newest MAX_POSTS posts of the page (a post agent reads its own post only), and MAX_COMMENTS comments
in all. A task works SLICE_SECONDS at most, then saves where it stopped (`replays.cursor`) and hands over to a
fresh message, so no task nears Celery's time limit (docs/architecture.md#queue-rules rule 3). Rate-limit answers
slow the replay down: it waits (a doubling backoff, at most the time Meta announces and REPLAY_MAX_WAIT_SECONDS)
and reads the same page again. Cancellation is a flag on the row, read between pages and during waits.
"""
from __future__ import annotations

import copy
import logging
import time
from itertools import islice

from sqlalchemy import select

from app import graph, queue
from app.database import insert_ignore, session
from app.models import Agent, Replay, ReplayComment, SocialPage, utcnow
from app.services import page_posts, replay_results
from app.services.graph_client import graph_client
from app.services.replay_decide import decide
from app.settings import settings_of

log = logging.getLogger(__name__)
MAX_POSTS = 100
MAX_COMMENTS = 20_000
SLICE_SECONDS = 30.0
FIRST_WAIT_SECONDS = 0.5
# Transient failures (timeouts, Meta's 5xx) in a row before the replay gives up.
MAX_TRANSIENT_FAILURES = 5
WAIT_STEP_SECONDS = 0.2


def run(replay_id: int, settings: dict) -> str | None:
    """Carry the replay on for one slice; returns its state afterwards (None when there is no such replay)."""
    replay = session.get(Replay, replay_id)
    if replay is None or replay.state != "running":
        return replay.state if replay else None
    agent = session.get(Agent, replay.agent_id)
    page = session.get(SocialPage, agent.page_id)
    if not page.access_token:
        return _finish(replay, "failed", "The page is not connected: connect it again to replay its comments.")
    try:
        return _Reading(replay, agent, page, settings).carry_on(time.monotonic() + SLICE_SECONDS)
    except Exception:
        # A replay that broke must not stay "running" and block the next one.
        log.exception("replay %s failed", replay_id)
        session.rollback()
        return _finish(session.get(Replay, replay_id), "failed", "The replay stopped on an unexpected error.")


def cancel_requested(replay_id: int) -> bool:
    # A fresh read: the session keeps loaded rows as they were (expire_on_commit is off).
    return bool(session.scalar(select(Replay.cancel_requested).where(Replay.id == replay_id)))


class _Reading:
    def __init__(self, replay: Replay, agent: Agent, page: SocialPage, settings: dict):
        self.replay, self.agent, self.page, self.settings = replay, agent, page, settings
        self.client = graph_client(settings)
        self.intent_names = {intent.intent_name for intent in agent.intents}
        self.cursor = copy.deepcopy(replay.cursor) or {"posts": None, "next": None, "params": None, "post": None}
        self.max_wait = settings_of(settings).replay_max_wait_seconds
        self.wait, self.transient_failures = FIRST_WAIT_SECONDS, 0

    def carry_on(self, deadline: float) -> str:
        while True:
            if cancel_requested(self.replay.id):
                return _finish(self.replay, "cancelled")
            if time.monotonic() >= deadline:
                return self._hand_over()
            try:
                more = self._step()
            except graph.RateLimited as error:
                self._slow_down(error.retry_after, deadline, rate_limited=True)
                continue
            except graph.Transient as error:
                self.transient_failures += 1
                if self.transient_failures >= MAX_TRANSIENT_FAILURES:
                    return _finish(self.replay, "failed", error.reason)
                self._slow_down(self.max_wait, deadline, rate_limited=False)
                continue
            except graph.GraphError as error:
                return _finish(self.replay, "failed", error.reason)
            self.wait, self.transient_failures = FIRST_WAIT_SECONDS, 0
            if not more:
                return _finish(self.replay, "done")

    def _step(self) -> bool:
        """One Graph call and what it brings; False when nothing is left to read."""
        cursor, replay = self.cursor, self.replay
        if cursor["posts"] is None:
            cursor["posts"] = self._posts()
            replay.posts_total = len(cursor["posts"])
            return True
        if cursor["next"] is None:
            if not cursor["posts"]:
                return False
            cursor["post"] = cursor["posts"].pop(0)
            cursor["next"], cursor["params"] = self.client.comments_edge(cursor["post"], self.page.platform)
        try:
            items, next_url = self.client.page_at(cursor["next"], self.page.access_token, cursor["params"])
        except graph.NotFound:
            items, next_url = [], None  # the post was deleted since: the others are still read
        items = items[:MAX_COMMENTS - replay.comments_read]
        cursor["next"], cursor["params"] = next_url, None
        if next_url is None:
            replay.posts_read += 1
        if replay.comments_read + len(items) >= MAX_COMMENTS:
            cursor["next"], cursor["posts"] = None, []  # enough read: this page is the last
        rows = [row for item in items
                if (row := decide(self.agent, self.page, self.intent_names, cursor["post"], item)) is not None]
        # A comment met twice (new comments shift Facebook's pages while we read) is kept once.
        new = insert_ignore(ReplayComment, [{**row, "replay_id": replay.id} for row in rows],
                            ["replay_id", "comment_id"])
        replay.comments_read += len(items)
        replay.comments_decided += len(new)
        replay.updated_at = utcnow()
        session.commit()
        return True

    def _posts(self) -> list[str]:
        if not self.agent.is_generic:
            return [self.agent.target_id]
        return [post["id"] for post in islice(page_posts.latest(self.settings, self.page), MAX_POSTS)]

    def _slow_down(self, announced: float, deadline: float, rate_limited: bool) -> None:
        """Wait before calling again (a doubling backoff, never past the slice), watching for a cancel."""
        if rate_limited:
            self.replay.rate_limited += 1
        self.replay.updated_at = utcnow()
        session.commit()
        wait = min(self.wait, announced or self.max_wait, self.max_wait)
        self.wait = min(self.wait * 2, self.max_wait)
        until = min(time.monotonic() + wait, deadline)
        while time.monotonic() < until and not cancel_requested(self.replay.id):
            time.sleep(min(WAIT_STEP_SECONDS, max(until - time.monotonic(), 0)))

    def _hand_over(self) -> str:
        self.replay.cursor = copy.deepcopy(self.cursor)
        self.replay.updated_at = utcnow()
        session.commit()
        if not queue.enqueue(queue.RUN_REPLAY, self.replay.id):
            log.warning("replay %s could not hand over; it stays running until it is seen stale", self.replay.id)
        return "running"


def _finish(replay: Replay, state: str, error: str | None = None) -> str:
    replay.state, replay.error, replay.cursor, replay.finished_at = state, error, None, utcnow()
    if state in ("done", "cancelled"):
        replay.summary = replay_results.summary(replay.id)
    if state == "done":
        replay.changes = replay_results.compare(replay)
    session.commit()
    return state
