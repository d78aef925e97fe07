"""Agents (the specification's projects): which comments they answer, with which intents and answers."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, JSON, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, Timestamped


class IntentDefinition(Base):
    """The intent catalogue served to the wizard (name, English and French labels, generic or specific)."""

    __tablename__ = "intent_definitions"
    __table_args__ = (CheckConstraint("kind IN ('generic', 'specific')", name="kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(120))
    label_fr: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(16))


class Agent(Timestamped, Base):
    """One agent per post, or one generic agent per page (its target is the page id itself, as in the spec)."""

    __tablename__ = "agents"
    __table_args__ = (
        UniqueConstraint("page_id", "target_id"),
        CheckConstraint("intent_kind IN ('generic', 'specific')", name="intent_kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"), index=True)
    post_id: Mapped[int | None] = mapped_column(ForeignKey("posts.id", ondelete="SET NULL"))
    target_id: Mapped[str] = mapped_column(String(128))
    is_generic: Mapped[bool] = mapped_column(default=False)
    intent_kind: Mapped[str] = mapped_column(String(16), default="specific")
    post_message: Mapped[str] = mapped_column(Text, default="")
    post_picture: Mapped[str | None] = mapped_column(Text)
    post_status: Mapped[str | None] = mapped_column(String(32))
    post_published: Mapped[str | None] = mapped_column(String(64))
    trained: Mapped[bool] = mapped_column(default=False)
    live: Mapped[bool] = mapped_column(default=False)
    pending: Mapped[bool] = mapped_column(default=False)
    # Bumped on every change of intents or answers; a matcher is cached per (agent, version, catalogue).
    version: Mapped[int] = mapped_column(default=1)
    trained_version: Mapped[int | None]
    trained_at: Mapped[datetime | None]
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    page = relationship("SocialPage")
    intents = relationship("AgentIntent", back_populates="agent", cascade="all, delete-orphan",
                           order_by="AgentIntent.position", passive_deletes=True)


class AgentIntent(Base):
    __tablename__ = "agent_intents"
    __table_args__ = (
        UniqueConstraint("agent_id", "intent_name"),
        CheckConstraint("status IN ('new', 'old')", name="status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    agent_id: Mapped[int] = mapped_column(ForeignKey("agents.id", ondelete="CASCADE"))
    intent_name: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(8), default="new")
    generic_answer: Mapped[str] = mapped_column(Text, default="")
    # The generic answer in other languages ({"en": text, ...}: nlp/answer.py LANGUAGES); generic_answer is the default.
    answers: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")
    buttons: Mapped[list] = mapped_column(JSON, default=list)
    position: Mapped[int] = mapped_column(default=0)

    agent = relationship("Agent", back_populates="intents")
    product_answers = relationship("ProductAnswer", back_populates="agent_intent",
                                   cascade="all, delete-orphan", passive_deletes=True)


class ProductAnswer(Base):
    """The specific answer of an intent for one product (the spec's product answer: preAnswer, buttons)."""

    __tablename__ = "product_answers"
    __table_args__ = (UniqueConstraint("agent_intent_id", "product_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    agent_intent_id: Mapped[int] = mapped_column(ForeignKey("agent_intents.id", ondelete="CASCADE"))
    product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id", ondelete="SET NULL"))
    product_name: Mapped[str] = mapped_column(String(255))
    category_name: Mapped[str | None] = mapped_column(String(255))
    answer: Mapped[str] = mapped_column(Text, default="")
    answers: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")  # `answer` in other languages
    buttons: Mapped[list] = mapped_column(JSON, default=list)
    is_default: Mapped[bool] = mapped_column(default=False)

    agent_intent = relationship("AgentIntent", back_populates="product_answers")
