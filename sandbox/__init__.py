"""A local stand-in for Meta's Graph API and the card gateway's checkout, so the product runs and is tested
with no internet: `create_app()` builds the Flask app, `python -m sandbox` serves it."""
import os
import re

from flask import Flask, jsonify, request

from sandbox import admin, graph_read, scenarios
from sandbox.errors import GraphError, unsupported
from sandbox.state import Store

VERSION_PREFIX = re.compile(r"^/v\d+\.\d+(?=/|$)")
DEFAULT_APP_ID = "1000000000000001"
DEFAULT_APP_SECRET = "sandbox-app-secret"


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
               webhook_timeout=5.0):
    """Build the sandbox. A state file that exists wins over the scenario, so a demo survives a restart."""
    app = Flask(__name__)
    app.json.sort_keys = False
    store = Store(state_file)
    if not (state_file and os.path.exists(state_file)):
        scenarios.load(store, scenario)
        store.saved()
    app.config.update(SANDBOX_STORE=store, SANDBOX_APP_ID=str(app_id or DEFAULT_APP_ID),
                      SANDBOX_APP_SECRET=app_secret or DEFAULT_APP_SECRET,
                      SANDBOX_RESET=lambda name: reset(store, name))
    app.register_blueprint(admin.blueprint)
    app.register_blueprint(graph_read.blueprint)
    register_error_handlers(app)
    app.wsgi_app = VersionPrefix(app.wsgi_app)
    return app


def reset(store, scenario):
    scenarios.load(store, scenario)
    store.saved()


def register_error_handlers(app):
    @app.errorhandler(GraphError)
    def answer_graph_error(error):
        return error.response()

    @app.errorhandler(404)
    @app.errorhandler(405)
    def answer_unknown_path(error):
        if request.path.startswith("/__admin"):
            return jsonify({"message": error.description, "code": error.code}), error.code
        return unsupported(request.method.lower(), request.path.lstrip("/")).response()
