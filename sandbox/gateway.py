"""The card gateway's hosted checkout (docs/card-gateway.md): verify the signed form, show a pay / refuse / cancel
page, POST the notification (older or newer shape) to the registered URL, then send the browser back: to the
registered success URL followed by /Id/<orderID>/sId/<the gateway's transaction id> when paid (the product's
/payment-success/Id/{id1}/sId/{id2} route), to the failure URL otherwise.

Also a stand-in for the currency conversion service: GET /rates/TND answers, like open.er-api.com, how much of
each currency one TND buys; POST /__admin/rates sets them, or makes the service fail."""
import hashlib
import hmac
import os
import secrets
import threading

import requests
from flask import Blueprint, current_app, jsonify, redirect, render_template, request

from sandbox.admin import AdminInputError, body

blueprint = Blueprint("gateway", __name__)
MINOR_UNITS = {"TND": 1000, "EUR": 100, "USD": 100}
SHAPES = ("older", "newer")
REQUIRED_FIELDS = ("NumSite", "Password", "orderID", "Amount", "Currency", "signature")


CHOICES = {"pay": "00", "refuse": "05", "cancel": "06"}
DEFAULT_RATES = {"TND": 1, "EUR": 0.2941, "USD": 0.3205}
# Until POST /__admin/gateway says otherwise, the merchant is the product's development one (app/config.py), so
# `python -m sandbox` beside `python -m app` takes payments with no setup.
DEVELOPMENT_MERCHANT = {"notify_url": "http://127.0.0.1:5000/api/v1/payment/notification",
                        "success_url": "http://127.0.0.1:5000/payment-success",
                        "fail_url": "http://127.0.0.1:5000/payment-failed",
                        "site": "MER10001", "password": "sandbox-gateway-password"}


def configured_shape():
    """The notification shape the product beside it accepts: the same GATEWAY_NOTIFICATION_SHAPE setting (the
    product refuses the other shape), newer by default as in app/config.py."""
    shape = os.environ.get("GATEWAY_NOTIFICATION_SHAPE", "newer")
    if shape not in SHAPES:
        raise ValueError(f"GATEWAY_NOTIFICATION_SHAPE must be one of {SHAPES}")
    return shape


class Gateway:
    def __init__(self):
        self.settings = {**DEVELOPMENT_MERCHANT, "shape": configured_shape()}
        self.checkouts = {}
        self.notifications = []
        self.rates = dict(DEFAULT_RATES)
        self.rates_failing = False
        self.lock = threading.Lock()


def sha1(text):
    return hashlib.sha1(text.encode()).hexdigest()


def gateway():
    return current_app.config["SANDBOX_GATEWAY"]


@blueprint.post("/__admin/gateway")
def configure():
    payload = body()
    settings = {name: payload.get(name) for name in ("notify_url", "success_url", "fail_url", "site", "password")}
    for name, value in settings.items():
        if not isinstance(value, str) or not value:
            raise AdminInputError(f"{name} must be a non-empty string")
    settings["shape"] = payload.get("shape", configured_shape())
    if settings["shape"] not in SHAPES:
        raise AdminInputError(f"shape must be one of {SHAPES}")
    gateway().settings = settings
    return jsonify(settings), 201


@blueprint.get("/__admin/gateway")
def notifications():
    return jsonify({"settings": gateway().settings, "notifications": gateway().notifications})


def form_problem(form, settings):
    """Why the gateway refuses this form, or None (docs/card-gateway.md#the-form)."""
    missing = [name for name in REQUIRED_FIELDS if not form.get(name)]
    if missing:
        return f"Missing fields: {', '.join(missing)}."
    if form["NumSite"] != settings["site"]:
        return "Unknown merchant site (NumSite)."
    if not hmac.compare_digest(form["Password"].lower(), hashlib.md5(settings["password"].encode()).hexdigest()):
        return "Wrong merchant password."
    if form["Currency"] not in MINOR_UNITS or not form["Amount"].isdigit():
        return "Amount must be an integer in minor units and Currency one of TND, EUR, USD."
    expected = sha1(form["NumSite"] + settings["password"] + form["orderID"] + form["Amount"] + form["Currency"])
    if not hmac.compare_digest(form["signature"].lower(), expected):
        return "Invalid signature."
    return None


@blueprint.post("/gateway/Validation_paiement.php")
def checkout():
    settings = gateway().settings
    problem = form_problem(request.form, settings)
    if problem:
        return render_template("gateway_error.html", message=problem), 400
    checkout_id = secrets.token_hex(8)
    with gateway().lock:
        gateway().checkouts[checkout_id] = dict(request.form.items())
    form = request.form
    amount = int(form["Amount"]) / MINOR_UNITS[form["Currency"]]
    return render_template("gateway_checkout.html", checkout_id=checkout_id, form=form,
                           amount=f"{amount:.3f}" if form["Currency"] == "TND" else f"{amount:.2f}")


@blueprint.post("/gateway/decide")
def decide():
    settings, choice = gateway().settings, request.form.get("choice")
    if choice not in CHOICES:
        return render_template("gateway_error.html", message="This checkout is unknown or already decided."), 400
    with gateway().lock:
        order = gateway().checkouts.pop(request.form.get("checkout_id", ""), None)
    if order is None:
        return render_template("gateway_error.html", message="This checkout is unknown or already decided."), 400
    status, transaction_id = CHOICES[choice], f"T{secrets.randbelow(10 ** 9):09d}"
    notify(settings, order, status, transaction_id)
    if status != "00":
        return redirect(settings["fail_url"], code=303)
    return redirect(f"{settings['success_url'].rstrip('/')}/Id/{order['orderID']}/sId/{transaction_id}", code=303)


def notification(settings, order, status, transaction_id):
    """(body kwargs for requests) in the registered shape, signed as docs/card-gateway.md#the-notification says."""
    pay_id = order["orderID"]
    if settings["shape"] == "newer":
        fields = {"TransStatus": status, "PAYID": pay_id, "merchandSession": order.get("MerchandSession", ""),
                  "Signature": sha1(status + pay_id + settings["password"])}
        return {"data": fields}
    fields = {"TransStatus": status, "PAYID": pay_id, "PayementType": order.get("PayementType", "1"),
              "AuthorisationCode": secrets.token_hex(3).upper() if status == "00" else "",
              "TotalAmount": order["Amount"], "Currency": order["Currency"],
              "Signature": sha1(settings["site"] + settings["password"] + pay_id + order["Amount"] + order["Currency"])}
    return {"json": {transaction_id: fields}}


def notify(settings, order, status, transaction_id):
    """Server-to-server notification before the browser comes back, as the real gateway does."""
    try:
        response = requests.post(settings["notify_url"], timeout=10,
                                 **notification(settings, order, status, transaction_id))
        outcome = response.status_code
    except requests.RequestException as error:
        outcome = type(error).__name__
    with gateway().lock:
        gateway().notifications.append({"order_id": order["orderID"], "status": status, "answer": outcome})


@blueprint.get("/rates/<base>")
def rates(base):
    """How much of each currency one unit of `base` buys (open.er-api.com's shape)."""
    state = gateway()
    if state.rates_failing:
        return jsonify({"result": "error", "error-type": "unavailable"}), 503
    if base.upper() not in state.rates:
        return jsonify({"result": "error", "error-type": "unsupported-code"}), 404
    per_base = state.rates[base.upper()]
    return jsonify({"result": "success", "base_code": base.upper(),
                    "rates": {code: value / per_base for code, value in state.rates.items()}})


@blueprint.post("/__admin/rates")
def set_rates():
    """{"rates": {"EUR": 0.29, ...}} per TND, and/or {"failing": true} to make the service answer 503."""
    payload = body()
    new_rates = payload.get("rates", {})
    if not isinstance(new_rates, dict) or not all(
            isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 for value in new_rates.values()):
        raise AdminInputError("rates must map currency codes to positive numbers")
    failing = payload.get("failing", False)
    if not isinstance(failing, bool):
        raise AdminInputError("failing must be true or false")
    with gateway().lock:
        gateway().rates.update({code.upper(): value for code, value in new_rates.items()})
        gateway().rates_failing = failing
    return jsonify({"rates": gateway().rates, "failing": failing}), 201
