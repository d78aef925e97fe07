"""Connected social pages (Facebook pages and Instagram accounts), their teams, invitations and posts."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, JSON, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, Timestamped, utcnow

PLATFORMS = ("facebook", "instagram")
DELAY_MODES = ("immediatly", "Exactly", "Randomly")  # the specification's spellings, stored as sent
ROLES = ("owner", "invited_admin", "invited_member")


class SocialPage(Timestamped, Base):
    """One team's connection of a network page: the team (its owner and members), settings, and, hanging off the
    row, the team's catalogue, agents, logs and fans. A page connected by several teams one after the other has a
    row per team, at most one of them connected (docs/contracts.md "Pages across teams")."""

    __tablename__ = "social_pages"
    __table_args__ = (
        Index("ix_social_pages_platform_external_id", "platform", "external_id"),
        Index("ix_social_pages_one_connected", "platform", "external_id", unique=True,
              sqlite_where=text("is_connected"), postgresql_where=text("is_connected")),
        CheckConstraint("platform IN ('facebook', 'instagram')", name="platform"),
        CheckConstraint("delay_mode IN ('immediatly', 'Exactly', 'Randomly')", name="delay_mode"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    external_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(255), default="")
    username: Mapped[str | None] = mapped_column(String(255))
    picture_url: Mapped[str | None] = mapped_column(Text)
    # Page token (Instagram: the linked Facebook page's token, which carries the messaging permission).
    access_token: Mapped[str | None] = mapped_column(Text)
    linked_page_external_id: Mapped[str | None] = mapped_column(String(64))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    is_connected: Mapped[bool] = mapped_column(default=False)
    needs_reconnect: Mapped[bool] = mapped_column(default=False)
    # Why the page needs reconnecting, when known (app/services/page_reconnect.py): its team's pages screen says it.
    reconnect_reason: Mapped[str | None] = mapped_column(String(32))
    webhook_subscribed: Mapped[bool] = mapped_column(default=False)
    # When Meta last said whether it still takes the page's token (the daily check, app/services/token_check.py).
    token_checked_at: Mapped[datetime | None]
    fan_count: Mapped[int] = mapped_column(default=0)
    interactions: Mapped[int] = mapped_column(default=0)
    spam: Mapped[bool] = mapped_column(default=False)
    likes_comment: Mapped[bool] = mapped_column(default=False)
    hide_comment: Mapped[bool] = mapped_column(default=False)
    # With hide_comment: complaints about the shop stay visible, only abuse (insults, hate, threats) is hidden.
    keep_complaints: Mapped[bool] = mapped_column(default=False)
    public_reply_enabled: Mapped[bool] = mapped_column(default=False)
    public_reply_message: Mapped[str] = mapped_column(Text, default="")
    delay_mode: Mapped[str] = mapped_column(String(16), default="immediatly")
    delay_times_ms: Mapped[list] = mapped_column(JSON, default=list)
    white_set: Mapped[bool] = mapped_column(default=False)
    catalogue_version: Mapped[int] = mapped_column(default=1)
    last_polled_at: Mapped[datetime | None]

    owner = relationship("User")
    memberships = relationship("TeamMembership", back_populates="page", cascade="all, delete-orphan",
                               passive_deletes=True)

    def wrote(self, author_id: str | None) -> bool:
        """Whether the page itself (an Instagram account: also its linked Facebook page) is this author."""
        return author_id is not None and author_id in {self.external_id, self.linked_page_external_id}


class TeamMembership(Base):
    __tablename__ = "team_memberships"
    __table_args__ = (
        UniqueConstraint("page_id", "user_id"),
        CheckConstraint("role IN ('owner', 'invited_admin', 'invited_member')", name="role"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    page = relationship("SocialPage", back_populates="memberships")
    user = relationship("User", back_populates="memberships")


class Invitation(Base):
    """A single-use link into a page's team, valid 24 hours (spec 000 §4 "Invitation flow")."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    member_name: Mapped[str] = mapped_column(String(255), default="")
    email: Mapped[str | None] = mapped_column(String(254))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    used_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    page = relationship("SocialPage")


class Post(Base):
    """A page's post (Instagram: media) as last read from the Graph API."""

    __tablename__ = "posts"
    __table_args__ = (UniqueConstraint("page_id", "external_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    external_id: Mapped[str] = mapped_column(String(128))
    message: Mapped[str] = mapped_column(Text, default="")
    picture_url: Mapped[str | None] = mapped_column(Text)
    permalink_url: Mapped[str | None] = mapped_column(Text)
    type: Mapped[str | None] = mapped_column(String(32))
    status: Mapped[str | None] = mapped_column(String(32))
    published: Mapped[bool] = mapped_column(default=True)
    created_time: Mapped[datetime | None]
    last_comment_seen_at: Mapped[datetime | None]
