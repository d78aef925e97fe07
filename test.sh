#!/usr/bin/env bash
# Runs every test: pytest (unit, API, sandbox, Graph client, workers with a real Redis and Celery worker,
# browser tests in headless Chromium) in four processes (pytest-xdist, a test file to a process), and the frontend's
# Vitest suite beside it, its output printed once pytest is done. Vitest runs even when pytest failed; the exit status
# is non-zero when either failed. Arguments go to pytest (`-n 0` runs it in one process). Prints the wall time at the
# end. How the suite is organised: tests/README.md.
set -euo pipefail
cd "$(dirname "$0")"
started=$SECONDS
# The suite starts a few hundred Python processes (web processes, workers, sandboxes, `python -m app` commands): with
# bytecode written once, each reads it instead of compiling the app again (3.4 s -> 1.5 s for an app's start). Some
# machines set PYTHONDONTWRITEBYTECODE for everything; the bytecode goes to __pycache__ folders git ignores.
unset PYTHONDONTWRITEBYTECODE
# numpy's OpenBLAS keeps a thread for each other core, which spins for about 0.1 s of CPU once numpy is imported and
# after each call it shares, and the product's processes never multiply matrices large enough to share (training
# limits itself: nlp/training.py). One thread, as in run.sh and the Dockerfile, saves that in each Python process of
# the suite: 1.5 to 2.5 s of CPU of 25 on a worker module and a browser module.
export OPENBLAS_NUM_THREADS=1

# The frontend's side in the background: its packages and build, then Vitest, which uses a core while the Python
# side installs and builds the models, and while pytest's processes wait on browsers, workers and sandboxes.
vitest_log=$(mktemp)
frontend_built=$(mktemp -u)
(bash scripts/setup.sh frontend && touch "$frontend_built" && cd frontend && npm test --silent) >"$vitest_log" 2>&1 &
vitest_pid=$!

# The machine's parts (a Redis, and Chromium: apt-get on a fresh machine) beside the Python side's install and models.
# Left to finish if the Python side fails: an apt-get stopped midway leaves dpkg to repair.
machine_log=$(mktemp)
(bash scripts/ensure-redis.sh && bash scripts/ensure-chromium.sh) >"$machine_log" 2>&1 &
machine_pid=$!
trap 'kill "$vitest_pid" 2>/dev/null || true; rm -f "$vitest_log" "$frontend_built" "$machine_log"' EXIT

bash scripts/setup.sh python
machine_status=0
wait "$machine_pid" || machine_status=$?
cat "$machine_log"
[ "$machine_status" -eq 0 ] || exit "$machine_status"
# The browser tests serve the built frontend: wait for the build, or say that the frontend's side failed.
while [ ! -e "$frontend_built" ] && kill -0 "$vitest_pid" 2>/dev/null; do sleep 0.2; done
if [ ! -e "$frontend_built" ]; then
  cat "$vitest_log"
  echo "test.sh: the frontend's packages or build failed" >&2
  exit 1
fi

pytest_started=$(( SECONDS - started ))
pytest_status=0
# Four processes on two cores: browser, worker and fault tests wait on other processes more than they compute (with
# two, the cores were busy 60 % of the time), so four keep both busier.
.venv/bin/pytest -q -n 4 --dist loadfile "$@" || pytest_status=$?
vitest_status=0
wait "$vitest_pid" || vitest_status=$?
cat "$vitest_log"

[ "$pytest_status" -eq 0 ] || echo "test.sh: pytest failed (exit $pytest_status)" >&2
[ "$vitest_status" -eq 0 ] || echo "test.sh: Vitest failed (exit $vitest_status)" >&2
elapsed=$(( SECONDS - started ))
# When pytest started says how much of the run the set-up took (packages, the models, the frontend's build).
echo "test.sh: $(( elapsed / 60 )) min $(( elapsed % 60 )) s (pytest started ${pytest_started} s in)"
exit $(( pytest_status != 0 ? pytest_status : vitest_status ))
