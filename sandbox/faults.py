"""Faults on demand (POST /__admin/faults): Meta's rate limits, expired tokens, permission and server errors,
slow answers, usage figures raised to a `percent` (sandbox/usage.py), and dropped or duplicated webhooks, per page or
globally, each for `count` calls or until cleared."""
import itertools
import json
import threading
import time

from sandbox.errors import GraphError

KINDS = {"rate_limit", "token_expired", "permission", "server_error", "slow", "usage", "drop_webhooks",
         "duplicate_webhooks", "reorder_webhooks"}
WEBHOOK_KINDS = {"drop_webhooks", "duplicate_webhooks", "reorder_webhooks"}
# Kinds that answer no error of their own: they change how, or with which headers, a call is answered.
SHAPING_KINDS = {"slow", "usage"}
ALLOWED_CODES = {"rate_limit": {4, 17, 32, 613, 80001, 80002, 80006}, "permission": {10, 200, 230},
                 "server_error": {1, 2}, "token_expired": {190}}
DEFAULT_CODES = {"rate_limit": 4, "permission": 200, "server_error": 2, "token_expired": 190}
RATE_LIMIT_MESSAGES = {4: "Application request limit reached", 17: "User request limit reached",
                       32: "Page request limit reached", 613: "Calls to this api have exceeded the rate limit.",
                       80001: "There have been too many calls to this Page account. Wait a bit and try again.",
                       80002: "There have been too many calls to this Instagram account.",
                       80006: "There have been too many messaging requests to this Page account."}


class FaultInputError(ValueError):
    pass


class Faults:
    def __init__(self):
        self.lock = threading.Lock()
        self.active = []
        self.ids = itertools.count(1)

    def add(self, scope, kind, code=None, count=None, delay_ms=None, regain_minutes=1, percent=None):
        if kind not in KINDS:
            raise FaultInputError(f"kind must be one of {sorted(KINDS)}")
        code = DEFAULT_CODES.get(kind) if code is None else code
        if kind in ALLOWED_CODES and code not in ALLOWED_CODES[kind]:
            raise FaultInputError(f"code for {kind} must be one of {sorted(ALLOWED_CODES[kind])}")
        for name, value in (("count", count), ("delay_ms", delay_ms), ("regain_minutes", regain_minutes)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise FaultInputError(f"{name} must be a non-negative integer")
        if kind == "slow" and not delay_ms:
            raise FaultInputError("slow needs delay_ms")
        if kind == "usage" and (isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= 100):
            raise FaultInputError("usage needs percent, an integer from 0 to 100")
        fault = {"id": next(self.ids), "scope": str(scope), "kind": kind, "code": code, "remaining": count,
                 "delay_ms": delay_ms, "regain_minutes": regain_minutes, "percent": percent}
        with self.lock:
            self.active.append(fault)
        return fault

    def clear(self):
        with self.lock:
            self.active.clear()

    def take(self, page_ids, kinds):
        """The first active fault of these kinds for these pages (or global), consuming one of its count."""
        with self.lock:
            for fault in self.active:
                if fault["kind"] in kinds and (fault["scope"] == "*" or fault["scope"] in page_ids):
                    if fault["remaining"] is not None:
                        fault["remaining"] -= 1
                        if fault["remaining"] <= 0:
                            self.active.remove(fault)
                    return dict(fault)
        return None

    def apply_to_call(self, page_ids):
        """Run before a Graph call: sleep for `slow`, then raise the error fault that matches, if any."""
        slow = self.take(page_ids, {"slow"})
        if slow:
            time.sleep(slow["delay_ms"] / 1000)
        fault = self.take(page_ids, KINDS - WEBHOOK_KINDS - SHAPING_KINDS)
        if fault:
            raise error_for(fault, page_ids)


def error_for(fault, page_ids):
    kind, code = fault["kind"], fault["code"]
    if kind == "token_expired":
        return GraphError(190, "Error validating access token: Session has expired. "
                               "The current time is later than the expiry time.", subcode=463)
    if kind == "permission":
        return GraphError(code, "Permissions error" if code == 200 else "Application does not have permission "
                                                                        "for this action")
    if kind == "server_error":
        return GraphError(code, "An unexpected error has occurred. Please retry your request later.")
    return GraphError(code, RATE_LIMIT_MESSAGES[code], headers=usage_headers(fault, page_ids))


def usage_headers(fault, page_ids):
    """X-App-Usage (percentages) and X-Business-Use-Case-Usage (minutes to regain access),
    docs/graph-api.md#rate-limits."""
    app_usage = {"call_count": 100, "total_time": 42, "total_cputime": 37}
    usage_type = "instagram" if fault["code"] == 80002 else "messenger" if fault["code"] == 80006 else "pages"
    business = {page_id: [{"type": usage_type, "call_count": 100, "total_cputime": 37, "total_time": 42,
                           "estimated_time_to_regain_access": fault["regain_minutes"]}]
                for page_id in sorted(page_ids) or ["0"]}
    return {"X-App-Usage": json.dumps(app_usage, separators=(",", ":")),
            "X-Business-Use-Case-Usage": json.dumps(business, separators=(",", ":"))}
