"""Meta's usage headers from the sandbox's own counters (docs/graph-api.md#rate-limits).

Every Graph call counts, over a rolling window, against the app (calls with the app's or a user's token:
`X-App-Usage`) or, for a page token, against its page (`X-Page-Usage`) and the business objects the call touches
(`X-Business-Use-Case-Usage`, one entry per page: `pages`, or `messenger` for the messages edge). A figure is the
calls in the window over the quota (`POST /__admin/usage` sets both; large by default, so that figures stay low
unless a test lowers them). A `usage` fault (sandbox/faults.py) raises a page's figures, or every one, to its
`percent`. At 100 % a call is refused as Meta refuses it (80001 for a page token, 17 for a user's, 4 for the app's)
until the window has room again. The sandbox counts calls only: its time figures read 0. Recent calls are kept for
`GET /__admin/calls`, so a test can see when each one arrived.
"""
import json
import math
import threading
import time
from collections import defaultdict, deque

from flask import current_app, g, request

from sandbox import params
from sandbox.access import app_token
from sandbox.errors import GraphError
from sandbox.faults import RATE_LIMIT_MESSAGES

DEFAULT_QUOTA = 100_000
DEFAULT_WINDOW_SECONDS = 3600
KEPT_CALLS = 5000
REFUSAL_CODES = {"page": 80001, "user": 17, "app": 4}


class UsageCounters:
    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        with self.lock:
            self.quota, self.window = DEFAULT_QUOTA, DEFAULT_WINDOW_SECONDS
            self.calls = defaultdict(deque)  # scope ("app", "page:<id>", "business:<id>") -> call times
            self.log = deque(maxlen=KEPT_CALLS)

    def configure(self, quota, window_seconds):
        with self.lock:
            self.quota, self.window = quota, window_seconds

    def count(self, scopes, now):
        """One call against these scopes; returns each scope's percentage and minutes until it has room again."""
        with self.lock:
            figures = {}
            for scope in scopes:
                calls = self.calls[scope]
                while calls and calls[0] <= now - self.window:
                    calls.popleft()
                calls.append(now)
                figures[scope] = (len(calls) * 100 // self.quota, self._regain_minutes(calls, now))
            return figures

    def _regain_minutes(self, calls, now):
        """Minutes until enough of the window's calls have left it for one more to fit."""
        if len(calls) < self.quota:
            return 0
        leaving = calls[len(calls) - self.quota]
        return max(1, math.ceil((leaving + self.window - now) / 60))

    def remember(self, call):
        with self.lock:
            self.log.append(call)

    def describe(self, now):
        with self.lock:
            live = {scope: sum(1 for at in calls if at > now - self.window) for scope, calls in self.calls.items()}
            return {"quota": self.quota, "window_seconds": self.window,
                    "percent": {scope: count * 100 // self.quota for scope, count in live.items() if count}}

    def recent(self):
        with self.lock:
            return [dict(call) for call in self.log]


class CallUsage:
    """What one call counted: the token's kind, its page, and each scope's (percentage, regain minutes)."""

    def __init__(self, token_kind, page_id, figures, messaging):
        self.token_kind, self.page_id, self.figures, self.messaging = token_kind, page_id, figures, messaging

    def raise_to(self, fault):
        """A usage fault lifts the figures of the scopes it covers (every one for scope "*")."""
        for scope, (percent, regain) in list(self.figures.items()):
            covered = fault["scope"] == "*" or scope.endswith(f":{fault['scope']}")
            if covered and fault["percent"] > percent:
                self.figures[scope] = (fault["percent"], fault["regain_minutes"] if fault["percent"] >= 100 else 0)

    def refusal(self):
        """Meta's refusal once a figure reached 100, with the headers saying so; None below."""
        if not any(percent >= 100 for percent, _regain in self.figures.values()):
            return None
        code = REFUSAL_CODES[self.token_kind]
        return GraphError(code, RATE_LIMIT_MESSAGES[code], headers=self.headers())

    def headers(self):
        headers = {}
        if "app" in self.figures:
            headers["X-App-Usage"] = _compact(_figures(self.figures["app"][0]))
        if self.page_id is not None:
            headers["X-Page-Usage"] = _compact(_figures(self.figures[f"page:{self.page_id}"][0]))
        business = {scope.split(":", 1)[1]: [{"type": "messenger" if self.messaging else "pages",
                                              **_figures(percent), "estimated_time_to_regain_access": regain}]
                    for scope, (percent, regain) in self.figures.items() if scope.startswith("business:")}
        if business:
            headers["X-Business-Use-Case-Usage"] = _compact(business)
        return headers


def before_call(page_ids):
    """Count the call, lift its figures by a usage fault, and refuse it at 100 % as Meta does."""
    config = current_app.config
    g.usage_call = {"at": time.time(), "method": request.method, "path": request.path, "page_id": None,
                    "status": None}
    config["SANDBOX_USAGE"].remember(g.usage_call)  # kept on arrival: a reset clears it with the calls before
    token = params.access_token()
    call = count_call(config["SANDBOX_USAGE"], config["SANDBOX_STORE"].tokens.get(token or ""), token == app_token(),
                      page_ids, request.path.endswith("/messages"))
    if call is None:
        return
    g.usage_call["page_id"] = call.page_id
    fault = config["SANDBOX_FAULTS"].take(page_ids, {"usage"})
    if fault:
        call.raise_to(fault)
    g.usage = call
    refusal = call.refusal()
    if refusal:
        raise refusal


def after_call(response):
    """The usage headers on the answer (a fault's own stay), and the call kept for GET /__admin/calls."""
    call = g.pop("usage", None)
    if call is not None:
        for name, value in call.headers().items():
            response.headers.setdefault(name, value)
    if "usage_call" in g:
        g.pop("usage_call")["status"] = response.status_code
    return response


def count_call(counters, token_info, is_app_token, page_ids, messaging):
    """Count the call against its scopes (nothing for a token the sandbox does not know: Meta refuses it)."""
    if is_app_token:
        token_kind, page_id = "app", None
    elif token_info is None:
        return None
    else:
        token_kind = token_info["kind"]
        page_id = token_info["subject"] if token_kind == "page" else None
    scopes = ["app"] if page_id is None else [f"page:{page_id}", *(f"business:{object_id}"
                                                                   for object_id in sorted(page_ids))]
    return CallUsage(token_kind, page_id, counters.count(scopes, time.time()), messaging)


def _figures(percent):
    return {"call_count": percent, "total_cputime": 0, "total_time": 0}


def _compact(value):
    return json.dumps(value, separators=(",", ":"))
