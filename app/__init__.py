"""The web process: create_app() reads like a table of contents of the product's web side.

The package imports nothing itself: a process that only needs a module of it (a catalogue follower, an index builder,
started for every catalogue change) would otherwise load Flask, Celery and Redis's clients first, about a third of a
second of CPU each time."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def create_app(overrides: dict | None = None) -> Flask:
    from flask import Flask

    from app import log_context
    from app.config import flask_config, load_settings
    from app.database import session

    app = Flask(__name__, static_folder=None)
    app.config.update(flask_config(load_settings(overrides)))
    app.before_request(log_context.clear)  # a thread serves request after request: no comment carried over
    app.teardown_appcontext(lambda _exc: session.remove())

    bind_process(app)
    _init_extensions(app)
    _register_routes(app)
    return app


def bind_process(app: Flask) -> None:
    """Point what is one per process (the log handler, the database engine, the queue's Celery app) at this app's
    settings. create_app does it; a process that serves several apps in turn, as the test suite does, does it again
    when it switches."""
    from app import logging_setup, queue
    from app.celery_factory import make_celery
    from app.database import init_engine
    from app.settings import settings_of

    settings = settings_of(app.config)
    logging_setup.configure(settings)
    init_engine(settings["DATABASE_URL"])
    queue.bind(make_celery(app.config))


def _init_extensions(app: Flask) -> None:
    from werkzeug.middleware.proxy_fix import ProxyFix

    from app import body_limit, request_guard, security_headers
    from app.api import fields, security
    from app.api.openapi_links import LinksPlugin
    from app.errors import register_error_handlers
    from app.extensions import api, jwt, limiter
    from app.settings import settings_of

    hops = settings_of(app.config).forwarded_hops
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    jwt.init_app(app)
    api.init_app(app, spec_kwargs={"extra_plugins": [LinksPlugin()]})
    limiter.init_app(app)
    # Only a few public views are throttled, and their decorators check their own limits. The limiter's hook
    # before every request has nothing to add and costs about 0.1 ms of CPU each, on the webhook's hot path.
    app.before_request_funcs[None].remove(limiter._check_request_limit)
    body_limit.install(app)
    request_guard.install(app)
    app.url_map.converters["int"] = fields.AsciiIntegerConverter  # before any route is added
    register_error_handlers(app)
    security.install(app, api)
    security_headers.install(app)


def _register_routes(app: Flask) -> None:
    from app import frontend
    from app.api import BLUEPRINTS, health
    from app.extensions import api
    from app.webhooks import BLUEPRINTS as WEBHOOK_BLUEPRINTS

    for blueprint in (*BLUEPRINTS, *WEBHOOK_BLUEPRINTS):
        api.register_blueprint(blueprint)
    app.register_blueprint(health.blp)  # operations: outside the API's OpenAPI document
    frontend.install(app)
