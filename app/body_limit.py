"""A body sent without a Content-Length (chunked) is held to the same limit as any other.

Werkzeug refuses a declared length over MAX_CONTENT_LENGTH with 413, but a streamed body it only stops reading at
the limit, handing the view what it read: a webhook cut short then fails its signature (403) instead of being
told it is too large. So a streamed body is read here first, one byte past the limit, and refused when longer.
"""
from __future__ import annotations

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge


def install(app: Flask) -> None:
    app.before_request(_refuse_long_streamed_body)


def _refuse_long_streamed_body() -> None:
    if request.content_length is not None or "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    request.max_content_length = limit + 1
    if len(request.get_data(cache=True)) > limit:  # kept: the view reads the same bytes
        raise RequestEntityTooLarge()
