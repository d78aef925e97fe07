"""People who sign in with their social-network account, and the JWTs they revoked by logging out."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, Timestamped, utcnow


class User(Timestamped, Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    facebook_id: Mapped[str] = mapped_column(String(64), unique=True)
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    email: Mapped[str | None] = mapped_column(String(254))
    picture_url: Mapped[str | None] = mapped_column(Text)
    # The network user token stays on the server: it lists the user's pages and their page tokens.
    access_token: Mapped[str | None] = mapped_column(Text)
    is_connected: Mapped[bool] = mapped_column(default=True)
    last_signin_at: Mapped[datetime | None] = mapped_column(default=utcnow)
    # The language the user last signed in with (en, fr): their alert mails are written in it.
    language: Mapped[str | None] = mapped_column(String(2))

    memberships = relationship("TeamMembership", back_populates="user", cascade="all, delete-orphan")
    subscriptions = relationship("Subscription", back_populates="user", cascade="all, delete-orphan",
                                 order_by="Subscription.started_at")

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class RevokedToken(Base):
    """A JWT id refused from logout until the token would have expired anyway."""

    __tablename__ = "revoked_tokens"

    jti: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime]
    revoked_at: Mapped[datetime] = mapped_column(default=utcnow)
