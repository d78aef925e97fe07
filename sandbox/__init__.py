"""A local stand-in for Meta's Graph API and the card gateway's checkout, so the product runs and is tested
with no internet: `create_app()` builds the Flask app, `python -m sandbox` serves it."""
import os
import re

from flask import Flask, current_app, jsonify, request

from sandbox import (admin, admin_ops, app_callbacks, dialog, gateway, graph_actions, graph_read, inspector, pictures,
                     scenarios, subscriptions)
from sandbox.access import caller_page_ids
from sandbox.errors import GraphError, unsupported
from sandbox.faults import Faults
from sandbox.generator import Generator
from sandbox.messaging import InstagramHourlyLimit
from sandbox.state import Store
from sandbox.usage import UsageCounters, after_call, before_call
from sandbox.webhooks import WebhookDispatcher

VERSION_PREFIX = re.compile(r"^/v\d+\.\d+(?=/|$)")
DEFAULT_APP_ID = "1000000000000001"
DEFAULT_APP_SECRET = "sandbox-app-secret"
GRAPH_BLUEPRINTS = {"graph_read", "graph_actions", "subscriptions"}


class VersionPrefix:
    """Moves a `/vNN.N` prefix into SCRIPT_NAME: routes stay unversioned and `next` links keep the version."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        match = VERSION_PREFIX.match(environ.get("PATH_INFO", ""))
        if match:
            environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + match.group(0)
            environ["PATH_INFO"] = environ["PATH_INFO"][match.end():] or "/"
        return self.wsgi_app(environ, start_response)


def create_app(scenario="empty", app_id=None, app_secret=None, state_file=None, retry_delays=None,
               webhook_timeout=5.0, deauthorize_url=None, data_deletion_url=None):
    """Build the sandbox. A state file that exists wins over the scenario, so a demo survives a restart. The two
    URLs are the app's callbacks Meta calls when a person removes the app or asks for their data's deletion."""
    app = Flask(__name__)
    app.json.sort_keys = False
    store = Store(state_file)
    if not (state_file and os.path.exists(state_file)):
        scenarios.load(store, scenario)
        store.saved()
    faults = Faults()
    app.config["SANDBOX_USAGE"] = UsageCounters()
    app.config.update(SANDBOX_STORE=store, SANDBOX_APP_ID=str(app_id or DEFAULT_APP_ID),
                      SANDBOX_APP_SECRET=app_secret or DEFAULT_APP_SECRET, SANDBOX_FAULTS=faults,
                      SANDBOX_IG_LIMIT=InstagramHourlyLimit(), SANDBOX_WEBHOOK_TIMEOUT=webhook_timeout,
                      SANDBOX_PUBLIC_URL="http://127.0.0.1:5100", SANDBOX_DEAUTHORIZE_URL=deauthorize_url,
                      SANDBOX_DATA_DELETION_URL=data_deletion_url)
    dispatcher = WebhookDispatcher(store, faults, app.config["SANDBOX_APP_SECRET"],
                                   lambda: app.config["SANDBOX_PUBLIC_URL"], retry_delays, webhook_timeout)
    store.comment_listeners.append(dispatcher.on_comment)
    app.config.update(SANDBOX_WEBHOOKS=dispatcher, SANDBOX_GENERATOR=Generator(store),
                      SANDBOX_GATEWAY=gateway.Gateway(),
                      SANDBOX_RESET=lambda name: reset(app, name))
    for blueprint in (admin.blueprint, admin_ops.blueprint, app_callbacks.blueprint, gateway.blueprint,
                      inspector.blueprint, dialog.blueprint, pictures.blueprint, subscriptions.blueprint,
                      graph_read.blueprint, graph_actions.blueprint):
        app.register_blueprint(blueprint)
    app.before_request(remember_public_url)
    app.before_request(apply_faults)
    app.after_request(add_usage_headers)
    register_error_handlers(app)
    app.wsgi_app = VersionPrefix(app.wsgi_app)
    return app


def reset(app, scenario):
    """Back to a seeded world: no pending webhooks, no faults, fresh Instagram hourly and usage counters."""
    app.config["SANDBOX_GENERATOR"].stop_all()
    app.config["SANDBOX_WEBHOOKS"].clear()
    app.config["SANDBOX_FAULTS"].clear()
    app.config["SANDBOX_USAGE"].clear()
    app.config["SANDBOX_IG_LIMIT"] = InstagramHourlyLimit()
    scenarios.load(app.config["SANDBOX_STORE"], scenario)
    app.config["SANDBOX_STORE"].saved()


def apply_faults():
    if request.blueprint not in GRAPH_BLUEPRINTS:
        return
    page_ids = caller_page_ids(request.view_args or {})
    before_call(page_ids)  # counted even when refused, as at Meta
    current_app.config["SANDBOX_FAULTS"].apply_to_call(page_ids)


def add_usage_headers(response):
    return after_call(response) if request.blueprint in GRAPH_BLUEPRINTS else response


def remember_public_url():
    """Webhook permalinks need the sandbox's own address, known only once someone calls it."""
    current_app.config["SANDBOX_PUBLIC_URL"] = request.host_url.rstrip("/")


def register_error_handlers(app):
    app.register_error_handler(admin.AdminInputError, admin.answer_input_error)

    @app.errorhandler(GraphError)
    def answer_graph_error(error):
        return error.response()

    @app.errorhandler(404)
    @app.errorhandler(405)
    def answer_unknown_path(error):
        if request.path.startswith("/__admin"):
            return jsonify({"message": error.description, "code": error.code}), error.code
        return unsupported(request.method.lower(), request.path.lstrip("/")).response()
