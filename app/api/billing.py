"""The billing calls (spec 001 §7 "Billing"): the current plan, the payment history, a purchase before the
checkout, invoices, the payment-success page's call, and the gateway's server-to-server notification.

`{token}` and `{id}` in the paths are the caller's network id (the original client's authtoken, spec 000 §6):
checked against the JWT's user, never used to find the account; another user's answers 403.
"""
from __future__ import annotations

from flask import current_app, jsonify, make_response, request
from flask.views import MethodView

from app.api.billing_schemas import (CurrentPlanAnswerSchema, HistorySchema, InvoiceAnswerSchema,
                                     NotificationAnswerSchema, PaymentResultAnswerSchema, PurchaseSchema,
                                     TransactionAnswerSchema)
from app.api.blueprint import Blueprint
from app.api.security import current_user, signed_in
from app.errors import NotFound
from app.services.billing import account, invoices, settlement

blp = Blueprint("billing", __name__, url_prefix="", description="Plans, purchases, payments and invoices")
PROFILE = "/api/v1/secure/profile"


def _caller(network_id: str):
    """The JWT's user, once the path's network id is found to be theirs (403 otherwise)."""
    user = current_user()
    account.require_own_account(user, network_id)
    return user


@blp.route(f"{PROFILE}/billing/<string:token>")
class CurrentPlan(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, CurrentPlanAnswerSchema)
    def get(self, token):
        """The caller's current plan: limits, validity, expiry date (expired plans included) and usage."""
        return {"data": account.standing(_caller(token))}


@blp.route(f"{PROFILE}/paymentHistory/<string:token>")
class PaymentHistory(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, HistorySchema)
    def get(self, token):
        """The caller's payments, newest first."""
        return {"data": account.history(_caller(token))}


@blp.route(f"{PROFILE}/addNewTransaction/<string:id>")
class AddNewTransaction(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PurchaseSchema)
    @blp.response(200, TransactionAnswerSchema)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    def post(self, body, id):  # noqa: A002  (the specification's name)
        """Record a pending order and answer it with the signed hidden fields and the checkout URL the browser
        posts them to. The Free Offer and the plan in force answer 422 with a message."""
        user = _caller(id)
        purchase = account.Purchase(plan_name=body["name"], months=body["delai"], currency=body["currency"],
                                    first_name=body["user_name"].strip(), last_name=body["last_name"].strip(),
                                    email=body["email"].strip(), address=body["adresse"].strip(),
                                    language=body["language"])
        return {"data": account.start_purchase(current_app.config, user, purchase)}


@blp.route(f"{PROFILE}/invoice/<string:order_id>")
class Invoice(MethodView):
    @signed_in(blp)
    @blp.response(200, InvoiceAnswerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, order_id):
        """The invoice of one of the caller's paid orders (by idPack), as the invoice view shows it; another user's
        order is 404, as a missing one."""
        return {"data": invoices.view(current_app.config, _invoiced(order_id))}


@blp.route(f"{PROFILE}/invoice/<string:order_id>/pdf")
class InvoicePdf(MethodView):
    @signed_in(blp)
    @blp.response(200, description="application/pdf")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, order_id):
        """The same invoice as a PDF file to download."""
        payment = _invoiced(order_id)
        response = make_response(invoices.pdf(current_app.config, payment))
        response.headers["Content-Type"] = "application/pdf"
        response.headers["Content-Disposition"] = f'attachment; filename="invoice-{payment.invoice_number}.pdf"'
        return response


def _invoiced(order_id: str):
    payment = account.own_payment(current_user(), order_id)
    if not invoices.has_invoice(payment):
        raise NotFound("This payment has no invoice (it is not paid)")
    return payment


@blp.route("/payment-success")
class PaymentSuccess(MethodView):
    @signed_in(blp)
    @blp.response(200, PaymentResultAnswerSchema)
    def post(self):
        """Called by the payment-success page at load, no body: the caller's latest order and current plan. It
        marks nothing paid: only the gateway's verified notification does."""
        user = current_user()
        return {"data": {"payment": account.latest_payment(user), "plan": account.standing(user)}}


@blp.route("/api/v1/payment/notification")
class GatewayNotification(MethodView):
    @blp.response(200, NotificationAnswerSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    def post(self):
        """The gateway's server-to-server notification (in the configured shape, docs/card-gateway.md): verified
        (shape, signature, order, amount, currency) and applied once; a repeat answers 200 and changes nothing."""
        outcome = settlement.settle(current_app.config, request.form.to_dict(), request.get_json(silent=True))
        status = 200 if outcome.accepted else 400
        return jsonify(message="accepted" if outcome.accepted else "refused", code=outcome.outcome), status
