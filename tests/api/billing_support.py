"""What the billing tests share: the sandbox's rates service and gateway merchant, a purchase body, and the
gateway's notification of an order, signed as the gateway signs it (docs/card-gateway.md)."""
from __future__ import annotations

import hashlib

import pytest

SECURE = "/api/v1/secure/profile"
NOTIFY = "/api/v1/payment/notification"
# Per TND, as the sandbox's rates service answers them: 1 EUR = 3.4 TND, 1 USD = 3.125 TND.
RATES_PER_TND = {"EUR": 1 / 3.4, "USD": 0.32}


def sha1(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


@pytest.fixture
def billing_app(app, sandbox):
    """The app with its rates read from the test sandbox (known rates, nothing kept from an earlier test)."""
    from app.services import json_cache
    from app.services.billing import currency

    app.config["CURRENCY_RATES_URL"] = f"{sandbox.url}/rates/TND"
    sandbox.admin.call("POST", "/rates", {"rates": RATES_PER_TND, "failing": False})
    json_cache.forget(app.config, currency._rates_key(app.config))
    return app


def purchase(**overrides) -> dict:
    body = {"name": "Agencies", "delai": 6, "user_name": "Amira", "last_name": "Ben Salah",
            "email": "amira@example.com", "adresse": "12 rue de Marseille, Tunis", "currency": "TND",
            "language": "fr", "payedBy": "Amira Ben Salah", "idPack": "ignored-by-the-server", "payment": 1.0,
            "number_agent": 30, "number_pages": 10, "number_autoReply": 20000, "number_user": 10}
    return {**body, **overrides}


def buy(client, headers, network_id: str, **overrides):
    return client.post(f"{SECURE}/addNewTransaction/{network_id}", json=purchase(**overrides), headers=headers)


def newer_notification(config: dict, order_id: str, status: str = "00", **overrides) -> dict:
    fields = {"TransStatus": status, "PAYID": order_id, "merchandSession": order_id,
              "Signature": sha1(status + order_id + config["GATEWAY_PASSWORD"])}
    return {**fields, **overrides}


def older_notification(config: dict, order_id: str, amount: str, currency: str, status: str = "00",
                       **overrides) -> dict:
    fields = {"TransStatus": status, "PAYID": order_id, "PayementType": "1", "AuthorisationCode": "A1B2C3",
              "TotalAmount": amount, "Currency": currency,
              "Signature": sha1(config["GATEWAY_SITE"] + config["GATEWAY_PASSWORD"] + order_id + amount + currency)}
    return {"T000000042": {**fields, **overrides}}
