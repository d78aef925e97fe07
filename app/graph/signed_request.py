"""Meta's `signed_request`, the one form field of the deauthorize and data deletion callbacks
(docs/graph-api.md#app-removal-and-data-deletion): `<signature>.<payload>`, both base64url, the signature the
HMAC-SHA256 of the payload part as sent, keyed with the app secret; the payload a JSON object naming its
`algorithm` (HMAC-SHA256), the person's app-scoped `user_id` and `issued_at`.

The signature is checked, in constant time, before the payload is read: a forged request tells its sender nothing
about how we parse.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from dataclasses import dataclass

ALGORITHM = "HMAC-SHA256"
# A base64url part as Meta writes it, without padding; a padded one (some libraries add it) is taken too.
PART = re.compile(r"[A-Za-z0-9_-]+={0,2}")
USER_ID = re.compile(r"[0-9]{1,64}")
SIGNATURE_BYTES = hashlib.sha256().digest_size


class SignedRequestInvalid(ValueError):
    """Not a signed request of this app: malformed, wrongly signed, or of another algorithm."""


@dataclass(frozen=True)
class SignedRequest:
    user_id: str
    issued_at: int | None


def parse(value: str, app_secret: str) -> SignedRequest:
    """The verified payload of `value`, or SignedRequestInvalid saying why not."""
    signature_part, dot, payload_part = value.partition(".")
    if not dot or not PART.fullmatch(signature_part) or not PART.fullmatch(payload_part):
        raise SignedRequestInvalid("not two base64url parts joined by a dot")
    if not app_secret:
        raise SignedRequestInvalid("no app secret to check it with")
    expected = hmac.new(app_secret.encode(), payload_part.encode("ascii"), hashlib.sha256).digest()
    signature = _decoded(signature_part)
    if len(signature) != SIGNATURE_BYTES or not hmac.compare_digest(expected, signature):
        raise SignedRequestInvalid("the signature does not match")
    payload = _payload(payload_part)
    if str(payload.get("algorithm", "")).upper() != ALGORITHM:
        raise SignedRequestInvalid(f"the algorithm is not {ALGORITHM}")
    user_id = payload.get("user_id")
    if isinstance(user_id, int) and not isinstance(user_id, bool):
        user_id = str(user_id)
    if not isinstance(user_id, str) or not USER_ID.fullmatch(user_id):
        raise SignedRequestInvalid("no user_id")
    issued_at = payload.get("issued_at")
    return SignedRequest(user_id, issued_at if isinstance(issued_at, int) else None)


def _payload(part: str) -> dict:
    try:
        payload = json.loads(_decoded(part))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise SignedRequestInvalid("the payload is not JSON") from error
    if not isinstance(payload, dict):
        raise SignedRequestInvalid("the payload is not a JSON object")
    return payload


def _decoded(part: str) -> bytes:
    bare = part.rstrip("=")
    try:
        return base64.urlsafe_b64decode(bare + "=" * (-len(bare) % 4))
    except (binascii.Error, ValueError) as error:  # a length no base64 has (one character past a block)
        raise SignedRequestInvalid("not base64url") from error

