"""Answers kept a short while in Redis as JSON. The cache only saves work: Redis being away, or a value that is not
JSON, reads as a miss and the caller computes the answer again."""
from __future__ import annotations

import json
from functools import lru_cache

import redis


@lru_cache(maxsize=4)
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)


def get(settings: dict, key: str):
    try:
        raw = _redis(settings["REDIS_URL"]).get(key)
        return json.loads(raw) if raw else None
    except (redis.RedisError, ValueError):
        return None


def put(settings: dict, key: str, value, seconds: int) -> None:
    try:
        _redis(settings["REDIS_URL"]).set(key, json.dumps(value), ex=seconds)
    except redis.RedisError:
        pass
