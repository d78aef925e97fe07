"""Admin API for operating the sandbox: faults, usage counters and recent calls, tokens Meta revokes or ends,
webhook delivery log, and the comment generator."""
import time

from flask import Blueprint, current_app, jsonify

from sandbox import tokens
from sandbox.access import store
from sandbox.admin import AdminInputError, body, existing, existing_all
from sandbox.faults import FaultInputError
from sandbox.generator import MAX_COUNT, MAX_SECONDS

blueprint = Blueprint("admin_ops", __name__, url_prefix="/__admin")


@blueprint.post("/faults")
def add_fault():
    payload = body()
    scope = str(payload.get("scope", "*"))
    if scope != "*":
        existing(scope, "page", "scope")
    try:
        fault = current_app.config["SANDBOX_FAULTS"].add(
            scope, payload.get("kind"), payload.get("code"), payload.get("count"), payload.get("delay_ms"),
            payload.get("regain_minutes", 1), payload.get("percent"))
    except FaultInputError as error:
        raise AdminInputError(str(error)) from None
    return jsonify({"id": fault["id"], **fault}), 201


@blueprint.get("/faults")
def list_faults():
    return jsonify(list(current_app.config["SANDBOX_FAULTS"].active))


@blueprint.delete("/faults")
def clear_faults():
    current_app.config["SANDBOX_FAULTS"].clear()
    return jsonify({"cleared": True})


@blueprint.get("/usage")
def usage_figures():
    """Each scope's percentage of its quota over the rolling window (sandbox/usage.py)."""
    return jsonify(current_app.config["SANDBOX_USAGE"].describe(time.time()))


@blueprint.post("/usage")
def configure_usage():
    """The quota of calls every scope has per window, and the window's length: small ones make usage rise."""
    payload = body()
    values = [payload.get("quota"), payload.get("window_seconds")]
    if any(isinstance(value, bool) or not isinstance(value, int) or value < 1 for value in values):
        raise AdminInputError("quota and window_seconds must be positive integers")
    counters = current_app.config["SANDBOX_USAGE"]
    counters.configure(*values)
    return jsonify(counters.describe(time.time()))


@blueprint.get("/calls")
def recent_calls():
    """The latest Graph calls in arrival order: when, what, the token's page and the answer's status."""
    return jsonify(current_app.config["SANDBOX_USAGE"].recent())


@blueprint.post("/users/<user_id>/revoke_tokens")
def revoke_tokens(user_id):
    """Meta ends the person's sessions (they changed their password): their tokens and their pages' are refused
    with 190/460 and debug_token says is_valid false; the answer is the token of their next login."""
    user = existing(user_id, "user", "user")
    tokens.revoke_sessions(user, tokens.PASSWORD_CHANGED)
    return jsonify({"id": user["id"], "access_token": user["token"]})


@blueprint.post("/tokens/expiry")
def token_expiry():
    """A token's end moved to `expires_in` seconds from now (0 or less: ended)."""
    payload = body()
    token, expires_in = payload.get("token"), payload.get("expires_in")
    if not isinstance(token, str) or token not in store().tokens:
        raise AdminInputError("token must be a token the sandbox issued", status=404)
    if isinstance(expires_in, bool) or not isinstance(expires_in, int):
        raise AdminInputError("expires_in must be a whole number of seconds")
    tokens.set_expiry(token, expires_in)
    return jsonify({"token": token, "expires_at": store().tokens[token]["expires_at"]})


@blueprint.get("/webhooks")
def webhook_status():
    """The registered callbacks and every delivery attempt (delivered, http_500, dropped, given_up...)."""
    status = current_app.config["SANDBOX_WEBHOOKS"].status()
    return jsonify({"subscriptions": list(store().subscriptions.values()), **status})


@blueprint.post("/generator")
def start_generator():
    payload = body()
    posts = existing_all(payload, "post_ids", "post", "post_id")
    rate, count = payload.get("rate"), payload.get("count")
    max_seconds = payload.get("max_seconds", MAX_SECONDS)
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 < rate <= 1000:
        raise AdminInputError("rate must be a number of comments per second, above 0 and at most 1000")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= MAX_COUNT:
        raise AdminInputError(f"count must be an integer from 1 to {MAX_COUNT}")
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not 0 < max_seconds <= MAX_SECONDS:
        raise AdminInputError(f"max_seconds must be above 0 and at most {MAX_SECONDS}")
    generator = current_app.config["SANDBOX_GENERATOR"]
    run = generator.start([post["id"] for post in posts], rate, count, max_seconds, payload.get("seed"))
    return jsonify(generator.describe(run)), 202


@blueprint.get("/generator")
def generator_runs():
    generator = current_app.config["SANDBOX_GENERATOR"]
    return jsonify([generator.describe(run) for run in generator.runs])
