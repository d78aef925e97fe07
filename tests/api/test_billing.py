"""The billing calls (spec 001 §7 "Billing"): current plan, history, a purchase and its signed form; refusals with
their messages, bad input, and another user's token."""
from decimal import Decimal

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Payment
from tests.api.billing_support import SECURE, billing_app, buy, sha1  # noqa: F401  (billing_app: a fixture)
from tests.api.pages_support import give_plan


@pytest.fixture
def buyer(billing_app, signed_in):
    return signed_in()


def test_a_new_user_holds_the_free_trial_for_fifteen_days(client, buyer):
    user, headers, network_user = buyer
    answer = client.get(f"{SECURE}/billing/{network_user['id']}", headers=headers)
    assert answer.status_code == 200
    plan = answer.get_json()["data"]
    assert (plan["name"], plan["type"], plan["label"], plan["delai"], plan["daysLeft"], plan["expired"]) == (
        "Free Trial", "Free Trial", "Free Offer", 15, 14, False)
    assert (plan["socialPages"], plan["activeAgent"], plan["monthlyReplies"], plan["teamMember"]) == (0, 1, 100, 1)
    assert plan["usage"] == {"socialPages": 0, "teamMember": 1, "activeAgent": 0, "monthlyReplies": 0}
    assert plan["expyriedate"].startswith(str(user.subscriptions[0].expires_at.date()))


def test_billing_calls_need_a_session(client, billing_app):
    for path in ("/billing/1", "/paymentHistory/1"):
        assert client.get(SECURE + path).status_code == 401
    assert client.post(f"{SECURE}/addNewTransaction/1", json={}).status_code == 401
    assert client.post("/payment-success").status_code == 401


def test_another_users_token_answers_403(client, buyer, signed_in):
    _, headers, _ = buyer
    _, _, other = signed_in(first_name="Other")
    for answer in (client.get(f"{SECURE}/billing/{other['id']}", headers=headers),
                   client.get(f"{SECURE}/paymentHistory/{other['id']}", headers=headers),
                   buy(client, headers, other["id"])):
        assert answer.status_code == 403 and answer.get_json()["message"] == "This account is not yours"
    assert session.scalars(select(Payment)).all() == []


def test_a_purchase_is_recorded_pending_with_a_server_signed_form(client, buyer, billing_app):
    user, headers, network_user = buyer
    answer = buy(client, headers, network_user["id"], name="Agencies", delai=6)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()["data"]
    config = billing_app.config
    form = data["form"]
    order_id = data["idPack"]
    assert order_id != "ignored-by-the-server" and len(order_id) == 20
    # 149 TND x 6 months less 5 % = 849.30 TND = 849300 millimes.
    assert (data["payment"], data["currency"], data["status"], data["description"], data["period"]) == (
        849.3, "TND", "pending", "Agencies", 6)
    assert data["checkoutUrl"] == config["GATEWAY_URL"] and data["method"] == "POST"
    assert form["NumSite"] == config["GATEWAY_SITE"] and form["orderID"] == order_id
    assert (form["Amount"], form["Currency"], form["Terminal"], form["PayementType"]) == ("849300", "TND", "001", "1")
    assert form["Password"] == __import__("hashlib").md5(config["GATEWAY_PASSWORD"].encode()).hexdigest()
    assert form["signature"] == sha1(config["GATEWAY_SITE"] + config["GATEWAY_PASSWORD"] + order_id + "849300" + "TND")
    assert (form["CustFirstName"], form["CustLastName"], form["EMAIL"]) == ("Amira", "Ben Salah", "amira@example.com")
    assert form["Language"] == form["Langue"] == "fr" and form["AmountSecond"] == "" and form["orderProducts"] == "Agencies"
    assert config["GATEWAY_PASSWORD"] not in str(answer.get_json())
    payment = session.scalars(select(Payment)).one()
    assert (payment.user_id, payment.status, payment.amount_minor, payment.rate_to_tnd) == (user.id, "pending", 849300, 1)


def test_a_euro_purchase_is_in_cents_and_records_its_rate_to_tnd(client, buyer):
    _, headers, network_user = buyer
    data = buy(client, headers, network_user["id"], name="SME/Artisans", delai=12, currency="EUR",
               language="en").get_json()["data"]
    # 15 EUR x 12 months less 10 % = 162.00 EUR; at 3.4 TND per EUR, 550.800 TND.
    form = data["form"]
    assert (form["Amount"], form["Currency"], form["Terminal"], form["Language"]) == ("16200", "EUR", "003", "en")
    assert (form["AmountSecond"], form["TauxConversion"]) == ("550.800", "3.400000")
    assert (data["amountTnd"], data["rateToTnd"]) == (550.8, 3.4)
    payment = session.scalars(select(Payment)).one()
    assert (payment.amount, payment.rate_to_tnd, payment.amount_tnd) == (Decimal("162.00"), Decimal("3.4"),
                                                                         Decimal("550.800"))


def test_a_usd_purchase_uses_the_usd_price_and_terminal(client, buyer):
    _, headers, network_user = buyer
    form = buy(client, headers, network_user["id"], name="Premium", delai=1, currency="USD").get_json()["data"]["form"]
    assert (form["Amount"], form["Currency"], form["Terminal"], form["TauxConversion"]) == ("12900", "USD", "004",
                                                                                          "3.125000")


def test_the_free_offer_and_the_current_plan_cannot_be_bought(client, buyer):
    user, headers, network_user = buyer
    answer = buy(client, headers, network_user["id"], name="Free Trial")
    assert answer.status_code == 422
    assert answer.get_json()["message"] == "The Free Offer cannot be bought, please choose another plan"
    give_plan(user, "Agencies")
    answer = buy(client, headers, network_user["id"], name="agencies")
    assert answer.status_code == 422
    assert answer.get_json()["message"] == "This is already your current plan, please choose another one"
    answer = buy(client, headers, network_user["id"], name="Gold")
    assert answer.status_code == 422 and answer.get_json()["message"] == "Please choose a plan"
    assert session.scalars(select(Payment)).all() == []


@pytest.mark.parametrize("change", [
    {"delai": 3}, {"delai": "twelve"}, {"user_name": "  "}, {"last_name": ""}, {"adresse": None},
    {"email": "not-an-address"}, {"currency": "GBP"}, {"language": "de"}, {"name": ""}, {"user_name": "x" * 121},
    {"user_name": "Amira\x00"}, {"adresse": "Tunis \ud800"}, {"name": "Agencies\x00"},
])
def test_bad_purchase_input_is_refused_with_a_message_and_records_nothing(client, buyer, change):
    _, headers, network_user = buyer
    answer = buy(client, headers, network_user["id"], **change)
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["message"] == "Invalid request" and set(body["errors"]["json"]) == set(change)
    assert session.scalars(select(Payment)).all() == []


def test_missing_fields_are_each_named(client, buyer):
    _, headers, network_user = buyer
    answer = client.post(f"{SECURE}/addNewTransaction/{network_user['id']}", json={}, headers=headers)
    assert answer.status_code == 422
    assert set(answer.get_json()["errors"]["json"]) == {"name", "delai", "user_name", "last_name", "email", "adresse"}


def test_the_history_lists_the_users_payments_newest_first(client, buyer, signed_in):
    _, headers, network_user = buyer
    first = buy(client, headers, network_user["id"], name="SME/Artisans", delai=1).get_json()["data"]["idPack"]
    second = buy(client, headers, network_user["id"], name="Premium", delai=12).get_json()["data"]["idPack"]
    other_user, other_headers, other = signed_in(first_name="Other")
    buy(client, other_headers, other["id"], name="Premium")
    answer = client.get(f"{SECURE}/paymentHistory/{network_user['id']}", headers=headers)
    assert answer.status_code == 200
    rows = answer.get_json()["data"]
    assert [row["idPack"] for row in rows] == [second, first]
    assert {key: rows[0][key] for key in ("payment", "status", "payed_by", "description", "period", "factureNumber",
                                          "email")} == {
        "payment": 4309.2, "status": "pending", "payed_by": "Amira Ben Salah", "description": "Premium",
        "period": 12, "factureNumber": None, "email": "amira@example.com"}


def test_the_rate_comes_from_redis_when_the_source_is_down(client, buyer, sandbox):
    _, headers, network_user = buyer
    assert buy(client, headers, network_user["id"], currency="EUR", name="Premium", delai=1).status_code == 200
    sandbox.admin.call("POST", "/rates", {"rates": {"EUR": 0.25}, "failing": True})
    client.application.config["CURRENCY_RATES_TTL"] = "0"  # every purchase asks the source again
    data = buy(client, headers, network_user["id"], currency="EUR", name="Agencies", delai=1).get_json()["data"]
    assert data["rateToTnd"] == 3.4  # the last reading kept, not the source's new (unreachable) rate


def test_no_rate_at_all_refuses_a_foreign_purchase_but_not_tnd(client, buyer, sandbox):
    _, headers, network_user = buyer
    sandbox.admin.call("POST", "/rates", {"failing": True})
    answer = buy(client, headers, network_user["id"], currency="USD")
    assert answer.status_code == 503 and "currency conversion" in answer.get_json()["message"]
    assert buy(client, headers, network_user["id"], currency="TND").status_code == 200
    assert [payment.currency for payment in session.scalars(select(Payment))] == ["TND"]
