"""An open-loop load generator: calls start at a fixed rate from a pool of threads, whatever the answers take,
each thread on its own keep-alive connection (http.client: far less client CPU than requests on a 2-core box).
"""
from __future__ import annotations

import gc
import http.client
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable


@dataclass
class Timing:
    due: float  # time.time() at which the call should have started
    started: float
    seconds: float  # from the first byte sent to the whole answer read
    status: int


class HttpClient:
    """One connection per thread to one host; reconnects when the server closed it (sync gunicorn workers do)."""

    def __init__(self, host: str, port: int, timeout: float = 10.0):
        self.host, self.port, self.timeout = host, port, timeout
        self.local = threading.local()

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> tuple:
        for attempt in range(2):
            connection = self._connection()
            try:
                connection.request(method, path, body=body, headers=headers or {})
                response = connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError):
                connection.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _connection(self) -> http.client.HTTPConnection:
        if getattr(self.local, "connection", None) is None:
            self.local.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self.local.connection


def paced(calls: list[Callable[[], int]], rate: float, threads: int) -> list[Timing]:
    """Start calls[i] at start + i / rate (open loop); each call returns an HTTP status.

    The collector is off meanwhile: a full collection of this process (which holds the whole app's modules and
    every prepared call) stalled all its threads for ~100 ms, and the answers they were reading looked that slow.
    """
    start = time.time() + 0.05
    gc.collect()
    gc.disable()
    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            futures = []
            for index, call in enumerate(calls):
                due = start + index / rate
                wait = due - time.time()
                if wait > 0:
                    time.sleep(wait)
                futures.append(pool.submit(_timed, call, due))
            return [future.result() for future in futures]
    finally:
        gc.enable()


def _timed(call: Callable[[], int], due: float) -> Timing:
    started = time.time()
    try:
        status = call()
    except (OSError, http.client.HTTPException):
        status = 0
    return Timing(due, started, time.time() - started, status)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]
