"""Meta webhook checks for app/webhooks: the X-Hub-Signature-256 check, the GET verification handshake,
and `parse_changes`, which turns one delivery into the comment changes the product stores
(docs/graph-api.md#webhooks: both envelopes, both author shapes, Facebook and Instagram).
"""
import hashlib
import hmac
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

SIGNATURE_PREFIX = "sha256="
PLATFORM_BY_OBJECT = {"page": "facebook", "instagram": "instagram"}
INSTAGRAM_COMMENT_FIELDS = frozenset({"comments", "live_comments"})
# Meta sends an integer; anything else is echoed nowhere, since the view answers it as a raw body.
CHALLENGE_PATTERN = re.compile(r"[A-Za-z0-9_.-]{1,128}")


class WebhookPayloadInvalid(ValueError):
    """The body is not a Meta webhook envelope ({"object", "entry": [...]})."""


@dataclass(frozen=True)
class CommentChange:
    """One comment event of a delivery, the same shape for Facebook and Instagram."""

    platform: str
    page_id: str
    comment_id: str
    post_id: str | None
    parent_id: str | None
    from_id: str | None
    from_name: str | None
    message: str | None
    created_time: int | None
    verb: str
    field: str
    media_product_type: str | None


def verify_signature(raw_body: bytes, header: str | None, app_secret: str) -> bool:
    """True when `header` is "sha256=" + HMAC-SHA256(app_secret, raw_body), compared in constant time."""
    if not app_secret or not isinstance(header, str) or not header.startswith(SIGNATURE_PREFIX):
        return False
    expected = hmac.new(app_secret.encode(), raw_body, hashlib.sha256).hexdigest()
    received = header[len(SIGNATURE_PREFIX):].strip().lower()
    return hmac.compare_digest(expected.encode(), received.encode("utf-8", "replace"))


def handshake(args: Mapping, verify_token: str) -> str | None:
    """The challenge to answer as the raw body when Meta's GET carries our verify token, else None."""
    mode = _first_arg(args, "hub.mode", "hub_mode")
    token = _first_arg(args, "hub.verify_token", "hub_verify_token")
    challenge = _first_arg(args, "hub.challenge", "hub_challenge")
    if mode != "subscribe" or not verify_token or token is None or challenge is None:
        return None
    if not hmac.compare_digest(token.encode(), verify_token.encode()):
        return None
    return challenge if CHALLENGE_PATTERN.fullmatch(challenge) else None


def _first_arg(args: Mapping, *names: str) -> str | None:
    # PHP-style proxies turn "hub.mode" into "hub_mode" (docs/graph-api.md#verification-handshake).
    return next((args[name] for name in names if isinstance(args.get(name), str)), None)


def parse_changes(payload) -> list[CommentChange]:
    """Every comment change of one delivery, in order; other items (reactions, posts...) are left out."""
    if (not isinstance(payload, Mapping) or not isinstance(payload.get("entry"), list)
            or not isinstance(payload.get("object"), str)):
        raise WebhookPayloadInvalid("a webhook body is an object with an object name and an entry list")
    platform = PLATFORM_BY_OBJECT.get(payload["object"])
    if platform is None:
        return []
    changes = []
    for entry in payload["entry"]:
        if not isinstance(entry, Mapping):
            continue
        for field, value in _entry_changes(entry):
            change = _comment_change(platform, entry, field, value)
            if change is not None:
                changes.append(change)
    return changes


def _entry_changes(entry: Mapping) -> list[tuple[str, Mapping]]:
    """(field, value) pairs from `changes[]`, or from field/value set on the entry itself (IG Login)."""
    if isinstance(entry.get("changes"), list):
        items = entry["changes"]
    elif "field" in entry:
        items = [entry]
    else:
        items = []
    return [(item["field"], item["value"]) for item in items
            if isinstance(item, Mapping) and isinstance(item.get("field"), str)
            and isinstance(item.get("value"), Mapping)]


def _comment_change(platform: str, entry: Mapping, field: str, value: Mapping) -> CommentChange | None:
    if _text(entry.get("id")) is None:
        return None
    if platform == "facebook" and field == "feed" and value.get("item") == "comment":
        return _facebook_change(entry, field, value)
    if platform == "instagram" and field in INSTAGRAM_COMMENT_FIELDS:
        return _instagram_change(entry, field, value)
    return None


def _facebook_change(entry: Mapping, field: str, value: Mapping) -> CommentChange | None:
    comment_id = _text(value.get("comment_id"))
    if comment_id is None:
        return None
    author = value.get("from") if isinstance(value.get("from"), Mapping) else {}
    return CommentChange(
        platform="facebook", page_id=_text(entry.get("id")), comment_id=comment_id,
        post_id=_text(value.get("post_id")), parent_id=_text(value.get("parent_id")),
        # Graph v2.5-era deliveries name the author sender_id (a JSON number) / sender_name.
        from_id=_text(author.get("id", value.get("sender_id"))),
        from_name=_text(author.get("name", value.get("sender_name"))),
        message=_text(value.get("message")),
        created_time=_unix(value.get("created_time"), entry.get("time")),
        verb=_text(value.get("verb")) or "add", field=field, media_product_type=None)


def _instagram_change(entry: Mapping, field: str, value: Mapping) -> CommentChange | None:
    # The field reference and real deliveries say "id"; one examples page says "comment_id".
    comment_id = _text(value.get("id", value.get("comment_id")))
    if comment_id is None:
        return None
    author = value.get("from") if isinstance(value.get("from"), Mapping) else {}
    media = value.get("media") if isinstance(value.get("media"), Mapping) else {}
    return CommentChange(
        platform="instagram", page_id=_text(entry.get("id")), comment_id=comment_id,
        post_id=_text(media.get("id", value.get("media_id"))), parent_id=_text(value.get("parent_id")),
        from_id=_text(author.get("id")), from_name=_text(author.get("username", author.get("name"))),
        message=_text(value.get("text")),
        # Instagram sends no comment time: the entry's send time is the closest (docs/graph-api.md#comment-payloads).
        created_time=_unix(value.get("created_time"), entry.get("time")),
        verb="add", field=field, media_product_type=_text(media.get("media_product_type")))


def _text(value) -> str | None:
    if value is None or isinstance(value, (bool, Mapping, list)):
        return None
    return str(value)


def _unix(*candidates) -> int | None:
    return next((int(value) for value in candidates
                 if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)),
                None)
