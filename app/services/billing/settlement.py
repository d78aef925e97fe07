"""The card gateway's notification, which settles an order (docs/card-gateway.md "The notification").

Only the shape the merchant is configured for (`GATEWAY_NOTIFICATION_SHAPE`) is read, and only with its signature
right: `00` pays the order (an invoice number, and the subscription it buys), `05` / `06` refuse / cancel it,
`07` / `08` reverse a paid one and cancel its subscription. Each notification is kept in `payment_notifications`
with what was done with it.

Applied once, on PostgreSQL and SQLite alike: the order moves by a conditional UPDATE, only from a status it may
move from, so of identical notifications handled at once one moves it and the others find it moved (SQLite has
no row lock to wait on: a locked read alone let two of them pay it). The database also holds one subscription per
payment and unique invoice numbers.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import select, update

from app.database import session
from app.models import Payment, PaymentNotification, Subscription, utcnow
from app.services.billing import gateway, invoices, plans
from app.services.billing.account import ORDER_ID_PATTERN

log = logging.getLogger(__name__)

# An order the gateway has not decided: still at the checkout, or past PENDING_ORDER_HOURS
# (app/services/billing/expiry.py), whose buyer may yet have paid. A decision moves only these; a reversal (07, 08)
# only a paid one.
UNDECIDED = ("pending", "expired")
DECISIONS = ("paid", "refused", "canceled")


@dataclass(frozen=True)
class Outcome:
    accepted: bool  # answered 200 (applied, or a repeat that changes nothing)
    outcome: str


def settle(settings: dict, form: dict, body: object) -> Outcome:
    """Apply a notification once, after its shape, signature, order, amount and currency are checked; keep it
    either way. A refused one changes nothing."""
    notification = gateway.read_notification(form, body)
    outcome = _apply(settings, notification)
    record = {"shape": notification.shape if notification else "unknown", "outcome": outcome.outcome,
              "order_id": notification.pay_id[:64] if notification else None,
              "trans_status": notification.status[:8] if notification else None,
              "body": notification.fields if notification else {}}
    session.add(PaymentNotification(**record))
    session.commit()
    level = logging.INFO if outcome.outcome == "applied" else logging.WARNING
    log.log(level, "gateway notification for order %s (TransStatus %s): %s", record["order_id"],
            record["trans_status"], outcome.outcome)
    return outcome


def _apply(settings: dict, notification: gateway.Notification | None) -> Outcome:
    if notification is None:
        return Outcome(False, "unreadable")
    if notification.shape != settings["GATEWAY_NOTIFICATION_SHAPE"]:
        return Outcome(False, "wrong_shape")
    if not gateway.signature_is_valid(settings, notification):
        return Outcome(False, "bad_signature")
    if not ORDER_ID_PATTERN.fullmatch(notification.pay_id):
        return Outcome(False, "unknown_order")
    payment = session.scalars(select(Payment).where(Payment.order_id == notification.pay_id)).first()
    if payment is None or payment.status == "bonus":
        return Outcome(False, "unknown_order")
    fields = notification.fields
    if "TotalAmount" in fields and fields["TotalAmount"] != str(payment.amount_minor):
        return Outcome(False, "amount_mismatch")
    if "Currency" in fields and fields["Currency"] != payment.currency:
        return Outcome(False, "currency_mismatch")
    new_status = gateway.TRANS_STATUSES.get(notification.status)
    if new_status is None:
        return Outcome(False, "unknown_status")
    if not _move(payment, new_status, notification.status):
        # Already moved, by an earlier notification or by one handled at the same moment.
        code = "replayed" if payment.status == new_status else f"ignored_{payment.status}"
        return Outcome(True, code)
    _follow(payment, new_status)
    return Outcome(True, "applied")


def _move(payment: Payment, new_status: str, trans_status: str) -> bool:
    """Move the order to `new_status` if, in the database now, it may move there; `payment` is read again after."""
    sources = UNDECIDED if new_status in DECISIONS else ("paid",)
    moved = session.execute(
        update(Payment).where(Payment.id == payment.id, Payment.status.in_(sources))
        .values(status=new_status, gateway_status=trans_status, decided_at=utcnow())
        .execution_options(synchronize_session=False)).rowcount
    session.refresh(payment)
    return moved == 1


def _follow(payment: Payment, new_status: str) -> None:
    """What the plan does once the order has moved: a paid one gets its invoice number and the subscription it buys
    (one per payment: a unique index), a reversed one's subscription is cancelled."""
    if new_status == "paid":
        payment.paid_at = payment.decided_at
        payment.invoice_number = invoices.next_number(payment.decided_at.year)
        plans.start_subscription(payment.user_id, payment.plan, payment.decided_at, payment.period_months,
                                 payment.id)
    elif new_status in ("reimbursed", "chargeback"):
        for subscription in session.scalars(select(Subscription).where(Subscription.payment_id == payment.id)):
            subscription.status = "canceled"
