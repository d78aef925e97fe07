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

need_python() {
  need python3 "This needs Python 3.11 or newer: install python3 and python3-venv (apt-get install python3 python3-venv)"
  python3 -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
    || { echo "This needs Python 3.11 or newer with venv: install python3 and python3-venv" >&2; exit 1; }
}

frontend() {
  if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
    (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  fi
  if [ ! -f frontend/dist/index.html ] || [ -n "$(find frontend/src frontend/index.html frontend/package.json -newer frontend/dist/index.html -print -quit)" ]; then
    (cd frontend && npm run build --silent)
  fi
}

python_side() {
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  if [ ! -f .venv/.installed ] || [ requirements.lock -nt .venv/.installed ]; then
    # --no-compile: Python compiles a module's bytecode the first time it is imported instead of pip compiling every
    # module of every package (measured: 47 s of CPU became 30 s; a run imports a fraction of scipy and its kin).
    .venv/bin/pip install --quiet --no-compile --disable-pip-version-check -r requirements.lock
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
