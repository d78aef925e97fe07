"""Admin API for operating the sandbox: faults, usage counters and recent calls, webhook delivery log, and the
comment generator."""
import time

from flask import Blueprint, current_app, jsonify

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
