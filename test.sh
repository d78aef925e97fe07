#!/usr/bin/env bash
# Runs every test: pytest (unit, API, sandbox, Graph client, workers with a real Redis and Celery worker,
# browser tests in headless Chromium), then the frontend's Vitest suite. Vitest runs even when pytest failed;
# the exit status is non-zero when either failed. Arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
bash scripts/ensure-redis.sh
bash scripts/ensure-chromium.sh
pytest_status=0
.venv/bin/pytest -q "$@" || pytest_status=$?
vitest_status=0
(cd frontend && npm test --silent) || vitest_status=$?
[ "$pytest_status" -eq 0 ] || echo "test.sh: pytest failed (exit $pytest_status)" >&2
[ "$vitest_status" -eq 0 ] || echo "test.sh: Vitest failed (exit $vitest_status)" >&2
exit $(( pytest_status != 0 ? pytest_status : vitest_status ))
