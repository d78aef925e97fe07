"""A worker whose consumer no longer takes messages stops, for its supervisor to start it again.

After some broker reconnections (a Redis restart or failover), Celery's consumer reconnects and then takes nothing
more: celery#8030, #8091 and #9054, reported again on 5.5 and 5.6 (#10205, #10302). Such a worker looks alive (its
process, its metrics exporter), while the comments wait in the inbox and nobody drains them. The main process reads,
every few seconds, how many messages wait in the queues it serves. When messages waited at every reading for
CONSUMER_STALL_SECONDS, while a pool slot was free and no message came in, it logs why and stops with a failure
status (running tasks finish first; its held messages come back after the visibility timeout). Its supervisor
(Docker's restart policy, systemd) starts a fresh one, which takes the queue up again.

A healthy worker cannot meet that condition: with a free slot, a waiting message is delivered within milliseconds,
and a worker whose slots are all busy (a long batch, the solo pool inside a task) is not counted as stalled.
"""
from __future__ import annotations

import logging
import os
import threading
import time

from celery.platforms import EX_FAILURE
from celery.signals import task_received, worker_ready
from celery.worker import state

from app.services import backlog
from app.settings import settings_of
from workers.celery_app import settings

log = logging.getLogger(__name__)
# A worker told to stop that is still running this long after (a stuck loop never reads the flag) is ended.
STOP_GRACE_SECONDS = 90


class Watch:
    """Whether messages waited, with a free slot and nothing received, for `stall_seconds` in a row."""

    def __init__(self, stall_seconds: float, now: float):
        self.stall_seconds = stall_seconds
        self.received_at = now
        self.waiting_since: float | None = None

    def received(self, now: float) -> None:
        self.received_at = now

    def stalled(self, waiting: int, free_slot: bool, now: float) -> bool:
        if not waiting or not free_slot:
            self.waiting_since = None
            return False
        if self.waiting_since is None:
            self.waiting_since = now
        return now - max(self.waiting_since, self.received_at) >= self.stall_seconds


_watch = Watch(settings_of(settings).consumer_stall_seconds, time.monotonic())
_started = threading.Event()


@task_received.connect
def _received(**_kwargs) -> None:
    _watch.received(time.monotonic())


@worker_ready.connect
def _start(sender=None, **_kwargs) -> None:
    """Sent again after each reconnection: one watcher for the worker's life."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=_run, args=(sender,), name="consumer-watch", daemon=True).start()


def _run(consumer) -> None:
    served = set(consumer.app.amqp.queues.consume_from)
    every = min(5.0, _watch.stall_seconds / 3)
    while True:
        time.sleep(every)
        waiting = _waiting(served)
        free_slot = len(state.reserved_requests) < consumer.controller.concurrency
        if _watch.stalled(waiting, free_slot, time.monotonic()):
            _stop(waiting, served)
            return


def _waiting(served: set[str]) -> int:
    try:
        return sum(depth for name, depth in backlog.queue_depths(settings).items() if name in served)
    except Exception as error:  # Redis away: the consumer is reconnecting, not stalled
        log.debug("queue depths unread: %s", error)
        return 0


def _stop(waiting: int, served: set[str]) -> None:
    log.error("this worker stopped taking messages: %d waited in its queues (%s) for %.0f s while a pool slot was "
              "free, and none came in; it stops, for its supervisor to start it again", waiting,
              ", ".join(sorted(served)), _watch.stall_seconds)
    state.should_stop = EX_FAILURE
    time.sleep(STOP_GRACE_SECONDS)
    log.error("the worker did not stop within %d s; it exits now", STOP_GRACE_SECONDS)
    os._exit(EX_FAILURE)
