#!/usr/bin/env bash
# Runs every test: pytest (unit, API, sandbox, Graph client, workers with a real Redis and Celery worker,
# browser tests in headless Chromium), then the frontend's Vitest suite.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
bash scripts/ensure-redis.sh
.venv/bin/pytest -q "$@"
(cd frontend && npm test --silent)
