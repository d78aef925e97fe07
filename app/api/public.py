"""Public settings the browser needs before sign-in (no secrets: ids and URLs only)."""
from flask import current_app
from flask.views import MethodView
from marshmallow import Schema, fields

from app.api.blueprint import Blueprint

blp = Blueprint("public", __name__, url_prefix="/api/v1", description="Public configuration")


class PublicConfigSchema(Schema):
    metaAppId = fields.String()
    loginDialogUrl = fields.String()
    graphApiVersion = fields.String()
    env = fields.String()


@blp.route("/config")
class PublicConfig(MethodView):
    @blp.response(200, PublicConfigSchema)
    def get(self):
        """Where the Login button sends the browser, and for which app."""
        config = current_app.config
        return {"metaAppId": config["META_APP_ID"], "loginDialogUrl": config["LOGIN_DIALOG_URL"],
                "graphApiVersion": config["GRAPH_API_VERSION"], "env": config["APP_ENV"]}
