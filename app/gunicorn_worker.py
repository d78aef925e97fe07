"""gunicorn's own error answers in the API's JSON shape `{"message", "code"}`.

Some requests never reach Flask: gunicorn refuses them while parsing (a request line longer than
limit_request_line: 414; a header field longer than limit_request_field_size, or more fields than
limit_request_fields: 431; a malformed request line, method, version or header: 400) and answers with an HTML
page. `Worker.handle_error` (gunicorn/workers/base.py) chooses the status, reason and message, logs the error
and writes the access-log line, then hands the writing to `gunicorn.util.write_error(sock, status_int, reason,
mesg)`, its only caller. `install()` replaces that one writer in the worker process, so every choice stays
gunicorn's (for whichever worker class runs: sync today, gthread when --threads > 1) and only the page changes:
JSON, same status, with `Connection: close`, and the security headers of every other answer.

gunicorn.conf.py calls `install(worker)` from post_worker_init, in each worker before it serves.
"""
from __future__ import annotations

import json
import os

from gunicorn import util

from app.security_headers import fixed_headers

# A JSON error is no page: nothing in it may load, run or be framed.
ERROR_POLICY = "default-src 'none'; frame-ancestors 'none'"


def install(worker=None) -> None:
    """Makes this worker process write gunicorn's error answers as JSON."""
    config = getattr(getattr(worker, "wsgi", None), "config", None) or {}
    production = config.get("APP_ENV", os.environ.get("APP_ENV")) == "production"
    extra = {"Content-Security-Policy": ERROR_POLICY, **fixed_headers(production)}

    def write_json_error(sock, status_int, reason, mesg):
        util.write_nonblock(sock, json_error(status_int, reason, mesg, extra))

    util.write_error = write_json_error


def json_error(status: int, reason: str, mesg: str, extra_headers: dict[str, str] | None = None) -> bytes:
    """A whole HTTP/1.1 answer: status line, headers, and the JSON body."""
    message = f"{reason}: {mesg}" if mesg else reason
    body = json.dumps({"message": message, "code": status}).encode()  # ASCII: json escapes the rest
    headers = {
        "Connection": "close",
        "Content-Type": "application/json",
        "Content-Length": str(len(body)),
        **(extra_headers or {}),
    }
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return head.encode("latin-1") + b"\r\n" + body
