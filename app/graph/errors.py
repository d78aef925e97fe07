"""Meta Graph API errors sorted into the kinds callers act on (docs/graph-api.md#errors).

`classify(status, body, headers)` turns one failed answer into a typed `GraphError`; it decides on
`code` and `error_subcode` only, because Meta localises the message text (docs/graph-api.md#errors).
"""
from collections.abc import Mapping

from app.graph import usage

# Codes that mean "slow down", not "give up" (docs/graph-api.md#errors).
RATE_LIMIT_CODES = frozenset({4, 17, 32, 341, 368, 613, 80001, 80002, 80006})
TOKEN_CODES = frozenset({102, 190})
TRANSIENT_CODES = frozenset({1, 2})
ALREADY_REPLIED_CODE = 10900
# 100/33: "Object with ID ... does not exist, cannot be loaded ... or does not support this operation".
NOT_FOUND_SUBCODES = frozenset({33})
# Codes 10 and 200 also carry per-recipient messaging refusals (outside the window, person unavailable):
# permanent for that message, but not a missing permission of the page (docs/graph-api.md#errors).
RECIPIENT_SUBCODES = frozenset({2018278, 2534022, 2018108, 1545041})
# (#10903) "This user can't reply to this activity" with 1893049: a private reply past the comment's 7-day window
# (the sandbox's answer; Meta documents no code of its own for it, docs/graph-api.md#private-replies).
REPLY_WINDOW_CLOSED = (10903, 1893049)

# No usage header says when access comes back: wait a minute, or five when the rolling-hour quota is
# spent (usage figures are percentages of that hour, throttled at 100; docs/graph-api.md#rate-limits).
DEFAULT_RETRY_AFTER = 60
USAGE_FULL_RETRY_AFTER = 300
# 368 is a policy block rather than a quota: Meta advises backing off long.
POLICY_BLOCK_RETRY_AFTER = 3600


class GraphError(Exception):
    """A failed Graph API call: Meta's code and subcode, its message, and the HTTP status."""

    retryable = False

    def __init__(self, code=None, subcode=None, message="", status=None, fbtrace_id=None):
        super().__init__(message)
        self.code = code
        self.subcode = subcode
        self.message = message
        self.status = status
        self.fbtrace_id = fbtrace_id

    @property
    def reason(self) -> str:
        """The "code - message" line stored on a failed action and shown in the UI."""
        return f"{self.code} - {self.message}" if self.code is not None else self.message

    def __str__(self) -> str:
        return f"{type(self).__name__}({self.code}/{self.subcode}, status {self.status}): {self.message}"


class RateLimited(GraphError):
    """A quota is spent; retry after `retry_after` seconds, per page (docs/graph-api.md#rate-limits)."""

    retryable = True

    def __init__(self, code=None, subcode=None, message="", status=None, fbtrace_id=None,
                 retry_after=DEFAULT_RETRY_AFTER):
        super().__init__(code, subcode, message, status, fbtrace_id)
        self.retry_after = retry_after


class Paced(RateLimited):
    """Not sent: the page's usage nears Meta's limit, so its calls wait `retry_after` seconds more than a caller may
    sleep (app/graph/pacing.py). Meta refused nothing; the caller puts the call off, as after a rate limit."""

    def __init__(self, retry_after: float):
        super().__init__(message=f"paced: the page's Graph usage is near Meta's limit, next call in "
                                 f"{retry_after:.0f} s", retry_after=retry_after)


class TokenInvalid(GraphError):
    """The token is expired or revoked (190, 102): the page needs reconnecting."""


class PermissionDenied(GraphError):
    """The token lacks a permission or task (10, 200-299): reconnect with the right scopes."""


class NotFound(GraphError):
    """The object is gone or not visible to this token (100/33, HTTP 404)."""


class AlreadyReplied(GraphError):
    """(#10900) the comment already has its one private reply: the effect is already done."""


class Transient(GraphError):
    """Meta or the network failed for now (1, 2, 5xx, timeouts, connection errors): retry later."""

    retryable = True


class Permanent(GraphError):
    """Anything else: retrying the same call will fail the same way."""


class ReplyWindowClosed(Permanent):
    """The comment is past Meta's 7-day private-reply window: no private reply can ever be sent to it."""


def classify(status: int | None, body, headers: Mapping | None = None) -> GraphError:
    """Return the typed error for one failed answer (`body` parsed JSON or raw text)."""
    error = body.get("error") if isinstance(body, Mapping) else None
    if not isinstance(error, Mapping):
        return _classify_without_error_object(status, body, headers or {})
    code = usage.as_int(error.get("code"))
    subcode = usage.as_int(error.get("error_subcode"))
    fields = {"code": code, "subcode": subcode, "message": str(error.get("message") or ""),
              "status": status, "fbtrace_id": error.get("fbtrace_id")}
    if code in RATE_LIMIT_CODES:
        return RateLimited(**fields, retry_after=retry_after(code, headers or {}))
    return _kind_for_code(code, subcode, status)(**fields)


def _kind_for_code(code: int | None, subcode: int | None, status: int | None) -> type[GraphError]:
    if code == ALREADY_REPLIED_CODE:
        return AlreadyReplied
    if (code, subcode) == REPLY_WINDOW_CLOSED:
        return ReplyWindowClosed
    if code in TOKEN_CODES:
        return TokenInvalid
    if code in TRANSIENT_CODES:
        return Transient
    if code == 100 and subcode in NOT_FOUND_SUBCODES:
        return NotFound
    if (code == 10 or (code is not None and 200 <= code <= 299)) and subcode not in RECIPIENT_SUBCODES:
        return PermissionDenied
    if status == 404:
        return NotFound
    if status is not None and status >= 500:
        return Transient
    return Permanent


def _classify_without_error_object(status: int | None, body, headers: Mapping) -> GraphError:
    message = body.strip()[:200] if isinstance(body, str) else ""
    message = message or f"HTTP {status} without a Graph error body"
    if status == 404:
        return NotFound(message=message, status=status)
    if status == 429:
        return RateLimited(message=message, status=status, retry_after=retry_after(None, headers))
    if status is None or status >= 500:
        return Transient(message=message, status=status)
    return Permanent(message=message, status=status)


def retry_after(code: int | None, headers: Mapping) -> int:
    """Seconds to wait before calling again, from Meta's usage headers (docs/graph-api.md#rate-limits)."""
    reported = usage.read(headers)
    wait = reported.regain_seconds or usage.as_int(usage.header(headers, "Retry-After")) or 0
    if not wait:
        wait = USAGE_FULL_RETRY_AFTER if reported.spent else DEFAULT_RETRY_AFTER
    if code == 368:
        wait = max(wait, POLICY_BLOCK_RETRY_AFTER)
    return wait
