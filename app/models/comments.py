"""The comment pipeline's rows: the inbox of received comments, the log events the agents' screens read,
manual answers, the planned actions (one per comment and kind) and the commenters' profiles.

The database is the truth of the pipeline (docs/architecture.md#queue-rules rule 1): Redis only carries ids of
these rows.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, JSON, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, utcnow

ACTION_KINDS = ("private_reply", "like", "hide", "public_reply")
# `cancelled`: never to be sent, the comment being gone or past Meta's private-reply window (the reason is the
# action's `error`: app/services/pipeline/comment_decision.py REMOVED or TOO_OLD).
ACTION_STATES = ("planned", "sending", "done", "failed", "held", "cancelled")


class InboxEvent(Base):
    """A comment change as received (webhook or polling); a redelivery hits the unique key and stores nothing."""

    __tablename__ = "inbox_events"
    __table_args__ = (
        UniqueConstraint("platform", "comment_id"),
        Index("ix_inbox_events_unprocessed", "processed_at", "received_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    comment_id: Mapped[str] = mapped_column(String(128))
    page_external_id: Mapped[str] = mapped_column(String(64))
    post_external_id: Mapped[str | None] = mapped_column(String(128))
    parent_id: Mapped[str | None] = mapped_column(String(128))
    from_id: Mapped[str | None] = mapped_column(String(64))
    from_name: Mapped[str | None] = mapped_column(String(255))
    message: Mapped[str | None] = mapped_column(Text)
    created_time: Mapped[datetime | None]
    verb: Mapped[str] = mapped_column(String(16), default="add")
    source: Mapped[str] = mapped_column(String(16), default="webhook")
    received_at: Mapped[datetime] = mapped_column(default=utcnow)
    processed_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(default=0)
    # When a `remove` change said its author deleted it (app/services/pipeline/lifecycle.py): never decided then.
    removed_at: Mapped[datetime | None]
    # Why the comment was never decided although processed: taking it killed its worker process again and again
    # (app/services/pipeline/takes.py).
    set_aside_why: Mapped[str | None] = mapped_column(String(255))


class InboxTake(Base):
    """A drain's take of an inbox comment that has not ended yet: counted (and committed) before the comment is
    decided, removed when its batch ends. A row left over means a worker process died with the comment in hand;
    `takes` counts how often (app/services/pipeline/takes.py). No foreign key: inserting one would wait on the lock
    the drain holds on the inbox row."""

    __tablename__ = "inbox_takes"

    inbox_event_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    takes: Mapped[int] = mapped_column(default=1)
    taken_at: Mapped[datetime] = mapped_column(default=utcnow)


class CommentLog(Base):
    """The log event of one comment for one page: matched or not, why, and what was answered."""

    __tablename__ = "comment_logs"
    __table_args__ = (
        UniqueConstraint("page_id", "comment_id"),
        # The dashboard's two aggregates (spec 001 §2) read only these indexes (index-only scans on PostgreSQL).
        Index("ix_comment_logs_dashboard_intents", "page_id", "created_at", "top_intent"),
        Index("ix_comment_logs_dashboard_posts", "page_id", "created_at", "post_external_id", "success"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    agent_id: Mapped[int | None] = mapped_column(ForeignKey("agents.id", ondelete="SET NULL"), index=True)
    inbox_event_id: Mapped[int | None] = mapped_column(ForeignKey("inbox_events.id", ondelete="SET NULL"))
    comment_id: Mapped[str] = mapped_column(String(128))
    post_external_id: Mapped[str | None] = mapped_column(String(128), index=True)
    message: Mapped[str] = mapped_column(Text, default="")
    created_time: Mapped[datetime | None]
    language: Mapped[str | None] = mapped_column(String(8))
    success: Mapped[bool] = mapped_column(default=False)
    intents: Mapped[list] = mapped_column(JSON, default=list)
    # The best scoring intent of a matched comment, out of the JSON so that the dashboard counts it with an index.
    top_intent: Mapped[str | None] = mapped_column(String(64))
    products: Mapped[list] = mapped_column(JSON, default=list)
    answer: Mapped[str | None] = mapped_column(Text)
    buttons: Mapped[list] = mapped_column(JSON, default=list)
    publisher_id: Mapped[str | None] = mapped_column(String(64))
    publisher: Mapped[dict] = mapped_column(JSON, default=dict)
    link: Mapped[str | None] = mapped_column(Text)
    negative: Mapped[bool] = mapped_column(default=False)
    has_link: Mapped[bool] = mapped_column(default=False)
    treated: Mapped[bool] = mapped_column(default=False)
    # Why nothing was answered: not_matched, plan_limit, no_agent, agent_not_live, ...
    skip_reason: Mapped[str | None] = mapped_column(String(64))
    reply_message_id: Mapped[str | None] = mapped_column(String(255))
    reply_error: Mapped[str | None] = mapped_column(Text)
    # When its author deleted the comment (app/services/pipeline/lifecycle.py): what had not left was cancelled.
    removed_at: Mapped[datetime | None]
    # What the matcher read beyond the agent's own intents (the best intents of the model, the threshold), for
    # the agent messages screen's "why" (app/services/why.py).
    why: Mapped[dict | None] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # Bumped by every change, so the screen's polling cursor finds changed logs (app/services/agent_messages.py).
    updated_at: Mapped[datetime | None] = mapped_column(default=utcnow, onupdate=utcnow)

    manual_answers = relationship("ManualAnswer", back_populates="log", cascade="all, delete-orphan",
                                  order_by="ManualAnswer.id", passive_deletes=True)


class ManualAnswer(Base):
    """A team member's answer to a comment the agent did not match."""

    __tablename__ = "manual_answers"

    id: Mapped[int] = mapped_column(primary_key=True)
    log_id: Mapped[int] = mapped_column(ForeignKey("comment_logs.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    text: Mapped[str] = mapped_column(Text)
    buttons: Mapped[list] = mapped_column(JSON, default=list)
    message_id: Mapped[str | None] = mapped_column(String(255))
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    log = relationship("CommentLog", back_populates="manual_answers")


class PlannedAction(Base):
    """One effect on one comment, sent at most once: claimed planned -> sending before the Graph API call."""

    __tablename__ = "planned_actions"
    __table_args__ = (
        UniqueConstraint("page_id", "comment_id", "kind"),
        CheckConstraint("kind IN ('private_reply', 'like', 'hide', 'public_reply')", name="kind"),
        CheckConstraint("state IN ('planned', 'sending', 'done', 'failed', 'held', 'cancelled')", name="state"),
        Index("ix_planned_actions_due", "state", "due_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    log_id: Mapped[int | None] = mapped_column(ForeignKey("comment_logs.id", ondelete="CASCADE"), index=True)
    comment_id: Mapped[str] = mapped_column(String(128))
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict] = mapped_column(JSON, default=dict)
    due_at: Mapped[datetime] = mapped_column(default=utcnow)
    state: Mapped[str] = mapped_column(String(16), default="planned")
    attempts: Mapped[int] = mapped_column(default=0)
    claimed_at: Mapped[datetime | None]
    # Not sent from this time on: an answer's actions end with Meta's 7-day private-reply window
    # (app/services/pipeline/planning.py); a hide has no end.
    expires_at: Mapped[datetime | None]
    done_at: Mapped[datetime | None]
    result_id: Mapped[str | None] = mapped_column(String(255))
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Bumped by every change of state, so the agent messages screen's polling sees outcomes (sent, failed).
    updated_at: Mapped[datetime | None] = mapped_column(default=utcnow, onupdate=utcnow, index=True)


class SubscriberProfile(Base):
    """What a page knows of one commenter (the agent messages screen's profile card)."""

    __tablename__ = "subscriber_profiles"
    __table_args__ = (UniqueConstraint("page_id", "publisher_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    publisher_id: Mapped[str] = mapped_column(String(64))
    first_name: Mapped[str | None] = mapped_column(String(120))
    last_name: Mapped[str | None] = mapped_column(String(120))
    name: Mapped[str | None] = mapped_column(String(255))
    username: Mapped[str | None] = mapped_column(String(255))
    picture_url: Mapped[str | None] = mapped_column(Text)
    phone: Mapped[str | None] = mapped_column(String(64))
    email: Mapped[str | None] = mapped_column(String(254))
    birthday: Mapped[str | None] = mapped_column(String(32))
    adresse: Mapped[str | None] = mapped_column(Text)
    comments_count: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
