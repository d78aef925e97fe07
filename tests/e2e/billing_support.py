"""Set-up of the billing and ownership browser tests, through the sandbox's admin API and the product's API: network
users and pages of their own (so that no other test's pages or plans get in the way), the merchant registered with
the sandbox's card checkout (its notification URL is the product's), a purchase paid or refused on the sandbox's
checkout without a browser, and browser tabs in a given time zone (the currency follows the region)."""
from __future__ import annotations

import re
import secrets

import pytest
import requests
from playwright.sync_api import Page

from tests.e2e.browser import new_context
from tests.e2e.screens_support import api, api_login

# The product's development defaults (app/config.py): the e2e product runs with them.
MERCHANT_SITE, MERCHANT_PASSWORD = "MER10001", "sandbox-gateway-password"
PARIS, TUNIS = "Europe/Paris", "Africa/Tunis"


def admin(product, path: str, payload: dict) -> dict:
    answer = requests.post(product.sandbox_url + "/__admin" + path, json=payload, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()


def network_user(product, first_name: str, last_name: str) -> dict:
    """A new user of the sandbox's network, with a unique last name so that reruns never clash; signed in to the
    product once by API (the product's account exists from then on): {id, token, name, jwt, user}."""
    last = f"{last_name} {secrets.token_hex(2)}"
    created = admin(product, "/users", {"first_name": first_name, "last_name": last,
                                        "email": f"{first_name.lower()}.{secrets.token_hex(3)}@example.com"})
    session = api_login(product, created["access_token"])
    return {"id": created["id"], "token": created["access_token"], "name": f"{first_name} {last}",
            "jwt": session["token"], "user": session["user"]}


def network_page(product, name: str, *admins: dict) -> str:
    """A new page administered by `admins` on the network; its id."""
    return admin(product, "/pages", {"name": name, "owner_ids": [user["id"] for user in admins],
                                     "fan_count": 1200})["id"]


@pytest.fixture(scope="module")
def merchant(product) -> None:
    """The product registered with the sandbox's checkout, as a merchant registers once with the real gateway: the
    notification goes to the product's URL, the browser comes back to /payment-success/Id/.../sId/... or to
    /payment-failed."""
    answer = requests.post(product.sandbox_url + "/__admin/gateway", timeout=10, json={
        "notify_url": product.web_url + "/api/v1/payment/notification",
        "success_url": product.web_url + "/payment-success", "fail_url": product.web_url + "/payment-failed",
        "site": MERCHANT_SITE, "password": MERCHANT_PASSWORD, "shape": "newer"})
    assert answer.status_code == 201, answer.text


def buy_without_browser(product, buyer: dict, plan: str, months: int, currency: str, choice: str) -> dict:
    """What the payment modal and the checkout page do, by HTTP: the order recorded, its signed form posted to the
    checkout, `choice` (pay or refuse) clicked there; the order's history row afterwards."""
    first, last = buyer["name"].split(" ", 1)
    order = api(product, buyer["jwt"], "POST", f"/profile/addNewTransaction/{buyer['id']}", json={
        "name": plan, "delai": months, "currency": currency, "language": "en", "user_name": first, "last_name": last,
        "email": buyer["user"]["email"], "adresse": "12 avenue Habib Bourguiba, Tunis"})["data"]
    checkout = requests.post(order["checkoutUrl"], data=order["form"], timeout=10)
    assert checkout.ok, checkout.text
    checkout_id = re.search(r'name="checkout_id" value="([^"]+)"', checkout.text).group(1)
    requests.post(product.sandbox_url + "/gateway/decide", data={"checkout_id": checkout_id, "choice": choice},
                  allow_redirects=False, timeout=20)
    history = api(product, buyer["jwt"], "GET", f"/profile/paymentHistory/{buyer['id']}")["data"]
    return next(row for row in history if row["idPack"] == order["idPack"])


def tab(browser, width: int, height: int, timezone: str = PARIS) -> Page:
    """A fresh browser tab of this size in this time zone, downloads allowed; close its context when done."""
    context = new_context(browser, viewport={"width": width, "height": height}, timezone_id=timezone,
                          accept_downloads=True)
    return context.new_page()
