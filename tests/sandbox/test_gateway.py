"""The card gateway checkout: signed form verified, pay / refuse, signed notification in both shapes."""
import hashlib
import json
import re
from urllib.parse import parse_qs

import pytest
import requests

from tests.sandbox.receiver import Receiver

SITE, PASSWORD = "MAR1234", "s3cret-pass"


def sha1(text):
    return hashlib.sha1(text.encode()).hexdigest()


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def register(sandbox, receiver, shape):
    sandbox.admin.gateway(notify_url=receiver.url, success_url="http://127.0.0.1:5000/payment/success",
                          fail_url="http://127.0.0.1:5000/payment/failure", site=SITE, password=PASSWORD, shape=shape)


def checkout_form(order_id="ORD-42", amount="45000", currency="TND", **overrides):
    form = {"NumSite": SITE, "Password": hashlib.md5(PASSWORD.encode()).hexdigest(), "orderID": order_id,
            "Amount": amount, "Currency": currency, "Language": "fr", "PayementType": "1",
            "orderProducts": "Plan Pro", "EMAIL": "amira@example.com", "CustFirstName": "Amira",
            "CustLastName": "Ben Salah", "signature": sha1(SITE + PASSWORD + order_id + amount + currency)}
    return {**form, **overrides}


def pay(sandbox, choice, form=None):
    page = requests.post(f"{sandbox.url}/gateway/Validation_paiement.php", data=form or checkout_form(), timeout=10)
    assert page.status_code == 200 and "45.000 TND" in page.text
    checkout_id = re.search(r'name="checkout_id" value="([^"]+)"', page.text).group(1)
    return requests.post(f"{sandbox.url}/gateway/decide", data={"checkout_id": checkout_id, "choice": choice},
                         allow_redirects=False, timeout=10)


def test_paying_notifies_in_the_newer_shape_and_returns_to_success(sandbox, receiver):
    register(sandbox, receiver, "newer")
    answer = pay(sandbox, "pay")
    assert answer.status_code == 303
    assert re.fullmatch(r"http://127\.0\.0\.1:5000/payment/success/Id/ORD-42/sId/T[0-9]{9}", answer.headers["Location"])
    fields = {key: values[0] for key, values in parse_qs(receiver.wait_for(1)[0]["raw"].decode()).items()}
    assert fields["TransStatus"] == "00" and fields["PAYID"] == "ORD-42"
    assert fields["Signature"] == sha1("00" + "ORD-42" + PASSWORD)


def test_refusing_notifies_in_the_older_shape_and_returns_to_failure(sandbox, receiver):
    register(sandbox, receiver, "older")
    answer = pay(sandbox, "refuse")
    assert answer.headers["Location"].endswith("/payment/failure")
    (transaction, fields), = json.loads(receiver.wait_for(1)[0]["raw"]).items()
    assert fields["TransStatus"] == "05" and (fields["TotalAmount"], fields["Currency"]) == ("45000", "TND")
    assert fields["Signature"] == sha1(SITE + PASSWORD + "ORD-42" + "45000" + "TND")


def test_unless_told_a_shape_it_sends_the_one_the_product_is_set_to(sandbox, receiver, monkeypatch):
    """`python -m sandbox` reads the product's GATEWAY_NOTIFICATION_SHAPE (the product refuses the other shape)."""
    monkeypatch.setenv("GATEWAY_NOTIFICATION_SHAPE", "older")
    settings = sandbox.admin.gateway(notify_url=receiver.url, success_url="http://127.0.0.1:5000/payment/success",
                                     fail_url="http://127.0.0.1:5000/payment/failure", site=SITE, password=PASSWORD)
    assert settings["shape"] == "older"
    pay(sandbox, "pay")
    (transaction, fields), = json.loads(receiver.wait_for(1)[0]["raw"]).items()
    assert fields["TransStatus"] == "00" and fields["Signature"] == sha1(SITE + PASSWORD + "ORD-42" + "45000" + "TND")


def test_a_form_with_a_bad_signature_or_password_is_refused(sandbox, receiver):
    register(sandbox, receiver, "newer")
    for form in (checkout_form(signature="0" * 40), checkout_form(Password="plain"), checkout_form(Amount="12.5")):
        response = requests.post(f"{sandbox.url}/gateway/Validation_paiement.php", data=form, timeout=10)
        assert response.status_code == 400 and "Payer" not in response.text
    assert receiver.posts == []


def test_a_checkout_is_decided_only_once(sandbox, receiver):
    register(sandbox, receiver, "newer")
    page = requests.post(f"{sandbox.url}/gateway/Validation_paiement.php", data=checkout_form(), timeout=10)
    checkout_id = re.search(r'name="checkout_id" value="([^"]+)"', page.text).group(1)
    decisions = [requests.post(f"{sandbox.url}/gateway/decide", data={"checkout_id": checkout_id, "choice": "pay"},
                               allow_redirects=False, timeout=10).status_code for _ in range(2)]
    assert decisions == [303, 400]
    assert len(receiver.wait_for(1)) == 1


def test_cancelling_notifies_06_and_returns_to_failure(sandbox, receiver):
    register(sandbox, receiver, "newer")
    answer = pay(sandbox, "cancel")
    assert answer.status_code == 303 and answer.headers["Location"] == "http://127.0.0.1:5000/payment/failure"
    fields = {key: values[0] for key, values in parse_qs(receiver.wait_for(1)[0]["raw"].decode()).items()}
    assert fields["TransStatus"] == "06" and fields["Signature"] == sha1("06" + "ORD-42" + PASSWORD)


def test_an_unknown_choice_decides_nothing(sandbox, receiver):
    register(sandbox, receiver, "newer")
    page = requests.post(f"{sandbox.url}/gateway/Validation_paiement.php", data=checkout_form(), timeout=10)
    checkout_id = re.search(r'name="checkout_id" value="([^"]+)"', page.text).group(1)
    refused = requests.post(f"{sandbox.url}/gateway/decide", data={"checkout_id": checkout_id, "choice": "steal"},
                            allow_redirects=False, timeout=10)
    assert refused.status_code == 400 and receiver.posts == []
    # The checkout is still open: the buyer can still decide.
    assert requests.post(f"{sandbox.url}/gateway/decide", data={"checkout_id": checkout_id, "choice": "pay"},
                         allow_redirects=False, timeout=10).status_code == 303


def test_the_rates_service_answers_per_base_and_can_fail(sandbox):
    sandbox.admin.call("POST", "/rates", {"rates": {"EUR": 0.25, "USD": 0.5}, "failing": False})
    tnd = requests.get(f"{sandbox.url}/rates/TND", timeout=10).json()
    assert tnd["base_code"] == "TND" and tnd["rates"]["EUR"] == 0.25 and tnd["rates"]["TND"] == 1
    assert requests.get(f"{sandbox.url}/rates/EUR", timeout=10).json()["rates"]["TND"] == 4
    sandbox.admin.call("POST", "/rates", {"failing": True})
    assert requests.get(f"{sandbox.url}/rates/TND", timeout=10).status_code == 503
    sandbox.admin.call("POST", "/rates", {"failing": False})
    assert requests.get(f"{sandbox.url}/rates/XYZ", timeout=10).status_code == 404
