"""Contact, newsletter and demo requests sent from the public site."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class ContactRequest(Base):
    __tablename__ = "contact_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    last_name: Mapped[str] = mapped_column(String(120))
    org: Mapped[str] = mapped_column(String(255))
    email: Mapped[str] = mapped_column(String(254))
    phone: Mapped[str] = mapped_column(String(64))
    subject: Mapped[str] = mapped_column(String(255))
    msg: Mapped[str] = mapped_column(Text)
    status: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
