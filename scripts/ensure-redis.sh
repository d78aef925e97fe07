#!/usr/bin/env bash
# Makes sure a Redis answers at REDIS_URL's host and port; starts redis-server from PATH when none does,
# with its append-only file on and no eviction (docs/architecture.md#queue-rules rule 9), its data under var/redis.
set -euo pipefail
cd "$(dirname "$0")/.."
url="${REDIS_URL:-redis://127.0.0.1:6379/0}"
hostport="${url#redis://}"; hostport="${hostport%%/*}"; host="${hostport%%:*}"; port="${hostport##*:}"
if redis-cli -h "$host" -p "$port" ping >/dev/null 2>&1; then
  exit 0
fi
command -v redis-server >/dev/null || { echo "No Redis at $url and no redis-server on PATH (apt-get install redis-server)" >&2; exit 1; }
mkdir -p var/redis
redis-server --daemonize yes --bind "$host" --port "$port" --dir "$PWD/var/redis" --appendonly yes \
  --appendfsync everysec --maxmemory-policy noeviction --logfile "$PWD/var/redis/redis.log"
for _ in $(seq 50); do redis-cli -h "$host" -p "$port" ping >/dev/null 2>&1 && exit 0; sleep 0.1; done
echo "redis-server did not start, see var/redis/redis.log" >&2; exit 1
