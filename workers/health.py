"""health.ping: a task whose effect can be checked from outside, to prove workers run what is published."""
from __future__ import annotations

import socket

import redis

from app import queue, redis_keys
from workers.celery_app import celery, settings


@celery.task(name=queue.PING)
def ping(token: str) -> None:
    client = redis.Redis.from_url(settings["REDIS_URL"])
    client.set(redis_keys.PING_ANSWER.format(token=token), socket.gethostname(), ex=redis_keys.PING_ANSWER_TTL)
