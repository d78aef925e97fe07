"""Replays: an agent run, as configured at the time, over its page's (or post's) past comments, sending nothing.

A replay row holds its progress and summary; each comment it decided is a replay_comments row, so the screen pages
through a group and a later replay compares itself with the one before, comment by comment."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class Replay(Base):
    __tablename__ = "replays"
    __table_args__ = (
        CheckConstraint("state IN ('running', 'done', 'cancelled', 'failed')", name="state"),
        Index("ix_replays_agent_id_id", "agent_id", "id"),
        # One replay at a time per agent, even when two start calls race.
        Index("ix_replays_one_running", "agent_id", unique=True, sqlite_where=text("state = 'running'"),
              postgresql_where=text("state = 'running'")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    agent_id: Mapped[int] = mapped_column(ForeignKey("agents.id", ondelete="CASCADE"))
    # The agent's version the replay ran: a second replay after an edit runs a higher one.
    agent_version: Mapped[int]
    state: Mapped[str] = mapped_column(String(16), default="running")
    cancel_requested: Mapped[bool] = mapped_column(default=False)
    started_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    comments_read: Mapped[int] = mapped_column(default=0)
    comments_decided: Mapped[int] = mapped_column(default=0)
    posts_read: Mapped[int] = mapped_column(default=0)
    # How many posts the replay reads, known after its first call (the progress bar's whole).
    posts_total: Mapped[int | None]
    rate_limited: Mapped[int] = mapped_column(default=0)
    # Where reading stopped when a task handed over (posts still to read, the next comments page), so the next
    # task carries on; empty when the replay ended.
    cursor: Mapped[dict | None] = mapped_column(JSON)
    summary: Mapped[dict | None] = mapped_column(JSON)
    changes: Mapped[dict | None] = mapped_column(JSON)
    previous_id: Mapped[int | None] = mapped_column(ForeignKey("replays.id", ondelete="SET NULL"))
    error: Mapped[str | None] = mapped_column(Text)
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    finished_at: Mapped[datetime | None]


class ReplayComment(Base):
    """What the agent would have done with one past comment."""

    __tablename__ = "replay_comments"
    __table_args__ = (
        UniqueConstraint("replay_id", "comment_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    replay_id: Mapped[int] = mapped_column(ForeignKey("replays.id", ondelete="CASCADE"))
    comment_id: Mapped[str] = mapped_column(String(128))
    post_id: Mapped[str | None] = mapped_column(String(128))
    message: Mapped[str] = mapped_column(Text, default="")
    author: Mapped[str | None] = mapped_column(String(255))
    created_time: Mapped[str | None] = mapped_column(String(40))
    language: Mapped[str | None] = mapped_column(String(16))
    answered: Mapped[bool] = mapped_column(default=False)
    hidden: Mapped[bool] = mapped_column(default=False)
    # Why it would stay unanswered (app/services/why.py REASONS); None when answered.
    reason: Mapped[str | None] = mapped_column(String(32))
    intent: Mapped[str | None] = mapped_column(String(64))
    product: Mapped[str | None] = mapped_column(String(255))
    reply: Mapped[str | None] = mapped_column(Text)
    buttons: Mapped[list | None] = mapped_column(JSON)
    # The model's best intents whether the agent has them or not ([{intent, score}]), best first.
    candidates: Mapped[list | None] = mapped_column(JSON)
    # Against the agent's previous replay: 'new' (newly answered), 'lost' (no longer answered), 'changed'.
    change: Mapped[str | None] = mapped_column(String(16))
    # The previous replay's answer ({intent, product, reply, buttons}) when it was answered there.
    previous: Mapped[dict | None] = mapped_column(JSON)
