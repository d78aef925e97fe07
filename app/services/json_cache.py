"""Answers kept a short while in Redis as JSON text, sent back as they are. The cache only saves work: Redis being
away reads as a miss, and the caller computes the answer again."""
from __future__ import annotations

from functools import lru_cache

import redis


@lru_cache(maxsize=4)
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)


def get(settings: dict, key: str) -> str | None:
    try:
        raw = _redis(settings["REDIS_URL"]).get(key)
    except redis.RedisError:
        return None
    return raw.decode() if raw else None


def put(settings: dict, key: str, text: str, seconds: int | None) -> bool:
    """Keeps the text `seconds` (None: until replaced); whether Redis took it."""
    try:
        _redis(settings["REDIS_URL"]).set(key, text.encode(), ex=seconds)
    except redis.RedisError:
        return False
    return True


def forget(settings: dict, key: str) -> None:
    try:
        _redis(settings["REDIS_URL"]).delete(key)
    except redis.RedisError:
        pass
