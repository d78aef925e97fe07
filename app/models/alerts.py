"""Alerts on a page (the Home screen, /notification and the bell): what stops the page's replies or asks the owner to
act, raised and cleared by app/services/alerts.py, with who read each and whether its mail went out."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, JSON, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow

ALERT_KINDS = ("page_reconnect", "reply_errors", "reply_limit_80", "reply_limit_100", "plan_expiring",
               "plan_expired", "no_comments")


class Alert(Base):
    """One occurrence of a cause on a page: raised once, cleared when the cause is gone. The same cause coming back
    later is a new alert (and a new mail); `cause_key` tells two occurrences of a kind apart (another Graph error,
    another month, another subscription)."""

    __tablename__ = "alerts"
    __table_args__ = (
        # At most one open alert of a kind on a page: two passes racing raise it once.
        Index("ix_alerts_one_open", "page_id", "kind", unique=True,
              sqlite_where=text("cleared_at IS NULL"), postgresql_where=text("cleared_at IS NULL")),
        CheckConstraint("kind IN ('page_reconnect', 'reply_errors', 'reply_limit_80', 'reply_limit_100', "
                        "'plan_expiring', 'plan_expired', 'no_comments')", name="kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    cause_key: Mapped[str] = mapped_column(String(255), default="")
    # What the screens and the mail show: the error and its agent, the replies used, the expiry date...
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    raised_at: Mapped[datetime] = mapped_column(default=utcnow)
    cleared_at: Mapped[datetime | None]
    mailed_at: Mapped[datetime | None]


class AlertRead(Base):
    """A team member who read an alert: read and unread are each member's own."""

    __tablename__ = "alert_reads"
    __table_args__ = (UniqueConstraint("alert_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    alert_id: Mapped[int] = mapped_column(ForeignKey("alerts.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    read_at: Mapped[datetime] = mapped_column(default=utcnow)
