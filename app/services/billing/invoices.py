"""Invoices of paid plans: a number per year with no gap and no repeat, the invoice as the screen shows it, and the
same invoice as a PDF drawn on the server (fpdf2).

The number is taken when the gateway's notification pays the order, in the same transaction: one
`UPDATE invoice_counters SET last = last + 1 ... RETURNING last` holds the year's row until the commit, so two
payments confirmed at once get consecutive numbers, and a rolled-back payment gives its number back.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from sqlalchemy import update

from app.database import insert_ignore, session
from app.models import InvoiceCounter, Payment
from app.services.billing.dates import add_months

if TYPE_CHECKING:
    from fpdf import FPDF

INVOICED = ("paid", "reimbursed", "chargeback")  # a reversed payment keeps its invoice (and shows its status)
CENTS = Decimal("0.01")


def next_number(year: int) -> str:
    """The year's next invoice number, "2026-000001" onwards."""
    insert_ignore(InvoiceCounter, [{"year": year, "last": 0}], ["year"])
    last = session.execute(update(InvoiceCounter).where(InvoiceCounter.year == year)
                           .values(last=InvoiceCounter.last + 1).returning(InvoiceCounter.last)).scalar_one()
    return f"{year}-{last:06d}"


def has_invoice(payment: Payment) -> bool:
    return payment.invoice_number is not None and payment.status in INVOICED


def view(settings: dict, payment: Payment) -> dict:
    """The invoice's content: seller, buyer, the one line, and the total with the VAT it includes."""
    vat_percent = Decimal(settings["INVOICE_VAT_PERCENT"])
    total = Decimal(payment.amount)
    excluding_vat = (total * 100 / (100 + vat_percent)).quantize(CENTS, ROUND_HALF_UP)
    paid_at = payment.paid_at or payment.created_at
    return {
        "number": payment.invoice_number, "date": paid_at, "status": payment.status, "idPack": payment.order_id,
        "seller": {"name": settings["INVOICE_SELLER"], "address": settings["INVOICE_SELLER_ADDRESS"],
                   "taxId": settings["INVOICE_SELLER_TAX_ID"]},
        "buyer": {"name": payment.payed_by, "email": payment.email, "address": payment.adresse},
        "lines": [{"description": payment.plan.name, "period": payment.period_months,
                   "from": paid_at, "to": add_months(paid_at, payment.period_months), "amount": float(total)}],
        "currency": payment.currency, "total": float(total), "totalExcludingVat": float(excluding_vat),
        "vat": float(total - excluding_vat), "vatPercent": float(vat_percent),
        "amountTnd": float(payment.amount_tnd), "rateToTnd": float(payment.rate_to_tnd),
    }


def pdf(settings: dict, payment: Payment) -> bytes:
    """The invoice as an A4 PDF (core fonts: Latin-1 text; other characters become '?')."""
    # Imported here: fpdf2 costs every web, worker and command process a fifth of its start-up, and only this
    # download draws a PDF.
    from fpdf import FPDF

    invoice = view(settings, payment)
    document = FPDF(format="A4")
    document.set_title(f"Invoice {invoice['number']}")
    document.add_page()
    document.set_font("Helvetica", "B", 18)
    _line(document, f"Invoice {invoice['number']}", height=12)
    document.set_font("Helvetica", size=11)
    _line(document, f"Date: {invoice['date']:%Y-%m-%d}    Order: {invoice['idPack']}    Status: {invoice['status']}")
    document.ln(4)
    seller, buyer = invoice["seller"], invoice["buyer"]
    for title, lines in (("Seller", [seller["name"], seller["address"], seller["taxId"] and f"Tax id: {seller['taxId']}"]),
                         ("Billed to", [buyer["name"], buyer["email"], buyer["address"]])):
        document.set_font("Helvetica", "B", 11)
        _line(document, title)
        document.set_font("Helvetica", size=11)
        for text in filter(None, lines):
            _line(document, text)
        document.ln(3)
    line, currency_code = invoice["lines"][0], invoice["currency"]
    document.set_font("Helvetica", "B", 11)
    _line(document, "Description")
    document.set_font("Helvetica", size=11)
    _line(document, f"{line['description']} plan, {line['period']} month(s), {line['from']:%Y-%m-%d} to "
                    f"{line['to']:%Y-%m-%d}: {line['amount']:.2f} {currency_code}")
    document.ln(3)
    _line(document, f"Total excluding VAT: {invoice['totalExcludingVat']:.2f} {currency_code}")
    _line(document, f"VAT {invoice['vatPercent']:g}%: {invoice['vat']:.2f} {currency_code}")
    document.set_font("Helvetica", "B", 12)
    _line(document, f"Total including VAT: {invoice['total']:.2f} {currency_code}")
    if currency_code != "TND":
        document.set_font("Helvetica", size=10)
        _line(document, f"Equivalent: {invoice['amountTnd']:.3f} TND at {invoice['rateToTnd']:g} TND per {currency_code}")
    return bytes(document.output())


def _line(document: FPDF, text: str, height: float = 7) -> None:
    # Core fonts hold Latin-1 only: a name in another script prints with '?' rather than failing the download.
    document.multi_cell(0, height, text.encode("latin-1", "replace").decode("latin-1"),
                        new_x="LMARGIN", new_y="NEXT")
