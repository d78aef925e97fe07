"""The pricing catalogue (spec 001 §7 "Billing"): public, no session needed."""
from flask import current_app
from flask.views import MethodView

from app.api.billing_schemas import CountrySchema, PricingSchema
from app.api.blueprint import Blueprint
from app.services.billing import account

blp = Blueprint("pricing", __name__, url_prefix="/api/v1/pricing", description="Plans and their prices")


@blp.route("/pricing")
class Pricing(MethodView):
    @blp.arguments(CountrySchema, location="query")
    @blp.response(200, PricingSchema)
    def get(self, query):
        """`data`: the plans in order with prices in TND (payement), EUR (payement_fr) and USD (payment_do), limits,
        features and totals per period; `currencies`, `periods` (months, discount %) and the given country's
        `currency`."""
        return account.pricing(current_app.config, query["country"])
