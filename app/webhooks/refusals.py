"""Refused webhook calls are throttled per client address: past `WEBHOOK_REFUSAL_LIMIT` refusals (a bad signature,
a failed handshake) a caller gets 429 with Retry-After instead of 403.

Only refusals are counted and only a refusal checks the count, so a signed delivery costs no Redis call and Meta's
deliveries can never be throttled by a stranger's guesses (each address has its own count). The counters live in
the throttle's Redis beside the login and contact ones; when Redis is unreachable the refusal is answered as it
is, unthrottled, rather than failing."""
from __future__ import annotations

import math
import time
from typing import NoReturn

from flask import current_app
from flask_limiter.util import get_remote_address
from limits import parse_many
from redis.exceptions import RedisError
from werkzeug.exceptions import TooManyRequests

from app.extensions import limiter

TOO_MANY_REFUSALS = "Too many refused calls from your address, try again in a moment"
SCOPE = "webhook-refusals"


def refuse(error: Exception) -> NoReturn:
    """Raise `error` (the refusal), or 429 once the caller's address is past its refused calls."""
    identifiers = (current_app.config["RATELIMIT_KEY_PREFIX"], get_remote_address(), SCOPE)
    try:
        for item in parse_many(current_app.config["WEBHOOK_REFUSAL_LIMIT"]):
            if not limiter.limiter.hit(item, *identifiers):
                reset_at = limiter.limiter.get_window_stats(item, *identifiers).reset_time
                raise TooManyRequests(TOO_MANY_REFUSALS, retry_after=max(1, math.ceil(reset_at - time.time())))
    except (RedisError, OSError):
        pass
    raise error
