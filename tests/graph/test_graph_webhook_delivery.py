"""End to end over HTTP: the client registers a callback with the sandbox (which performs the GET
handshake), then every comment a fan writes arrives signed, passes verify_signature and parse_changes."""
import json
import threading
import time
from urllib.parse import parse_qsl

import pytest
from werkzeug.serving import make_server

from app.graph import GraphError, handshake, parse_changes, verify_signature

VERIFY_TOKEN = "sandbox-verify-token"
DELIVERY_WAIT_SECONDS = 10


class Callback:
    """A minimal webhook endpoint built only from app.graph's checks; it keeps what it accepted."""

    def __init__(self, app_secret):
        self.app_secret = app_secret
        self.changes = []
        self.refused = 0

    def __call__(self, environ, start_response):
        if environ["REQUEST_METHOD"] == "GET":
            challenge = handshake(dict(parse_qsl(environ.get("QUERY_STRING", ""))), VERIFY_TOKEN)
            return self.answer(start_response, "200 OK" if challenge else "403 Forbidden", challenge or "")
        raw_body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        if not verify_signature(raw_body, environ.get("HTTP_X_HUB_SIGNATURE_256"), self.app_secret):
            self.refused += 1
            return self.answer(start_response, "403 Forbidden", "bad signature")
        self.changes.extend(parse_changes(json.loads(raw_body)))
        return self.answer(start_response, "200 OK", "")

    @staticmethod
    def answer(start_response, status, text):
        start_response(status, [("Content-Type", "text/plain")])
        return [text.encode()]

    def wait_for(self, count):
        deadline = time.monotonic() + DELIVERY_WAIT_SECONDS
        while len(self.changes) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.changes


@pytest.fixture
def callback(sandbox):
    endpoint = Callback(sandbox.app_secret)
    server = make_server("127.0.0.1", 0, endpoint, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    endpoint.url = f"http://127.0.0.1:{server.server_port}/api/v1/webhooks/meta"
    yield endpoint
    server.shutdown()
    thread.join(timeout=5)


def test_facebook_comment_arrives_signed_and_parsed(sandbox, graph, world, callback):
    assert graph.subscribe_webhooks(callback.url, VERIFY_TOKEN, "page", ["feed"]) is True
    assert graph.subscribe_app(world.page["id"], world.page_token) is True

    comment = sandbox.admin.comment(world.post["id"], "Livraison à Sfax ?", {"id": "6120934471203388",
                                                                            "name": "Karim Trabelsi"})

    [change] = callback.wait_for(1)
    assert (change.platform, change.page_id, change.comment_id, change.post_id) == (
        "facebook", world.page["id"], comment["id"], world.post["id"])
    assert (change.from_id, change.from_name, change.message, change.verb) == (
        "6120934471203388", "Karim Trabelsi", "Livraison à Sfax ?", "add")
    assert callback.refused == 0


def test_instagram_comment_arrives_signed_and_parsed(sandbox, graph, world, callback):
    assert graph.subscribe_webhooks(callback.url, VERIFY_TOKEN, "instagram", ["comments", "live_comments"])
    assert graph.subscribe_app(world.page["id"], world.page_token)

    comment = sandbox.admin.comment(world.media["id"], "Taille M ?", {"id": "1187330569912345",
                                                                      "username": "amira.bs"})

    [change] = callback.wait_for(1)
    assert (change.platform, change.page_id, change.comment_id, change.post_id, change.field) == (
        "instagram", world.instagram["id"], comment["id"], world.media["id"], "comments")
    assert (change.from_name, change.message, change.media_product_type) == ("amira.bs", "Taille M ?", "FEED")


def test_callback_refusing_the_verify_token_fails_the_subscription(graph, callback):
    with pytest.raises(GraphError):
        graph.subscribe_webhooks(callback.url, "another-verify-token", "page", ["feed"])
