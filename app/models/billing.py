"""Plans, the subscriptions users hold, and their card payments (the payment history rows)."""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, JSON, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, utcnow

PAYMENT_STATUSES = ("paid", "unpaid", "planified", "expired", "reimbursed", "canceled", "refused",
                    "chargeback", "bonus", "pending")


class Plan(Base):
    __tablename__ = "plans"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    type: Mapped[str] = mapped_column(String(32))  # "Free Trial" or "Paid"
    position: Mapped[int] = mapped_column(default=0)
    price_tnd: Mapped[Decimal] = mapped_column(Numeric(10, 3), default=0)
    price_eur: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=0)
    price_usd: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=0)
    number_pages: Mapped[int] = mapped_column(default=1)
    number_agents: Mapped[int] = mapped_column(default=1)
    number_auto_replies: Mapped[int] = mapped_column(default=100)
    number_users: Mapped[int] = mapped_column(default=1)
    trial_days: Mapped[int | None]
    features: Mapped[dict] = mapped_column(JSON, default=dict)


class Subscription(Base):
    __tablename__ = "subscriptions"
    __table_args__ = (CheckConstraint("status IN ('active', 'expired', 'canceled')", name="status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("plans.id", ondelete="RESTRICT"))
    # One subscription per payment: the database itself refuses a payment applied twice
    # (app/services/billing/settlement.py).
    payment_id: Mapped[int | None] = mapped_column(ForeignKey("payments.id", ondelete="SET NULL"), unique=True,
                                                   index=True)
    status: Mapped[str] = mapped_column(String(16), default="active")
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]

    user = relationship("User", back_populates="subscriptions")
    plan = relationship("Plan")
    payment = relationship("Payment")


class Payment(Base):
    __tablename__ = "payments"
    __table_args__ = (
        CheckConstraint("status IN ('paid', 'unpaid', 'planified', 'expired', 'reimbursed', 'canceled', "
                        "'refused', 'chargeback', 'bonus', 'pending')", name="status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("plans.id", ondelete="RESTRICT"))
    order_id: Mapped[str] = mapped_column(String(64), unique=True)
    invoice_number: Mapped[str | None] = mapped_column(String(32), unique=True)
    period_months: Mapped[int]
    currency: Mapped[str] = mapped_column(String(3))
    amount: Mapped[Decimal] = mapped_column(Numeric(12, 3))
    amount_minor: Mapped[int]
    amount_tnd: Mapped[Decimal] = mapped_column(Numeric(12, 3))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    payed_by: Mapped[str] = mapped_column(String(255), default="")
    email: Mapped[str] = mapped_column(String(254), default="")
    adresse: Mapped[str] = mapped_column(Text, default="")
    gateway_payid: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    paid_at: Mapped[datetime | None]
    # The buyer's names as typed (payed_by is both together, as the history shows it) and the checkout language.
    first_name: Mapped[str] = mapped_column(String(120), default="")
    last_name: Mapped[str] = mapped_column(String(120), default="")
    language: Mapped[str] = mapped_column(String(2), default="fr")
    # Units of TND for one unit of `currency` when the order was signed (1 for TND): the rate stays with the order.
    rate_to_tnd: Mapped[Decimal] = mapped_column(Numeric(14, 6), default=1)
    # The gateway's last TransStatus applied (00 paid, 05, 06, 07, 08) and when.
    gateway_status: Mapped[str | None] = mapped_column(String(2))
    decided_at: Mapped[datetime | None]

    plan = relationship("Plan")


class InvoiceCounter(Base):
    """The last invoice number given in a year: taken with one UPDATE ... RETURNING, so two payments confirmed at
    the same moment never share a number and no number is skipped."""

    __tablename__ = "invoice_counters"

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int] = mapped_column(unique=True)
    last: Mapped[int] = mapped_column(default=0)


class PaymentNotification(Base):
    """Every notification the gateway (or anyone) posted, with what we did with it: the audit trail of payments,
    where a replayed or altered notification shows as refused or ignored."""

    __tablename__ = "payment_notifications"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[str | None] = mapped_column(String(64), index=True)
    trans_status: Mapped[str | None] = mapped_column(String(8))
    shape: Mapped[str] = mapped_column(String(8))  # older, newer or unknown
    outcome: Mapped[str] = mapped_column(String(32))  # applied, replayed, bad_signature, unknown_order, ...
    body: Mapped[dict] = mapped_column(JSON, default=dict)
    received_at: Mapped[datetime] = mapped_column(default=utcnow)


class ReplyUsage(Base):
    """Automatic replies an owner's pages used in one calendar month (UTC): one counter row, incremented under
    the plan's limit in the same statement, so two workers can never both take the last reply."""

    __tablename__ = "reply_usage"
    __table_args__ = (UniqueConstraint("owner_id", "month"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    month: Mapped[str] = mapped_column(String(7))  # "2026-11"
    used: Mapped[int] = mapped_column(default=0)
