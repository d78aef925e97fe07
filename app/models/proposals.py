"""What the product learns from the comments an agent missed: proposals (a synonym for a product, an intent the
agent lacks, phrasings to keep as examples), each with the comments behind it.

A proposal is kept once made, under a stable key (its kind, its target and its normalised value), so a rejected
or accepted one is never proposed again when the proposals are computed anew (app/services/proposals.py).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, JSON, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, Timestamped

PROPOSAL_KINDS = ("synonym", "intent", "phrasing")
PROPOSAL_STATES = ("open", "accepted", "rejected")


class Proposal(Timestamped, Base):
    __tablename__ = "proposals"
    __table_args__ = (
        UniqueConstraint("page_id", "key"),
        CheckConstraint("kind IN ('synonym', 'intent', 'phrasing')", name="kind"),
        CheckConstraint("state IN ('open', 'accepted', 'rejected')", name="state"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    # The agent whose screen proposed it; a synonym belongs to the page's catalogue, whatever agent found it.
    agent_id: Mapped[int | None] = mapped_column(ForeignKey("agents.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    # kind + target + normalised value: the same proposal computed again finds its row (and its decision).
    key: Mapped[str] = mapped_column(String(400))
    # The product (synonym), the intent (intent, phrasing's closest intent) it is about, and the proposed value.
    target: Mapped[str | None] = mapped_column(String(255))
    product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id", ondelete="SET NULL"))
    value: Mapped[str] = mapped_column(Text)
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    comments: Mapped[int] = mapped_column(default=0)
    commenters: Mapped[int] = mapped_column(default=0)
    state: Mapped[str] = mapped_column(String(16), default="open")
    decided_at: Mapped[datetime | None]
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    evidence = relationship("ProposalEvidence", back_populates="proposal", cascade="all, delete-orphan",
                            order_by="ProposalEvidence.id", passive_deletes=True)


class ProposalEvidence(Base):
    """One comment behind a proposal: a log of the page, or a comment a replay read (no log)."""

    __tablename__ = "proposal_evidence"

    id: Mapped[int] = mapped_column(primary_key=True)
    proposal_id: Mapped[int] = mapped_column(ForeignKey("proposals.id", ondelete="CASCADE"), index=True)
    log_id: Mapped[int | None] = mapped_column(ForeignKey("comment_logs.id", ondelete="CASCADE"), index=True)
    source: Mapped[str] = mapped_column(String(16), default="page")
    message: Mapped[str] = mapped_column(Text, default="")
    publisher_id: Mapped[str | None] = mapped_column(String(64))

    proposal = relationship("Proposal", back_populates="evidence")
