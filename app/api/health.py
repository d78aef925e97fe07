"""Operations endpoints, outside the JSON API and its OpenAPI document: liveness, readiness and metrics.

None of them needs a session. /healthz only proves the process answers (a load balancer or Docker restarts it
otherwise); /readyz says whether the database and Redis answer and the intent model is loaded, so traffic waits
until they do; /metrics is the Prometheus exposition, open in development and test, restricted elsewhere
(app/metrics_export.may_read).
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request
from prometheus_client import CONTENT_TYPE_LATEST

from app import metrics_export
from app.errors import Forbidden
from app.services import readiness

blp = Blueprint("operations", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify({"status": "alive"})


@blp.get("/readyz")
def readyz():
    failed = readiness.failures(current_app.config)
    checks = {name: failed.get(name, "ok") for name in readiness.CHECKS}
    if failed:
        return jsonify({"status": "unavailable", "failed": sorted(failed), "checks": checks}), 503
    return jsonify({"status": "ready", "checks": checks})


@blp.get("/metrics")
def metrics():
    if not metrics_export.may_read(current_app.config, request.remote_addr, request.headers.get("Authorization")):
        raise Forbidden("Metrics need the METRICS_TOKEN bearer token or an address in METRICS_ALLOWED_NETWORKS",
                        code="metrics_forbidden")
    return Response(metrics_export.web_exposition(current_app.config), content_type=CONTENT_TYPE_LATEST)
