"""Request and answer shapes of the billing calls, in the specification's spellings (spec 001 §3, §7)."""
from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from app.api.fields import not_blank, required_text
from app.services.billing import currency, gateway, plans

NAME_MAX, EMAIL_MAX, ADDRESS_MAX = 120, 254, 500


# Requests

class CountrySchema(Schema):
    country = fields.String(load_default=None, validate=validate.Regexp(r"^[A-Za-z]{2}$"),
                            metadata={"description": "ISO 3166 alpha-2 of the buyer's region: picks `currency`"})


class PurchaseSchema(Schema):
    """Spec 001 §3 "Purchase payload". The server decides the price, the order id and the limits from the plan:
    idPack, payedBy, payment and number_* are accepted (the original client sends them) and not used."""

    class Meta:
        unknown = EXCLUDE

    name = required_text(64, metadata={"description": "the plan's name"})
    delai = fields.Integer(required=True, validate=validate.OneOf(tuple(plans.PERIOD_DISCOUNTS)),
                           metadata={"description": "months: 1, 6 or 12"})
    user_name = required_text(NAME_MAX, metadata={"description": "the buyer's first name"})
    last_name = required_text(NAME_MAX)
    email = fields.String(required=True, validate=[not_blank, validate.Length(max=EMAIL_MAX),
                                                   validate.Email()])
    adresse = required_text(ADDRESS_MAX)
    currency = fields.String(load_default=currency.BASE, validate=validate.OneOf(tuple(currency.CURRENCIES)))
    language = fields.String(load_default="fr", validate=validate.OneOf(gateway.LANGUAGES))
    payedBy = fields.String()
    idPack = fields.Raw()
    payment = fields.Raw()
    number_agent = fields.Raw()
    number_pages = fields.Raw()
    number_autoReply = fields.Raw()
    number_user = fields.Raw()


# Answers

def _feature(name: str) -> fields.Function:
    return fields.Function(lambda offer: offer.features.get(name))


def _limit(column: str) -> tuple[fields.Field, fields.Field, fields.Field]:
    """A limit's count, with its display texts in English and French."""
    return (fields.Integer(attribute=f"plan.{column}"),
            *(fields.Function(lambda offer, language=language: offer.limit_text(column, language),
                              metadata={"description": f"display text ({language})"}) for language in ("en", "fr")))


class PlanOfferSchema(Schema):
    """Spec 001 §3 "Pricing plan", from app/services/billing.PlanOffer."""

    id = fields.Integer(attribute="plan.id")
    name = fields.String(attribute="plan.name")
    type = fields.String(attribute="plan.type")
    label = fields.Function(lambda offer: offer.label("en"))
    label_fr = fields.Function(lambda offer: offer.label("fr"))
    payement = fields.Float(attribute="plan.price_tnd", metadata={"description": "TND a month"})
    payement_fr = fields.Float(attribute="plan.price_eur", metadata={"description": "EUR a month"})
    payment_do = fields.Float(attribute="plan.price_usd", metadata={"description": "USD a month"})
    validityDays = fields.Function(lambda offer: offer.plan.trial_days if offer.is_trial else None)
    selectable = fields.Function(lambda offer: not offer.is_trial)
    totals = fields.Function(lambda offer: offer.totals(),
                             metadata={"description": "{TND|EUR|USD: {months: price of the period}}"})
    number_pages, number_pages_en, number_pages_fr = _limit("number_pages")
    number_agent, number_agent_en, number_agent_fr = _limit("number_agents")
    number_autoReply, number_autoReply_en, number_autoReply_fr = _limit("number_auto_replies")
    number_user, number_user_en, number_user_fr = _limit("number_users")
    history, performance, training = _feature("history"), _feature("performance"), _feature("training")
    support, company, company_fr = _feature("support"), _feature("company"), _feature("company_fr")


class PricingSchema(Schema):
    data = fields.List(fields.Nested(PlanOfferSchema), metadata={"description": "the plans in order"})
    currencies = fields.List(fields.Dict())
    currency = fields.String(metadata={"description": "the currency of the given country"})
    periods = fields.List(fields.Dict())


class UsageSchema(Schema):
    socialPages = fields.Integer()
    teamMember = fields.Integer()
    activeAgent = fields.Integer()
    monthlyReplies = fields.Integer()


class CurrentPlanSchema(Schema):
    """Spec 001 §3 "Current billing plan", from app/services/billing.Standing."""

    name = fields.String(attribute="plan.name")
    type = fields.String(attribute="plan.type")
    label = fields.String()
    socialPages = fields.Integer(attribute="plan.number_pages")
    teamMember = fields.Integer(attribute="plan.number_users")
    activeAgent = fields.Integer(attribute="plan.number_agents")
    monthlyReplies = fields.Integer(attribute="plan.number_auto_replies")
    delai = fields.Integer(attribute="validity_days", metadata={"description": "validity in days"})
    period = fields.Integer(attribute="current.period_months", allow_none=True,
                            metadata={"description": "months bought (none: trial or grant)"})
    startDate = fields.DateTime(attribute="current.started_at")
    expyriedate = fields.DateTime(attribute="current.expires_at")
    daysLeft = fields.Integer(attribute="days_left")
    expired = fields.Boolean(attribute="current.expired")
    usage = fields.Nested(UsageSchema)


class CurrentPlanAnswerSchema(Schema):
    data = fields.Nested(CurrentPlanSchema, allow_none=True)


class HistoryRowSchema(Schema):
    """Spec 001 §3 "Payment history row", from a Payment."""

    date_Create = fields.DateTime(attribute="created_at")
    payment = fields.Float(attribute="amount")
    currency = fields.String()
    status = fields.String()
    payed_by = fields.String()
    description = fields.String(attribute="plan.name")
    period = fields.Integer(attribute="period_months")
    factureNumber = fields.String(attribute="invoice_number", allow_none=True)
    email = fields.String()
    idPack = fields.String(attribute="order_id")
    amountTnd = fields.Float(attribute="amount_tnd")
    rateToTnd = fields.Float(attribute="rate_to_tnd")
    paidAt = fields.DateTime(attribute="paid_at", allow_none=True)


class HistorySchema(Schema):
    data = fields.List(fields.Nested(HistoryRowSchema))


class TransactionSchema(HistoryRowSchema):
    checkoutUrl = fields.String(attribute="url",
                                metadata={"description": "where the browser POSTs `form` (an auto-submitted form)"})
    method = fields.Constant("POST")
    form = fields.Dict(keys=fields.String(), values=fields.String(),
                       metadata={"description": "the hidden fields, signed on the server"})


class TransactionAnswerSchema(Schema):
    data = fields.Nested(TransactionSchema)


class InvoiceAnswerSchema(Schema):
    data = fields.Dict()


class PaymentResultSchema(Schema):
    payment = fields.Nested(HistoryRowSchema, allow_none=True)
    plan = fields.Nested(CurrentPlanSchema, allow_none=True)


class PaymentResultAnswerSchema(Schema):
    data = fields.Nested(PaymentResultSchema)


class NotificationAnswerSchema(Schema):
    message = fields.String()
    code = fields.String()
