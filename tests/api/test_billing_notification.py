"""The gateway's notification (docs/card-gateway.md "The notification"): only a verified one in the configured shape
moves an order, once; a replayed, altered, wrong-shape, wrong-amount or wrong-currency one changes nothing and is
kept with what was done."""
from datetime import timedelta

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Payment, PaymentNotification, Subscription, utcnow
from app.services.billing import invoices, settlement
from app.services.billing.dates import add_months
from tests.api.billing_support import (NOTIFY, SECURE, billing_app, buy, newer_notification,  # noqa: F401
                                       older_notification)
from tests.fixtures.services import at_once


@pytest.fixture
def order(client, billing_app, signed_in):
    """A signed-in buyer with a pending order of 6 months of Agencies (849.300 TND): (headers, network id, order)."""
    _, headers, network_user = signed_in()
    data = buy(client, headers, network_user["id"], name="Agencies", delai=6).get_json()["data"]
    return headers, network_user["id"], data


def plan_name(client, headers, network_id) -> str:
    return client.get(f"{SECURE}/billing/{network_id}", headers=headers).get_json()["data"]["name"]


def payment(order_id: str) -> Payment:
    session.expire_all()
    return session.scalars(select(Payment).where(Payment.order_id == order_id)).one()


def outcomes() -> list[str]:
    return [row.outcome for row in session.scalars(select(PaymentNotification).order_by(PaymentNotification.id))]


def test_a_verified_payment_activates_the_plan_with_an_invoice_number(client, order, billing_app):
    headers, network_id, data = order
    answer = client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    assert answer.status_code == 200 and answer.get_json()["code"] == "applied"
    paid = payment(data["idPack"])
    assert paid.status == "paid" and paid.gateway_status == "00"
    assert paid.invoice_number == f"{utcnow().year}-000001"
    current = client.get(f"{SECURE}/billing/{network_id}", headers=headers).get_json()["data"]
    assert (current["name"], current["period"], current["socialPages"], current["expired"]) == ("Agencies", 6, 10, False)
    subscription = session.scalars(select(Subscription).where(Subscription.payment_id == paid.id)).one()
    assert subscription.expires_at == add_months(subscription.started_at, 6)
    row = client.get(f"{SECURE}/paymentHistory/{network_id}", headers=headers).get_json()["data"][0]
    assert (row["status"], row["factureNumber"]) == ("paid", paid.invoice_number)


def test_the_keyed_shape_signed_as_the_form_is_refused_by_default(client, billing_app, signed_in):
    """Issue 38: a Free Trial user ordered Premium for 12 months in USD, then sent the form's own fields back in the
    keyed (older) shape, whose signature is the form's: that paid. The product accepts the flat shape only."""
    _, headers, network_user = signed_in()
    form = buy(client, headers, network_user["id"], name="Premium", delai=12, currency="USD").get_json()["data"]["form"]
    forged = {"T1": {"TransStatus": "00", "PAYID": form["orderID"], "TotalAmount": form["Amount"],
                     "Currency": form["Currency"], "Signature": form["signature"]}}
    answer = client.post(NOTIFY, json=forged)
    assert answer.status_code == 400 and answer.get_json() == {"message": "refused", "code": "wrong_shape"}
    assert payment(form["orderID"]).status == "pending" and payment(form["orderID"]).invoice_number is None
    assert plan_name(client, headers, network_user["id"]) == "Free Trial"
    assert outcomes() == ["wrong_shape"]


def test_set_to_the_keyed_shape_it_pays_and_the_flat_one_is_refused(client, order, billing_app):
    """Development and test only (app/config.py refuses it elsewhere): the sandbox can still speak it."""
    headers, network_id, data = order
    billing_app.config["GATEWAY_NOTIFICATION_SHAPE"] = "older"
    flat = client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    assert flat.status_code == 400 and flat.get_json()["code"] == "wrong_shape"
    answer = client.post(NOTIFY, json=older_notification(billing_app.config, data["idPack"], "849300", "TND"))
    assert answer.status_code == 200 and payment(data["idPack"]).status == "paid"
    assert plan_name(client, headers, network_id) == "Agencies"
    assert outcomes() == ["wrong_shape", "applied"]


def test_a_replayed_notification_changes_nothing_and_still_answers_200(client, order, billing_app):
    headers, network_id, data = order
    notification = newer_notification(billing_app.config, data["idPack"])
    client.post(NOTIFY, data=notification)
    first = payment(data["idPack"])
    number, paid_at = first.invoice_number, first.paid_at
    again = client.post(NOTIFY, data=notification)
    assert again.status_code == 200 and again.get_json()["code"] == "replayed"
    replayed = payment(data["idPack"])
    assert (replayed.invoice_number, replayed.paid_at) == (number, paid_at)
    assert len(session.scalars(select(Subscription).where(Subscription.payment_id == replayed.id)).all()) == 1
    assert outcomes() == ["applied", "replayed"]


@pytest.mark.parametrize("shape, tamper, code", [
    ("newer", lambda config, order_id: newer_notification(config, order_id, Signature="0" * 40), "bad_signature"),
    ("newer", lambda config, order_id: newer_notification(
        config, order_id, TransStatus="00", Signature=newer_notification(config, order_id, "05")["Signature"]),
     "bad_signature"),
    ("newer", lambda config, order_id: newer_notification(config, "NOT-OURS"), "unknown_order"),
    ("older", lambda config, order_id: older_notification(config, order_id, "849", "TND"), "amount_mismatch"),
    ("older", lambda config, order_id: older_notification(config, order_id, "849300", "EUR"), "currency_mismatch"),
    ("older", lambda config, order_id: older_notification(config, order_id, "849300", "TND", TotalAmount="1000"),
     "bad_signature"),
    ("newer", lambda config, order_id: {"PAYID": order_id}, "unreadable"),
    ("newer", lambda config, order_id: newer_notification(config, order_id + "\x00"), "unreadable"),
    ("newer", lambda config, order_id: newer_notification(config, order_id + "'; --"), "unknown_order"),
    ("newer", lambda config, order_id: newer_notification(config, order_id, "99"), "unknown_status"),
])
def test_an_altered_or_wrong_notification_is_refused_and_changes_nothing(client, order, billing_app, shape, tamper,
                                                                          code):
    headers, network_id, data = order
    billing_app.config["GATEWAY_NOTIFICATION_SHAPE"] = shape
    body = tamper(billing_app.config, data["idPack"])
    nested = isinstance(next(iter(body.values())), dict)
    answer = client.post(NOTIFY, json=body) if nested else client.post(NOTIFY, data=body)
    assert answer.status_code == 400 and answer.get_json()["code"] == code
    assert payment(data["idPack"]).status == "pending" and payment(data["idPack"]).invoice_number is None
    assert plan_name(client, headers, network_id) == "Free Trial"
    assert outcomes() == [code]


@pytest.mark.parametrize("status, final", [("05", "refused"), ("06", "canceled")])
def test_a_refused_or_cancelled_payment_leaves_the_plan_unchanged(client, order, billing_app, status, final):
    headers, network_id, data = order
    assert client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"], status)).status_code == 200
    assert payment(data["idPack"]).status == final and payment(data["idPack"]).invoice_number is None
    assert plan_name(client, headers, network_id) == "Free Trial"
    # A later "paid" for a decided order is not applied.
    late = client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"], "00"))
    assert late.status_code == 200 and late.get_json()["code"] == f"ignored_{final}"
    assert payment(data["idPack"]).status == final and plan_name(client, headers, network_id) == "Free Trial"


@pytest.mark.parametrize("status, final", [("07", "reimbursed"), ("08", "chargeback")])
def test_a_refund_or_chargeback_takes_the_plan_back(client, order, billing_app, status, final):
    headers, network_id, data = order
    client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    assert plan_name(client, headers, network_id) == "Agencies"
    assert client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"], status)).status_code == 200
    assert payment(data["idPack"]).status == final
    assert plan_name(client, headers, network_id) == "Free Trial"


def test_a_refund_of_an_unpaid_order_changes_nothing(client, order, billing_app):
    _, _, data = order
    answer = client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"], "07"))
    assert answer.get_json()["code"] == "ignored_pending" and payment(data["idPack"]).status == "pending"


def test_an_order_abandoned_then_paid_is_still_paid(client, order, billing_app):
    headers, network_id, data = order
    payment(data["idPack"]).status = "expired"
    session.commit()
    client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    assert payment(data["idPack"]).status == "paid" and plan_name(client, headers, network_id) == "Agencies"


def test_the_same_notification_racing_itself_is_applied_once(client, order, billing_app):
    _, _, data = order
    form = newer_notification(billing_app.config, data["idPack"])
    results = at_once(lambda: settlement.settle(billing_app.config, form, None).outcome)
    assert sorted(results) == ["applied", "replayed"]
    paid = payment(data["idPack"])
    assert len(session.scalars(select(Subscription).where(Subscription.payment_id == paid.id)).all()) == 1


def test_invoice_numbers_taken_at_once_are_consecutive_and_distinct(app):
    numbers = at_once(lambda: invoices.next_number(2031), workers=4)
    assert sorted(numbers) == ["2031-000001", "2031-000002", "2031-000003", "2031-000004"]
    assert invoices.next_number(2032) == "2032-000001"


def test_the_payment_success_call_answers_the_latest_order_and_marks_nothing(client, order, billing_app):
    headers, _, data = order
    answer = client.post("/payment-success", headers=headers)
    assert answer.status_code == 200
    body = answer.get_json()["data"]
    assert (body["payment"]["idPack"], body["payment"]["status"], body["plan"]["name"]) == (
        data["idPack"], "pending", "Free Trial")
    client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    body = client.post("/payment-success", headers=headers).get_json()["data"]
    assert (body["payment"]["status"], body["plan"]["name"]) == ("paid", "Agencies")


def test_buying_another_plan_after_paying_replaces_it(client, order, billing_app):
    headers, network_id, data = order
    client.post(NOTIFY, data=newer_notification(billing_app.config, data["idPack"]))
    second = buy(client, headers, network_id, name="Premium", delai=1).get_json()["data"]
    client.post(NOTIFY, data=newer_notification(billing_app.config, second["idPack"]))
    current = client.get(f"{SECURE}/billing/{network_id}", headers=headers).get_json()["data"]
    assert (current["name"], current["period"]) == ("Premium", 1)
    assert payment(second["idPack"]).invoice_number == f"{utcnow().year}-000002"
    assert payment(second["idPack"]).paid_at - payment(data["idPack"]).paid_at < timedelta(minutes=1)
