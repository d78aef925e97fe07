"""A page's statistics for its card (spec 000 §2 "Pages screen", §7): read server-side with the page token, since
the token never goes to the browser, and kept a few minutes in Redis so that listing pages costs no Graph call per
page on every reload.

Facebook: fan_count, picture, new_like_count. Instagram: followers_count, media_count, profile_picture_url,
username, name (read with the linked Facebook page's token). A page whose read fails has no statistics (None), and
the list leaves it out, as the original client dropped it (spec 000 §7).
"""
from __future__ import annotations

import hashlib
import json
import logging
from app import graph
from app.services import json_cache
from app.services.graph_client import graph_client

log = logging.getLogger(__name__)

FACEBOOK_FIELDS = "id,name,fan_count,picture,new_like_count"
INSTAGRAM_FIELDS = "id,name,username,followers_count,media_count,profile_picture_url"
# Short: fans and likes change slowly, and a reconnected page shows its new figures within minutes.
CACHE_SECONDS = 300
# The key names the token's digest (never the token): a new token (a reconnection) reads the page afresh.
CACHE_KEY = "page-stats:{platform}:{page_id}:{token_digest}"


def stats(settings: dict, platform: str, page_id: str, token: str | None) -> dict | None:
    """The card's figures, {"fans", "interactions", "picture", ...Graph's own fields}, or None when unreadable."""
    if not token:
        return None
    key = settings.get("CELERY_KEY_PREFIX", "") + CACHE_KEY.format(
        platform=platform, page_id=page_id, token_digest=hashlib.sha256(token.encode()).hexdigest()[:16])
    cached = _cache_get(settings, key)
    if cached is not None:
        return cached
    figures = _read(settings, platform, page_id, token)
    if figures is not None:
        _cache_set(settings, key, figures)
    return figures


def _read(settings: dict, platform: str, page_id: str, token: str) -> dict | None:
    client = graph_client(settings)
    try:
        if platform == "instagram":
            return _instagram(client.instagram_account(page_id, token, INSTAGRAM_FIELDS))
        return _facebook(client.page(page_id, token, FACEBOOK_FIELDS))
    except graph.GraphError as error:
        log.info("statistics of %s page %s unreadable: %s", platform, page_id, error.reason)
        return None


def _facebook(body: dict) -> dict:
    picture = ((body.get("picture") or {}).get("data") or {}).get("url")
    fans, likes = _count(body.get("fan_count")), _count(body.get("new_like_count"))
    return {"name": body.get("name"), "picture": picture, "fan_count": fans, "new_like_count": likes,
            "fans": fans, "interactions": likes}


def _instagram(body: dict) -> dict:
    followers, media = _count(body.get("followers_count")), _count(body.get("media_count"))
    return {"name": body.get("name") or body.get("username"), "picture": body.get("profile_picture_url"),
            "profile_picture_url": body.get("profile_picture_url"), "username": body.get("username"),
            "followers_count": followers, "media_count": media, "fans": followers, "interactions": media}


def _count(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _cache_get(settings: dict, key: str) -> dict | None:
    # The cache only saves calls: a value not ours means reading the Graph API again.
    raw = json_cache.get(settings, key)
    try:
        value = json.loads(raw) if raw else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _cache_set(settings: dict, key: str, figures: dict) -> None:
    json_cache.put(settings, key, json.dumps(figures), CACHE_SECONDS)
