"""Requests, sent by Meta on a person's behalf, to delete what the product holds about them
(docs/graph-api.md#app-removal-and-data-deletion)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, JSON, String
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow

DELETION_STATES = ("pending", "done")


class DataDeletionRequest(Base):
    """One request and its status, which the person reads at /deletion/<confirmation code>. It keeps the network
    id the deletion looked for, and only that: the request must say what it did after the person is gone."""

    __tablename__ = "data_deletion_requests"
    __table_args__ = (CheckConstraint("state IN ('pending', 'done')", name="state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Random, long enough that no one finds another person's request by trying codes.
    confirmation_code: Mapped[str] = mapped_column(String(64), unique=True)
    facebook_user_id: Mapped[str] = mapped_column(String(64), index=True)
    state: Mapped[str] = mapped_column(String(16), default="pending")
    # What was deleted, by kind ({"account": 1, "comments": 3, ...}), once done.
    deleted: Mapped[dict] = mapped_column(JSON, default=dict)
    requested_at: Mapped[datetime] = mapped_column(default=utcnow)
    completed_at: Mapped[datetime | None]
