#!/usr/bin/env bash
# Installs what a fresh clone lacks, and only that: the Python virtual environment from the pinned lock and the
# models it builds, the frontend packages and the built frontend. Safe to run again; each step is skipped when up to
# date. The frontend and the Python side need nothing of each other: they are set up side by side.
# `setup.sh python` or `setup.sh frontend` sets up one side only (test.sh runs the frontend's tests as soon as its
# side is ready, while the Python side is still installing).
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}

need() { command -v "$1" >/dev/null 2>&1 || { echo "$2" >&2; exit 1; }; }

need_npm() { need npm "This needs Node.js 20 and npm: install them (apt-get install nodejs npm)"; }

# The Python the virtual environment is made from: $PYTHON when set, else the system's own (/usr/bin/python3), else
# python3 on the PATH, the first that is 3.11 or newer and can make a virtual environment with pip. The system's comes
# before the PATH's because distributions build Python with profile-guided and link-time optimisation and version
# managers (pyenv) by default without: on this project's machines pyenv's 3.11 ran a Python loop 30 % slower and
# imported the app 18 % slower, and the test suite starts a few hundred Python processes.
usable_python() {
  "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}

need_python() {
  local candidates=("${PYTHON:-}")
  [ -n "${PYTHON:-}" ] || candidates=(/usr/bin/python3 "$(command -v python3 || true)")
  python=""
  for candidate in "${candidates[@]}"; do
    if [ -n "$candidate" ] && usable_python "$candidate"; then python=$candidate; break; fi
  done
  [ -n "$python" ] || {
    echo "This needs Python 3.11 or newer with venv: install python3 and python3-venv" \
      "(apt-get install python3 python3-venv)${PYTHON:+, or set PYTHON to such a Python (now $PYTHON)}" >&2
    exit 1
  }
}

frontend() {
  if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
    (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  fi
  if [ ! -f frontend/dist/index.html ] || [ -n "$(find frontend/src frontend/index.html frontend/package.json -newer frontend/dist/index.html -print -quit)" ]; then
    (cd frontend && npm run build --silent)
  fi
}

# uv (from PyPI, at the version pinned here) installs the lock into the virtual environment, with pip as the fallback
# where uv cannot be installed or cannot reach the index (a pip set up for a mirror that uv does not read). pip fetches
# one package after another: on a fresh machine it took 56 s of wall time and 20 s of CPU, uv 12 s with its own
# install and 3 s of CPU, on the path every test run waits on.
UV_VERSION=0.13.9

install_lock() {
  # --no-deps: the lock names every package the others need (tests/unit/test_requirements_lock.py runs `pip check`),
  # so it is installed as written instead of resolved again. Neither installer compiles bytecode: Python compiles a
  # module the first time it is imported (a run imports a fraction of scipy and its kin).
  if .venv/bin/pip install --quiet --disable-pip-version-check "uv==$UV_VERSION" \
    && UV_LINK_MODE=copy .venv/bin/uv pip install --quiet --python .venv/bin/python --no-deps -r requirements.lock; then
    return
  fi
  echo "setup: uv could not install the packages; installing them with pip" >&2
  .venv/bin/pip install --quiet --no-deps --no-compile --disable-pip-version-check -r requirements.lock
}

python_side() {
  if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
  fi
  if [ ! -f .venv/.installed ] || [ requirements.lock -nt .venv/.installed ]; then
    install_lock
    touch .venv/.installed
  fi
  mkdir -p var
  # The intent model and the abuse and chatter model (nlp/moderation.py) for the current training data (a minute or
  # two when nlp/data or its code changed, else instant): workers and the web only load them, and a worker refuses
  # to start without the intent model (docs/architecture.md#the-intent-model).
  .venv/bin/python -m nlp train >/dev/null
}

case "$part" in
  python) need_python; python_side ;;
  frontend) need_npm; frontend ;;
  all)
    need_python
    need_npm
    frontend_log=$(mktemp)
    trap 'rm -f "$frontend_log"' EXIT
    frontend >"$frontend_log" 2>&1 &
    frontend_pid=$!
    python_side
    frontend_status=0
    wait "$frontend_pid" || frontend_status=$?
    cat "$frontend_log"
    [ "$frontend_status" -eq 0 ] || { echo "setup: the frontend's packages or build failed" >&2; exit "$frontend_status"; }
    ;;
  *) echo "usage: setup.sh [python|frontend]" >&2; exit 2 ;;
esac
