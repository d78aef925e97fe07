"""The intent catalogues (spec 001 §7 "Wizard"): generic intents, and the specific ("default") ones. Public: the
catalogue is the same for everyone.

Every intent of the kind is listed, Quiz and Price included; the rules on choosing them (Quiz alone, Price only on
a page whose whiteSet is on: the client reads whiteSet from the page list) are enforced when an intent is added to
an agent (app/services/wizard.py).
"""
from __future__ import annotations

from flask.views import MethodView

from app.api.blueprint import Blueprint
from app.api.wizard_schemas import IntentDefinitionSchema
from app.services import intent_catalogue

blp = Blueprint("intents", __name__, url_prefix="/api/v1/intent", description="Intent catalogues")


@blp.route("/generiqueintent/all")
class GenericIntents(MethodView):
    @blp.response(200, IntentDefinitionSchema(many=True))
    def get(self):
        """The generic intents, each with intent and intent_fr."""
        return intent_catalogue.definitions(intent_catalogue.KINDS["generic"])


@blp.route("/defaulintent/all")
class SpecificIntents(MethodView):
    @blp.response(200, IntentDefinitionSchema(many=True))
    def get(self):
        """The specific ("default") intents, each with intent and intent_fr."""
        return intent_catalogue.definitions(intent_catalogue.KINDS["default"])
