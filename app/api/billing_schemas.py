"""Request and answer shapes of the billing calls, in the specification's spellings (spec 001 §3, §7)."""
from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from app.api.fields import not_blank, required_text
from app.services import currency, gateway, plans

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

class PricingSchema(Schema):
    data = fields.List(fields.Dict(), metadata={"description": "the plans in order (spec 001 §3 Pricing plan)"})
    currencies = fields.List(fields.Dict())
    currency = fields.String(metadata={"description": "the currency of the given country"})
    periods = fields.List(fields.Dict())


class UsageSchema(Schema):
    socialPages = fields.Integer()
    teamMember = fields.Integer()
    activeAgent = fields.Integer()
    monthlyReplies = fields.Integer()


class CurrentPlanSchema(Schema):
    name = fields.String()
    type = fields.String()
    label = fields.String()
    socialPages = fields.Integer()
    teamMember = fields.Integer()
    activeAgent = fields.Integer()
    monthlyReplies = fields.Integer()
    delai = fields.Integer(metadata={"description": "validity in days"})
    period = fields.Integer(allow_none=True, metadata={"description": "months bought (none: trial or grant)"})
    startDate = fields.DateTime()
    expyriedate = fields.DateTime()
    daysLeft = fields.Integer()
    expired = fields.Boolean()
    usage = fields.Nested(UsageSchema)


class CurrentPlanAnswerSchema(Schema):
    data = fields.Nested(CurrentPlanSchema, allow_none=True)


class HistoryRowSchema(Schema):
    date_Create = fields.DateTime()
    payment = fields.Float()
    currency = fields.String()
    status = fields.String()
    payed_by = fields.String()
    description = fields.String()
    period = fields.Integer()
    factureNumber = fields.String(allow_none=True)
    email = fields.String()
    idPack = fields.String()
    amountTnd = fields.Float()
    rateToTnd = fields.Float()
    paidAt = fields.DateTime(allow_none=True)


class HistorySchema(Schema):
    data = fields.List(fields.Nested(HistoryRowSchema))


class TransactionSchema(HistoryRowSchema):
    checkoutUrl = fields.String(metadata={"description": "where the browser POSTs `form` (an auto-submitted form)"})
    method = fields.String()
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
