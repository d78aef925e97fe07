"""Billing as the user sees it (spec 001 §2 "Billing", §3, §7, §9): the pricing catalogue, the current plan, the
payment history, and a purchase recorded before the checkout.

A purchase is a `pending` payment with a random order id; the price, the amount in minor units, the rate to TND
and the signed form are computed here, from the plan's own prices (what the browser sends as the price is never
used). Only the gateway's verified notification moves it on (app/services/settlement.py).
"""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from app.database import session
from app.errors import DomainError, Forbidden, NotFound
from app.models import Payment, Plan, User, utcnow
from app.services import currency, gateway, limits, plans

ORDER_ID_BYTES = 10  # 20 hex characters: unguessable, and short enough for the gateway's field
# Our order ids and the operators' grants ("bonus-<hex>"): anything else names no order, and is not looked up.
ORDER_ID_PATTERN = re.compile(r"[A-Za-z0-9-]{1,64}")
FREE_OFFER = {"en": "Free Offer", "fr": "Offre gratuite"}
LIMIT_TEXTS = {
    "number_pages": ("{n} social pages", "{n} pages sociales"),
    "number_agent": ("{n} active agents", "{n} agents actifs"),
    "number_autoReply": ("{n} automatic replies a month", "{n} réponses automatiques par mois"),
    "number_user": ("{n} team members", "{n} membres d'équipe"),
}
LIMIT_COLUMNS = {"number_pages": "number_pages", "number_agent": "number_agents",
                 "number_autoReply": "number_auto_replies", "number_user": "number_users"}


class NotYourAccount(Forbidden):
    message = "This account is not yours"


class PlanNotSelectable(DomainError):
    status, code = 422, "plan_not_selectable"


# --- reading -------------------------------------------------------------------------------------------------

def require_own_account(user: User, network_id: str) -> None:
    """The path's token or id is the caller's network id (spec 000 §6 authtoken); another user's answers 403.
    It is only checked, never used to find the account: the JWT's user is the caller."""
    if network_id.strip() != user.facebook_id:
        raise NotYourAccount()


def pricing(settings: dict, country: str | None) -> dict:
    """The plans in order with their prices in the three currencies, limits and features; the currencies, the
    periods with their discounts, and the currency of the caller's country."""
    return {"data": [_plan_entry(plan) for plan in plans.all_plans()],
            "currencies": currency.catalogue(settings),
            "currency": currency.for_country(country),
            "periods": [{"months": months, "discount": discount}
                        for months, discount in plans.PERIOD_DISCOUNTS.items()]}


def _plan_entry(plan: Plan) -> dict:
    features = plan.features or {}
    trial = plan.type == plans.FREE_TRIAL
    entry = {"id": plan.id, "name": plan.name, "type": plan.type,
             "label": FREE_OFFER["en"] if trial else plan.name, "label_fr": FREE_OFFER["fr"] if trial else plan.name,
             "payement": float(plan.price_tnd), "payement_fr": float(plan.price_eur), "payment_do": float(plan.price_usd),
             "validityDays": plan.trial_days if trial else None, "selectable": not trial,
             "totals": {code: {str(months): float(plans.price(plan, code, months)) for months in plans.PERIOD_DISCOUNTS}
                        for code in currency.CURRENCIES}}
    for key, column in LIMIT_COLUMNS.items():
        count = getattr(plan, column)
        english, french = LIMIT_TEXTS[key]
        entry |= {key: count, f"{key}_en": english.format(n=f"{count:,}"),
                  f"{key}_fr": french.format(n=f"{count:,}".replace(",", " "))}
    for key in ("history", "performance", "training", "support", "company", "company_fr"):
        entry[key] = features.get(key)
    return entry


def current_plan_answer(user: User) -> dict | None:
    """Spec 001 §3 "Current billing plan": the limits, the validity and the expiry date (the expiry notices'
    data), with what the user uses of each limit now."""
    current = plans.current_plan(user)
    if current is None:
        return None
    plan, now = current.plan, utcnow()
    usage = limits.usage(user)
    return {"name": plan.name, "type": plan.type, "label": FREE_OFFER["en"] if current.is_trial else plan.name,
            "socialPages": plan.number_pages, "teamMember": plan.number_users, "activeAgent": plan.number_agents,
            "monthlyReplies": plan.number_auto_replies,
            "delai": (current.expires_at - current.started_at).days, "period": current.period_months,
            "startDate": current.started_at, "expyriedate": current.expires_at,
            "daysLeft": (current.expires_at - now).days if not current.expired else -((now - current.expires_at).days + 1),
            "expired": current.expired, "usage": usage}


def history(user: User) -> list[dict]:
    """Every payment of the user, newest first (spec 001 §3 "Payment history row")."""
    rows = session.scalars(select(Payment).where(Payment.user_id == user.id)
                           .order_by(Payment.created_at.desc(), Payment.id.desc()))
    return [history_row(payment) for payment in rows]


def history_row(payment: Payment) -> dict:
    return {"date_Create": payment.created_at, "payment": float(payment.amount), "currency": payment.currency,
            "status": payment.status, "payed_by": payment.payed_by, "description": payment.plan.name,
            "period": payment.period_months, "factureNumber": payment.invoice_number, "email": payment.email,
            "idPack": payment.order_id, "amountTnd": float(payment.amount_tnd), "rateToTnd": float(payment.rate_to_tnd),
            "paidAt": payment.paid_at}


def own_payment(user: User, order_id: str) -> Payment:
    """The caller's payment of this order id: 404 when the caller has none, whether someone else has one or not
    (an order id must not tell that an order exists)."""
    order_id = order_id.strip()
    payment = None
    if ORDER_ID_PATTERN.fullmatch(order_id):
        payment = session.scalars(select(Payment).where(Payment.order_id == order_id,
                                                        Payment.user_id == user.id)).first()
    if payment is None:
        raise NotFound("No payment with this id")
    return payment


def latest_payment(user: User) -> Payment | None:
    return session.scalars(select(Payment).where(Payment.user_id == user.id, Payment.status != "bonus")
                           .order_by(Payment.created_at.desc(), Payment.id.desc()).limit(1)).first()


# --- buying --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Purchase:
    plan_name: str
    months: int
    currency: str
    first_name: str
    last_name: str
    email: str
    address: str
    language: str


def start_purchase(settings: dict, user: User, purchase: Purchase) -> dict:
    """Record the order as pending and answer it with the signed form the browser posts to the checkout."""
    plan = selectable_plan(user, purchase.plan_name)
    amount = plans.price(plan, purchase.currency, purchase.months)
    rate = currency.rate_to_tnd(settings, purchase.currency)
    payment = Payment(user_id=user.id, plan_id=plan.id, order_id=secrets.token_hex(ORDER_ID_BYTES).upper(),
                      period_months=purchase.months, currency=purchase.currency, amount=amount,
                      amount_minor=currency.minor_amount(amount, purchase.currency),
                      amount_tnd=(amount * rate).quantize(Decimal("0.001")), rate_to_tnd=rate, status="pending",
                      first_name=purchase.first_name, last_name=purchase.last_name,
                      payed_by=f"{purchase.first_name} {purchase.last_name}", email=purchase.email,
                      adresse=purchase.address, language=purchase.language)
    session.add(payment)
    session.commit()
    return {**history_row(payment), "checkoutUrl": settings["GATEWAY_URL"], "method": "POST",
            "form": gateway.checkout_form(settings, _order(payment))}


def selectable_plan(user: User, name: str) -> Plan:
    """Spec 001 §5: a plan must be chosen; the Free Trial and the plan in force cannot be bought."""
    plan = plans.find(name)
    if plan is None:
        raise PlanNotSelectable("Please choose a plan")
    if plan.type == plans.FREE_TRIAL:
        raise PlanNotSelectable("The Free Offer cannot be bought, please choose another plan")
    current = plans.current_plan(user)
    if current is not None and not current.expired and current.plan.id == plan.id:
        raise PlanNotSelectable("This is already your current plan, please choose another one")
    return plan


def _order(payment: Payment) -> gateway.Order:
    return gateway.Order(order_id=payment.order_id, amount_minor=payment.amount_minor, currency=payment.currency,
                         amount_tnd=f"{payment.amount_tnd:.3f}", rate_to_tnd=f"{payment.rate_to_tnd:f}",
                         products=payment.plan.name,
                         language=payment.language, first_name=payment.first_name, last_name=payment.last_name,
                         email=payment.email, address=payment.adresse)
