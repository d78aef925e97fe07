"""The login dialog (`/dialog/oauth`, also under a version prefix): pick a sandbox user, and the browser goes
back to `{redirect_uri}#access_token=...&expires_in=...&state=...` as after Facebook Login's token flow, with a new
short-lived token; `/oauth/access_token` trades one for a long-lived token (sandbox/tokens.py)."""
from urllib.parse import urlencode, urlparse

from flask import Blueprint, current_app, jsonify, redirect, render_template, request

from sandbox import tokens
from sandbox.access import store
from sandbox.errors import GraphError, invalid_parameter

blueprint = Blueprint("dialog", __name__)


def refusal(message):
    return render_template("dialog_error.html", message=message), 400


def checked_request(arguments):
    """Return an error message for a request Facebook would refuse, else None."""
    if arguments.get("client_id") != current_app.config["SANDBOX_APP_ID"]:
        return "Invalid App ID: the client_id is not this app's id."
    redirect_uri = arguments.get("redirect_uri", "")
    if urlparse(redirect_uri).scheme not in ("http", "https") or not urlparse(redirect_uri).netloc:
        return "URL blocked: a redirect_uri (an http or https URL) is required."
    return None


@blueprint.get("/dialog/oauth")
def choose_user():
    problem = checked_request(request.args)
    if problem:
        return refusal(problem)
    users = sorted(store().of_type("user"), key=lambda user: user["id"])
    return render_template("dialog.html", users=users, arguments=request.args)


@blueprint.post("/dialog/oauth")
def log_in():
    problem = checked_request(request.form)
    user = store().get(request.form.get("user_id", ""), "user")
    if problem or user is None:
        return refusal(problem or "Choose one of the listed users.")
    fragment = {"access_token": tokens.short_lived(user), "data_access_expiration_time": 0,
                "expires_in": tokens.SHORT_LIVED_SECONDS}
    if request.form.get("state"):
        fragment["state"] = request.form["state"]
    return redirect(f"{request.form['redirect_uri']}#{urlencode(fragment)}", code=302)


@blueprint.get("/oauth/access_token")
def exchange_token():
    """Long-lived token exchange (docs/graph-api.md#tokens): a new token for the same person, lasting about 60
    days, for a user token Meta still takes."""
    arguments = request.args
    if arguments.get("client_id") != current_app.config["SANDBOX_APP_ID"] or \
            arguments.get("client_secret") != current_app.config["SANDBOX_APP_SECRET"]:
        raise GraphError(101, "Error validating client secret.")
    if arguments.get("grant_type") != "fb_exchange_token":
        raise invalid_parameter("Only grant_type=fb_exchange_token is supported by the sandbox")
    info = store().tokens.get(arguments.get("fb_exchange_token", ""))
    if info is None or info["kind"] != "user":
        raise GraphError(190, "Invalid OAuth access token - Cannot parse access token", subcode=467)
    refused = tokens.refusal(info)
    if refused:
        raise refused
    return jsonify({"access_token": tokens.long_lived(info), "token_type": "bearer",
                    "expires_in": tokens.LONG_LIVED_SECONDS})
