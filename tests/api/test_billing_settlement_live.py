"""Issue 38 §1 over real HTTP (gunicorn with several workers, on the suite's database and on SQLite): a buyer cannot
pay with what the checkout form hands them, identical notifications at once are applied once, and a checkout
nobody answered shows as expired without losing a payment that arrives late."""
from __future__ import annotations

import json
import socket
import threading
import uuid
from datetime import timedelta
from urllib.parse import urlencode

import pytest
import requests
from sqlalchemy import select, update

from app.config import load_settings
from app.database import session
from app.models import Payment, PaymentNotification, Subscription, utcnow
from app.services.billing import expiry
from tests.api.billing_support import NOTIFY, SECURE, newer_notification, purchase

# Several gunicorn workers, so that notifications sent at once are handled at once (tests/fixtures/live_web.py).
LIVE_WEB_WORKERS = 4
AT_ONCE, ROUNDS = 12, 6


def sign_in(live, sandbox) -> tuple[dict, str]:
    person = sandbox.admin.user(first_name="Amira", last_name="Ben Salah", email=f"{uuid.uuid4().hex[:8]}@example.com")
    answer = requests.post(live.url + "/api/v1/auth/login/facebook", json={"token": person["access_token"]},
                           timeout=10)
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}, person["id"]


def order(live, buyer, **overrides) -> dict:
    headers, network_id = buyer
    answer = requests.post(f"{live.url}{SECURE}/addNewTransaction/{network_id}", json=purchase(**overrides),
                           headers=headers, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def plan_name(live, buyer) -> str:
    headers, network_id = buyer
    return requests.get(f"{live.url}{SECURE}/billing/{network_id}", headers=headers, timeout=10).json()["data"]["name"]


def payments(live, buyer) -> dict[str, tuple]:
    """The payments list as the billing screen reads it: order id -> (status, invoice number)."""
    headers, network_id = buyer
    rows = requests.get(f"{live.url}{SECURE}/paymentHistory/{network_id}", headers=headers, timeout=10).json()["data"]
    return {row["idPack"]: (row["status"], row["factureNumber"]) for row in rows}


def outcomes() -> list[str]:
    session.expire_all()
    return [row.outcome for row in session.scalars(select(PaymentNotification).order_by(PaymentNotification.id))]


def subscriptions_of(order_id: str) -> int:
    session.expire_all()
    return len(session.scalars(select(Subscription).join(Payment, Subscription.payment_id == Payment.id)
                               .where(Payment.order_id == order_id)).all())


def at_once(port: int, count: int, request: bytes) -> list[tuple[int, bytes]]:
    """The same raw HTTP request on `count` connections opened first and written together, so that gunicorn's
    workers read them at the same moment (connecting after the start would spread them out); (status, body) each."""
    connections = [socket.create_connection(("127.0.0.1", port), timeout=60) for _ in range(count)]
    answers, barrier = [], threading.Barrier(count)

    def send(connection):
        with connection:
            barrier.wait()
            connection.sendall(request)
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        answers.append((int(head.split()[1]), body))

    threads = [threading.Thread(target=send, args=(connection,)) for connection in connections]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == count, "a request got no answer"
    return answers


@pytest.fixture
def buyer(live_db, sandbox):
    return sign_in(live_db, sandbox)


def test_the_checkout_forms_own_signature_sent_back_as_a_notification_pays_nothing(live_db, buyer):
    """The issue's request: the form's signature is exactly the keyed shape's, so that shape proves nothing."""
    form = order(live_db, buyer, name="Premium", delai=12)["form"]
    forged = {"T1": {"TransStatus": "00", "PAYID": form["orderID"], "TotalAmount": form["Amount"],
                     "Currency": form["Currency"], "Signature": form["signature"]}}
    answer = requests.post(live_db.url + NOTIFY, json=forged, timeout=10)
    assert answer.status_code == 400 and answer.json() == {"message": "refused", "code": "wrong_shape"}
    # Nor does the form's signature pass for the configured (flat) shape's: that one holds the clear password.
    flat = {"TransStatus": "00", "PAYID": form["orderID"], "merchandSession": form["orderID"],
            "Signature": form["signature"]}
    assert requests.post(live_db.url + NOTIFY, data=flat, timeout=10).json()["code"] == "bad_signature"
    assert plan_name(live_db, buyer) == "Free Trial"
    assert payments(live_db, buyer) == {form["orderID"]: ("pending", None)}
    assert outcomes() == ["wrong_shape", "bad_signature"]


def test_twelve_identical_notifications_at_once_are_applied_once(live_db, buyer):
    """Round after round (two cores seldom run two handlers in the same instant, so one round may not race), each
    order gets its twelve copies at once: one is applied, the others change nothing, and no number is lost."""
    settings = load_settings(dict(live_db.settings))
    orders = [order(live_db, buyer, name="Agencies", delai=6)["idPack"] for _ in range(ROUNDS)]
    for order_id in orders:
        answers = at_once(live_db.port, AT_ONCE, notification_request(newer_notification(settings, order_id)))
        assert sorted(status for status, _ in answers) == [200] * AT_ONCE
        assert sorted(json.loads(body)["code"] for _, body in answers) == ["applied"] + ["replayed"] * (AT_ONCE - 1)

    assert [subscriptions_of(order_id) for order_id in orders] == [1] * ROUNDS
    year = utcnow().year
    assert payments(live_db, buyer) == {order_id: ("paid", f"{year}-{number:06d}")
                                        for number, order_id in enumerate(orders, start=1)}
    assert plan_name(live_db, buyer) == "Agencies"


def notification_request(fields: dict) -> bytes:
    body = urlencode(fields).encode()
    return (f"POST {NOTIFY} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body


def test_an_abandoned_checkout_shows_expired_and_a_late_payment_still_counts(live_db, buyer):
    settings = load_settings(dict(live_db.settings))
    stated = timedelta(hours=int(settings["PENDING_ORDER_HOURS"]))
    assert stated == timedelta(hours=1)
    abandoned = order(live_db, buyer, name="Agencies", delai=1)["idPack"]
    recent = order(live_db, buyer, name="Premium", delai=1)["idPack"]
    # The first checkout was opened a minute longer ago than the stated time, the second a minute less.
    for order_id, age in ((abandoned, stated + timedelta(minutes=1)), (recent, stated - timedelta(minutes=1))):
        session.execute(update(Payment).where(Payment.order_id == order_id).values(created_at=utcnow() - age))
    session.commit()

    assert expiry.expire(settings)["orders"] == 1  # the billing pass beat runs (workers/billing.py)

    assert payments(live_db, buyer) == {abandoned: ("expired", None), recent: ("pending", None)}
    # The buyer paid after all and the gateway says so late: the payment is applied.
    late = requests.post(live_db.url + NOTIFY, data=newer_notification(settings, abandoned), timeout=10)
    assert late.status_code == 200 and late.json()["code"] == "applied"
    assert payments(live_db, buyer)[abandoned] == ("paid", f"{utcnow().year}-000001")
    assert plan_name(live_db, buyer) == "Agencies"
