#!/usr/bin/env bash
# Starts the whole product on the embedded defaults: SQLite under var/, a local Redis, the Graph API
# sandbox with demo pages and comments, the web process with the built frontend, a worker, beat and Flower.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
bash scripts/ensure-redis.sh
.venv/bin/python -m app migrate
cat <<MSG

  The product is starting. Open  ${PUBLIC_URL:-http://127.0.0.1:5000}  and click Login (demo users, no internet needed).
  Sandbox inspector (pages, comments, what the product did):  http://127.0.0.1:5100/
  Flower (queues and workers):  http://127.0.0.1:5555/     Stop with Ctrl-C.

MSG
exec .venv/bin/honcho start -f Procfile
