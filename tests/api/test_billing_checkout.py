"""The whole purchase over real HTTP: the product's web process (in a thread), the sandbox's checkout page as a
buyer uses it, its server-to-server notification to the product, and the browser sent back (no mocks)."""
import re
import threading

import pytest
import requests
from sqlalchemy import select
from werkzeug.serving import make_server

from app.database import session
from app.models import Payment, PaymentNotification
from tests.api.billing_support import (NOTIFY, SECURE, billing_app, newer_notification,  # noqa: F401
                                       purchase)


@pytest.fixture
def web(billing_app, sandbox):
    """The product served over HTTP, its checkout URL the sandbox's, registered there as the merchant."""
    config = billing_app.config
    config["GATEWAY_URL"] = f"{sandbox.url}/gateway/Validation_paiement.php"
    server = make_server("127.0.0.1", 0, billing_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="billing-web", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}"
    register(sandbox, url, config, "newer")
    yield url
    server.shutdown()
    thread.join(timeout=5)


def register(sandbox, url, config, shape):
    sandbox.admin.gateway(notify_url=url + NOTIFY, success_url=url + "/payment-success",
                          fail_url=url + "/payment-failed", site=config["GATEWAY_SITE"],
                          password=config["GATEWAY_PASSWORD"], shape=shape)


@pytest.fixture
def buyer(web, sandbox):
    """A sandbox person signed in to the product over HTTP: (headers, network id)."""
    person = sandbox.admin.user(first_name="Amira", last_name="Ben Salah", email="amira@example.com")
    answer = requests.post(f"{web}/api/v1/auth/login/facebook", json={"token": person["access_token"]}, timeout=10)
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}, person["id"]


def checkout(web, buyer, **overrides):
    """Order as the billing screen does, then open the checkout as the auto-submitted form does: (order, page)."""
    headers, network_id = buyer
    answer = requests.post(f"{web}{SECURE}/addNewTransaction/{network_id}", json=purchase(**overrides),
                           headers=headers, timeout=10)
    assert answer.status_code == 200, answer.text
    order = answer.json()["data"]
    page = requests.post(order["checkoutUrl"], data=order["form"], timeout=10)
    assert page.status_code == 200, page.text
    return order, page


def decide(sandbox, page, choice):
    checkout_id = re.search(r'name="checkout_id" value="([^"]+)"', page.text).group(1)
    return requests.post(f"{sandbox.url}/gateway/decide", data={"checkout_id": checkout_id, "choice": choice},
                         allow_redirects=False, timeout=10)


def current_plan(web, buyer) -> dict:
    headers, network_id = buyer
    return requests.get(f"{web}{SECURE}/billing/{network_id}", headers=headers, timeout=10).json()["data"]


def status_of(order_id: str) -> str:
    session.expire_all()
    return session.scalars(select(Payment.status).where(Payment.order_id == order_id)).one()


def test_paying_at_the_checkout_activates_the_plan(web, buyer, sandbox):
    order, page = checkout(web, buyer, name="Agencies", delai=6)
    assert order["idPack"] in page.text and "849.300 TND" in page.text and "Agencies" in page.text
    answer = decide(sandbox, page, "pay")
    assert answer.status_code == 303
    assert re.fullmatch(rf"{web}/payment-success/Id/{order['idPack']}/sId/T[0-9]{{9}}", answer.headers["Location"])
    plan = current_plan(web, buyer)
    assert (plan["name"], plan["period"], plan["expired"]) == ("Agencies", 6, False)
    assert status_of(order["idPack"]) == "paid"
    headers, _ = buyer
    result = requests.post(f"{web}/payment-success", headers=headers, timeout=10).json()["data"]
    assert (result["payment"]["idPack"], result["payment"]["status"]) == (order["idPack"], "paid")
    assert result["payment"]["factureNumber"]


def test_paying_in_euros_with_the_older_notification_shape(web, buyer, sandbox, billing_app):
    billing_app.config["GATEWAY_NOTIFICATION_SHAPE"] = "older"  # development and test only (app/config.py)
    register(sandbox, web, billing_app.config, "older")
    order, page = checkout(web, buyer, name="SME/Artisans", delai=12, currency="EUR")
    assert "162.00 EUR" in page.text and "550.800 TND" in page.text
    assert decide(sandbox, page, "pay").status_code == 303
    assert current_plan(web, buyer)["name"] == "SME/Artisans" and status_of(order["idPack"]) == "paid"


@pytest.mark.parametrize("choice, final", [("refuse", "refused"), ("cancel", "canceled")])
def test_refusing_or_cancelling_leaves_the_plan_unchanged(web, buyer, sandbox, choice, final):
    order, page = checkout(web, buyer, name="Premium", delai=1)
    answer = decide(sandbox, page, choice)
    assert answer.status_code == 303 and answer.headers["Location"] == f"{web}/payment-failed"
    assert current_plan(web, buyer)["name"] == "Free Trial"
    assert status_of(order["idPack"]) == final


def test_a_notification_replayed_over_http_changes_nothing(web, buyer, sandbox, billing_app):
    order, page = checkout(web, buyer, name="Agencies", delai=1)
    decide(sandbox, page, "pay")
    sent = requests.get(f"{sandbox.url}/__admin/gateway", timeout=10).json()["notifications"]
    assert [(item["order_id"], item["status"], item["answer"]) for item in sent][-1] == (order["idPack"], "00", 200)
    session.expire_all()
    first = session.scalars(select(Payment).where(Payment.order_id == order["idPack"])).one()
    number = first.invoice_number
    # The same notification again, as a network retry would send it.
    again = requests.post(web + NOTIFY, data=newer_notification(billing_app.config, order["idPack"]), timeout=10)
    assert again.status_code == 200 and again.json()["code"] == "replayed"
    session.expire_all()
    assert session.scalars(select(Payment.invoice_number).where(Payment.order_id == order["idPack"])).one() == number
    assert [row.outcome for row in session.scalars(select(PaymentNotification).order_by(PaymentNotification.id))] == [
        "applied", "replayed"]


def test_a_form_altered_in_the_browser_is_refused_by_the_checkout(web, buyer, sandbox):
    headers, network_id = buyer
    order = requests.post(f"{web}{SECURE}/addNewTransaction/{network_id}", json=purchase(), headers=headers,
                          timeout=10).json()["data"]
    cheaper = {**order["form"], "Amount": "1000"}
    page = requests.post(order["checkoutUrl"], data=cheaper, timeout=10)
    assert page.status_code == 400 and "Invalid signature." in page.text
    assert status_of(order["idPack"]) == "pending" and current_plan(web, buyer)["name"] == "Free Trial"
