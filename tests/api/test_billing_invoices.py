"""Invoices of paid orders: the invoice view's JSON and the PDF drawn on the server, read back with pypdf."""
import io

import pytest
from pypdf import PdfReader

from app.models import utcnow
from tests.api.billing_support import NOTIFY, SECURE, billing_app, buy, newer_notification  # noqa: F401


@pytest.fixture
def paid(client, billing_app, signed_in):
    """A buyer whose 12 months of SME/Artisans in EUR are paid: (headers, order id)."""
    _, headers, network_user = signed_in()
    order = buy(client, headers, network_user["id"], name="SME/Artisans", delai=12, currency="EUR").get_json()["data"]
    assert client.post(NOTIFY, data=newer_notification(billing_app.config, order["idPack"])).status_code == 200
    return headers, order["idPack"]


def test_the_invoice_view_shows_seller_buyer_line_and_vat(client, paid, billing_app):
    headers, order_id = paid
    answer = client.get(f"{SECURE}/invoice/{order_id}", headers=headers)
    assert answer.status_code == 200
    invoice = answer.get_json()["data"]
    assert invoice["number"] == f"{utcnow().year}-000001" and invoice["status"] == "paid"
    assert invoice["seller"]["name"] == billing_app.config["INVOICE_SELLER"]
    assert invoice["buyer"] == {"name": "Amira Ben Salah", "email": "amira@example.com",
                                "address": "12 rue de Marseille, Tunis"}
    line = invoice["lines"][0]
    assert (line["description"], line["period"], line["amount"]) == ("SME/Artisans", 12, 162.0)
    # 162.00 EUR including 19 % VAT: 136.13 before VAT, 25.87 of VAT.
    assert (invoice["currency"], invoice["total"], invoice["totalExcludingVat"], invoice["vat"]) == (
        "EUR", 162.0, 136.13, 25.87)
    assert (invoice["amountTnd"], invoice["rateToTnd"]) == (550.8, 3.4)


def test_the_pdf_holds_the_same_invoice(client, paid):
    headers, order_id = paid
    answer = client.get(f"{SECURE}/invoice/{order_id}/pdf", headers=headers)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/pdf"
    number = f"{utcnow().year}-000001"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="invoice-{number}.pdf"'
    text = PdfReader(io.BytesIO(answer.data)).pages[0].extract_text()
    for expected in (f"Invoice {number}", "Amira Ben Salah", "SME/Artisans plan, 12 month(s)",
                     "Total including VAT: 162.00 EUR", "VAT 19%: 25.87 EUR", "550.800 TND"):
        assert expected in text, (expected, text)


def test_an_unpaid_order_has_no_invoice(client, billing_app, signed_in):
    _, headers, network_user = signed_in()
    order_id = buy(client, headers, network_user["id"]).get_json()["data"]["idPack"]
    for path in (f"/invoice/{order_id}", f"/invoice/{order_id}/pdf", "/invoice/NO-SUCH-ORDER"):
        answer = client.get(SECURE + path, headers=headers)
        assert answer.status_code == 404 and answer.get_json()["message"]
    # A NUL names nothing a column can hold: the edge refuses it before any lookup (app/request_guard.py).
    answer = client.get(SECURE + "/invoice/a%00b", headers=headers)
    assert answer.status_code == 422 and answer.get_json()["message"]


def test_another_users_invoice_answers_as_a_missing_one(client, paid, signed_in):
    """An order id tells nobody that the order exists: another user's is answered as no order at all."""
    _, order_id = paid
    _, other_headers, _ = signed_in(first_name="Other")
    for path, missing in ((f"/invoice/{order_id}", "/invoice/SP-0000000000-NONE"),
                          (f"/invoice/{order_id}/pdf", "/invoice/SP-0000000000-NONE/pdf")):
        theirs = client.get(SECURE + path, headers=other_headers)
        nobodys = client.get(SECURE + missing, headers=other_headers)
        assert (theirs.status_code, theirs.get_json()) == (nobodys.status_code, nobodys.get_json())
        assert theirs.status_code == 404 and theirs.get_json()["message"] == "No payment with this id"


def test_a_name_outside_latin_1_still_prints(client, billing_app, signed_in):
    _, headers, network_user = signed_in()
    order_id = buy(client, headers, network_user["id"], user_name="أميرة", adresse="Sfax ✓").get_json()["data"]["idPack"]
    client.post(NOTIFY, data=newer_notification(billing_app.config, order_id))
    answer = client.get(f"{SECURE}/invoice/{order_id}/pdf", headers=headers)
    assert answer.status_code == 200 and "Ben Salah" in PdfReader(io.BytesIO(answer.data)).pages[0].extract_text()
