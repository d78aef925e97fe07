"""What the product says to the card gateway and reads from it (docs/card-gateway.md): the signed checkout form,
and the server-to-server notification in its two shapes with their signatures (app/services/billing/settlement.py
accepts the configured one only).

Only this module knows the formulas. The merchant password (`GATEWAY_PASSWORD`) never leaves the server: the
form carries its MD5 (as the gateway wants) and a SHA-1 signature that holds it.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass

from app.services.billing import currency

DIRECT_PAYMENT = "1"
# Spec 001 §7: the original sent a fixed placeholder phone number; the gateway wants the field present.
CUSTOMER_PHONE_PLACEHOLDER = "00000000"
LANGUAGES = ("fr", "en", "ar")
# TransStatus -> the payment status it leads to (only 00 pays).
TRANS_STATUSES = {"00": "paid", "05": "refused", "06": "canceled", "07": "reimbursed", "08": "chargeback"}


def sha1(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


def form_signature(site: str, password: str, order_id: str, amount: str, currency_code: str) -> str:
    """sha1(NumSite + clear password + orderID + Amount + Currency), lowercase hex."""
    return sha1(site + password + order_id + amount + currency_code)


def older_notification_signature(site: str, password: str, pay_id: str, total: str, currency_code: str) -> str:
    # The form's own signature over the same values: every buyer holds it, so it proves nothing by itself
    # (app/config.py allows this shape in development and test only).
    return form_signature(site, password, pay_id, total, currency_code)


def newer_notification_signature(status: str, pay_id: str, password: str) -> str:
    return sha1(status + pay_id + password)


@dataclass(frozen=True)
class Order:
    """What the form is built from (a payment row, read by app/services/billing/account.py)."""
    order_id: str
    amount_minor: int
    currency: str
    amount_tnd: str  # shown as the second amount when the currency is not TND
    rate_to_tnd: str
    products: str
    language: str
    first_name: str
    last_name: str
    email: str
    address: str


def checkout_form(settings: dict, order: Order) -> dict[str, str]:
    """Every hidden field of the auto-submitted form, in the gateway's spelling."""
    site, password, amount = settings["GATEWAY_SITE"], settings["GATEWAY_PASSWORD"], str(order.amount_minor)
    foreign = order.currency != currency.BASE
    return {
        "NumSite": site,
        "Password": md5(password),
        "orderID": order.order_id,
        "Amount": amount,
        "Currency": order.currency,
        "Language": order.language,
        "Langue": order.language,  # the specification's spelling; the gateway's sample reads Language
        "PayementType": DIRECT_PAYMENT,
        "orderProducts": order.products,
        "AmountSecond": order.amount_tnd if foreign else "",
        "TauxConversion": order.rate_to_tnd if foreign else "",
        "vad": settings["GATEWAY_VAD"],
        "Terminal": currency.terminals(settings).get(order.currency, ""),
        "EMAIL": order.email,
        "CustLastName": order.last_name,
        "CustFirstName": order.first_name,
        "CustAddress": order.address,
        "CustTel": CUSTOMER_PHONE_PLACEHOLDER,
        "MerchandSession": order.order_id,
        "signature": form_signature(site, password, order.order_id, amount, order.currency),
    }


@dataclass(frozen=True)
class Notification:
    shape: str  # "older" (nested under the gateway's transaction id) or "newer" (flat fields)
    fields: dict[str, str]

    @property
    def pay_id(self) -> str:
        return self.fields.get("PAYID", "")

    @property
    def status(self) -> str:
        return self.fields.get("TransStatus", "")


def read_notification(form: dict, body: object) -> Notification | None:
    """The notification in whichever shape it came: flat form fields or JSON (newer), or one key holding the
    fields as JSON or as a JSON string (older). None when it is neither."""
    data = body if isinstance(body, dict) and body else form
    if not isinstance(data, dict) or not data:
        return None
    if "TransStatus" in data:
        return _notification("newer", data)
    if len(data) == 1:
        inner = next(iter(data.values()))
        if isinstance(inner, str):
            try:
                inner = json.loads(inner)
            except ValueError:
                return None
        if isinstance(inner, dict) and "TransStatus" in inner:
            return _notification("older", inner)
    return None


def _notification(shape: str, data: dict) -> Notification | None:
    """Its fields as strings; None when any holds a control character (the gateway sends none; such a body is
    not kept as it came, since the database refuses NUL)."""
    fields = {str(key): value if isinstance(value, str) else json.dumps(value) for key, value in data.items()}
    if not all((key + value).isprintable() for key, value in fields.items()):
        return None
    return Notification(shape, fields)


def signature_is_valid(settings: dict, notification: Notification) -> bool:
    """The signature of the notification's shape, compared in constant time (hex, any case)."""
    fields, password = notification.fields, settings["GATEWAY_PASSWORD"]
    if notification.shape == "older":
        expected = older_notification_signature(settings["GATEWAY_SITE"], password, notification.pay_id,
                                                fields.get("TotalAmount", ""), fields.get("Currency", ""))
    else:
        expected = newer_notification_signature(notification.status, notification.pay_id, password)
    return hmac.compare_digest(fields.get("Signature", "").lower().encode(), expected.encode())
