"""Sign-in and sign-out (spec 000 §7)."""
from __future__ import annotations

from flask import current_app
from flask.views import MethodView
from flask_jwt_extended import get_jwt

from app.api.auth_schemas import LoginAnswerSchema, LoginFacebookSchema, MessageSchema
from app.api.blueprint import Blueprint
from app.api.security import current_user, signed_in
from app.extensions import limiter
from app.services import auth
from app.services.billing import plans

TOO_MANY_ATTEMPTS = "Too many attempts from your address, try again in a moment"

blp = Blueprint("auth", __name__, url_prefix="/api/v1/auth", description="Sign-in with a social account")


def user_answer(user, network_token: str) -> dict:
    """The specification's user, whose access_token is the one the browser brought: the long-lived token it was
    exchanged for stays on the server."""
    plan = plans.current_plan(user)
    pack = {"name": plan.plan.name, "type": plan.plan.type, "expyriedate": plan.expires_at} if plan else None
    return {**{key: getattr(user, key) for key in (
        "created_at", "email", "first_name", "facebook_id", "is_connected", "last_name", "last_signin_at",
        "picture_url")}, "access_token": network_token, "pack": pack}


@blp.route("/login/facebook")
class LoginFacebook(MethodView):
    @limiter.limit(lambda: current_app.config["LOGIN_RATE_LIMIT"], error_message=TOO_MANY_ATTEMPTS)
    @blp.arguments(LoginFacebookSchema)
    @blp.response(200, LoginAnswerSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    def post(self, body):
        """Exchange a network access token (and an optional invitation token) for the product's JWT."""
        network_token = body["token"].strip()
        result = auth.login_with_facebook(current_app.config, network_token, body["tokenMemberShip"],
                                          body["language"])
        return {"token": result.token, "user": user_answer(result.user, network_token),
                "invitation": result.invitation}


@blp.route("/logout")
class Logout(MethodView):
    @signed_in(blp)
    @blp.response(200, MessageSchema)
    def post(self):
        """Revoke the JWT that signs this call."""
        claims = get_jwt()
        auth.logout(current_user(), claims["jti"], claims["exp"])
        return {"message": "logged out"}
