"""Serving the metrics: the web's /metrics (app/api/health.py) and a worker's own HTTP exporter.

With PROMETHEUS_MULTIPROC_DIR set, every process of the host (gunicorn's workers, Celery's pool children) writes
its counters to files there, and an exposition adds them all up; without it, a process shows only its own. The
web's /metrics also reads, at scrape time, the backlog gauges (app/services/backlog.py): a worker's exporter
leaves them out so that they are counted once.
"""
from __future__ import annotations

import hmac
import ipaddress
import logging
import os

from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from app.config import LOCAL_ENVIRONMENTS
from app.metrics import PREFIX
from app.services import backlog

log = logging.getLogger(__name__)


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def process_registry() -> CollectorRegistry:
    """The counters of this host's processes (multiprocess mode) or of this process alone."""
    if not multiprocess_dir():
        return REGISTRY
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    return registry


def web_exposition(settings: dict) -> bytes:
    registry = CollectorRegistry()
    registry.register(_Merged(process_registry()))
    registry.register(_Backlog(settings))
    return generate_latest(registry)


def serve_worker_metrics(settings: dict) -> None:
    """Start the worker's exporter on METRICS_PORT (its main process; pool children write to the shared dir)."""
    port = int(settings.get("METRICS_PORT") or 0)
    if not port:
        return
    if not multiprocess_dir():
        log.warning("METRICS_PORT without PROMETHEUS_MULTIPROC_DIR: the pool children's metrics are not shown")
    start_http_server(port, addr=settings.get("METRICS_ADDRESS") or "0.0.0.0", registry=process_registry())
    log.info("worker metrics on port %s", port)


def may_read(settings: dict, remote_addr: str | None, authorization: str | None) -> bool:
    """Open in development and test unless restricted; elsewhere only with the token or from an allowed network."""
    token = settings.get("METRICS_TOKEN") or ""
    networks = _networks(settings.get("METRICS_ALLOWED_NETWORKS") or "")
    if not token and not networks:
        return settings["APP_ENV"] in LOCAL_ENVIRONMENTS
    if token and hmac.compare_digest((authorization or "").encode(), f"Bearer {token}".encode()):
        return True
    return _address_in(remote_addr, networks)


def _networks(value: str) -> list:
    """The networks of a comma-separated list; outside development and test the settings refuse a wrong one, here
    it only allows nothing."""
    found = []
    for part in filter(None, (part.strip() for part in value.split(","))):
        try:
            found.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            log.error("METRICS_ALLOWED_NETWORKS: %r is not a network", part)
    return found


def _address_in(remote_addr: str | None, networks: list) -> bool:
    try:
        address = ipaddress.ip_address(remote_addr or "")
    except ValueError:
        return False
    return any(address in network for network in networks)


class _Merged:
    """Another registry's families inside this exposition."""

    def __init__(self, registry: CollectorRegistry):
        self.registry = registry

    def collect(self):
        yield from self.registry.collect()


class _Backlog:
    """Gauges read when scraped; a source that does not answer shows as up 0 and its gauges are left out."""

    def __init__(self, settings: dict):
        self.settings = settings

    def collect(self):
        up = GaugeMetricFamily(f"{PREFIX}_scrape_source_up", "Whether the database and Redis answered this scrape",
                               labels=["source"])
        try:
            found = backlog.database_backlog()
        except Exception:
            log.warning("metrics: the database did not answer the backlog reading", exc_info=True)
            up.add_metric(["database"], 0)
        else:
            up.add_metric(["database"], 1)
            yield from _backlog_families(found)
        try:
            depths = backlog.queue_depths(self.settings)
        except Exception:
            log.warning("metrics: Redis did not answer the queue lengths", exc_info=True)
            up.add_metric(["redis"], 0)
        else:
            up.add_metric(["redis"], 1)
            depth = GaugeMetricFamily(f"{PREFIX}_queue_depth", "Messages waiting in each Celery queue",
                                      labels=["queue"])
            for name, count in depths.items():
                depth.add_metric([name], count)
            yield depth
        yield up


def _backlog_families(found):
    yield GaugeMetricFamily(f"{PREFIX}_inbox_backlog", "Stored comments not yet decided",
                            value=found.inbox_unprocessed)
    yield GaugeMetricFamily(f"{PREFIX}_inbox_oldest_age_seconds", "Age of the oldest comment not yet decided",
                            value=found.inbox_oldest_age_seconds)
    yield GaugeMetricFamily(f"{PREFIX}_actions_due", "Planned actions past their due time, not yet claimed",
                            value=found.actions_due)
    yield GaugeMetricFamily(f"{PREFIX}_actions_oldest_due_age_seconds",
                            "How long the oldest due, unclaimed action has been due",
                            value=found.actions_oldest_due_age_seconds)
