#!/usr/bin/env bash
# Starts the whole product on the embedded defaults: SQLite under var/, a local Redis, the Graph API
# sandbox with demo pages and comments, the web process with the built frontend, a worker, beat and Flower.
set -euo pipefail
cd "$(dirname "$0")"
unset PYTHONDONTWRITEBYTECODE  # every process of the product reads the app's bytecode rather than compiling it again
bash scripts/setup.sh
bash scripts/ensure-redis.sh
.venv/bin/python -m app migrate
# The web and the worker write their metrics there (the web's /metrics adds them up): a fresh start, fresh counters.
rm -rf var/metrics && mkdir -p var/metrics
# The demo (README "Try the loop"): once the sandbox answers, Amira Ben Salah gets a paid plan and her page Maison
# Jasmin is connected with a live agent and a small catalogue. Seeding again changes nothing that is there.
.venv/bin/python -m app demo --wait 120 &
cat <<MSG

  The product is starting. Open  ${PUBLIC_URL:-http://127.0.0.1:5000}  and click Login (demo users, no internet needed).
  Demo: sign in as Amira Ben Salah. In the sandbox inspector, comment on Maison Jasmin's newest post
  (e.g. "le sac en cuir c'est combien ?"): the private reply shows there, and in My agents > comments with its why.
  Sandbox inspector (pages, comments, what the product did):  http://127.0.0.1:5100/
  Flower (queues and workers):  http://127.0.0.1:5555/     Stop with Ctrl-C.

MSG
# numpy's BLAS in the calling thread: the processes never multiply matrices large enough to share, and OpenBLAS's
# idle threads spin (test.sh says how much).
export OPENBLAS_NUM_THREADS=1
exec .venv/bin/honcho start -f Procfile
