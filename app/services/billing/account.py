"""Billing as the user sees it (spec 001 §2 "Billing", §3, §7, §9): the pricing catalogue, the current plan, the
payment history, and a purchase recorded before the checkout.

A purchase is a `pending` payment with a random order id; the price, the amount in minor units, the rate to TND
and the signed form are computed here, from the plan's own prices (what the browser sends as the price is never
used). Only the gateway's verified notification moves it on (app/services/billing/settlement.py).
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
from app.services import locale_texts
from app.services.billing import currency, gateway, limits, plans

ORDER_ID_BYTES = 10  # 20 hex characters: unguessable, and short enough for the gateway's field
# Our order ids and the operators' grants ("bonus-<hex>"): anything else names no order, and is not looked up.
ORDER_ID_PATTERN = re.compile(r"[A-Za-z0-9-]{1,64}")
# The plan's limits: their columns, and their texts in the frontend's locales (billing.json, pricing.*), which the
# pricing answer's display variants are read from (app/services/locale_texts.py).
LIMITS = (("number_pages", "pricing.pages"), ("number_agents", "pricing.agents"),
          ("number_auto_replies", "pricing.replies"), ("number_users", "pricing.users"))

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
    return {"data": [PlanOffer(plan) for plan in plans.all_plans()],
            "currencies": currency.catalogue(settings),
            "currency": currency.for_country(country),
            "periods": [{"months": months, "discount": discount}
                        for months, discount in plans.PERIOD_DISCOUNTS.items()]}


@dataclass(frozen=True)
class PlanOffer:
    """One plan of the pricing catalogue (its spellings on the wire: app/api/billing_schemas.PlanOfferSchema)."""

    plan: Plan

    @property
    def features(self) -> dict:
        return self.plan.features or {}

    @property
    def is_trial(self) -> bool:
        return self.plan.type == plans.FREE_TRIAL

    def label(self, language: str) -> str:
        """The Free Trial is shown as the Free Offer; other plans by their name."""
        return locale_texts.text(language, "billing", "pricing.freeOffer") if self.is_trial else self.plan.name

    def limit_text(self, column: str, language: str) -> str:
        key = dict(LIMITS)[column]
        return locale_texts.counted(language, "billing", key, getattr(self.plan, column))

    def totals(self) -> dict:
        return {code: {str(months): float(plans.price(self.plan, code, months)) for months in plans.PERIOD_DISCOUNTS}
                for code in currency.CURRENCIES}


@dataclass(frozen=True)
class Standing:
    """Spec 001 §3 "Current billing plan": the plan in force, its dates (the expiry notices' data) and what the user
    uses of each limit now (spellings on the wire: app/api/billing_schemas.CurrentPlanSchema)."""

    current: plans.CurrentPlan
    usage: dict

    @property
    def plan(self) -> Plan:
        return self.current.plan

    @property
    def label(self) -> str:
        return PlanOffer(self.plan).label("en")

    @property
    def validity_days(self) -> int:
        return (self.current.expires_at - self.current.started_at).days

    @property
    def days_left(self) -> int:
        """Whole days left; negative once expired (-1 on the day after the expiry)."""
        now, expires_at = utcnow(), self.current.expires_at
        return (expires_at - now).days if not self.current.expired else -((now - expires_at).days + 1)


def standing(user: User) -> Standing | None:
    """The user's latest plan not cancelled, expired or not, with their usage; None without any."""
    current = plans.current_plan(user)
    return None if current is None else Standing(current, limits.usage(user))


def history(user: User) -> list[Payment]:
    """Every payment of the user, newest first (spec 001 §3 "Payment history row")."""
    return list(session.scalars(select(Payment).where(Payment.user_id == user.id)
                                .order_by(Payment.created_at.desc(), Payment.id.desc())))


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


def start_purchase(settings: dict, user: User, purchase: Purchase) -> Checkout:
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
    return Checkout(payment, settings["GATEWAY_URL"], gateway.checkout_form(settings, _order(payment)))


@dataclass(frozen=True)
class Checkout:
    """A pending order as its history row shows it, with where the browser posts the signed form."""

    payment: Payment
    url: str
    form: dict

    def __getattr__(self, name: str):
        return getattr(self.payment, name)  # the row's fields are the payment's


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
