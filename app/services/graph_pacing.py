"""The pages' Graph usage and call turns, kept in Redis so that every worker process paces a page together
(app/graph/pacing.py says the rules; docs/graph-api.md#pacing).

One hash per key (`graph-usage:page:<id>`, `graph-usage:business:<id>`): the latest percentage Meta reported, the
time calls may start again after a pause, and the time of the last turn taken. Both operations are one Lua script
on Redis's own clock, so two workers never take the same turn and their clocks need not agree. The state is a
signal, not a record: it expires minutes after the last answer that reported it, and a Redis that does not answer
paces nothing (one warning a half minute) rather than stopping the calls.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence

import redis

from app.graph.pacing import SPACE_AT, WAIT_AT, Figure
from app.redis_keys import GRAPH_USAGE, GRAPH_USAGE_TTL

log = logging.getLogger(__name__)

WARN_EVERY = 30.0

# KEYS: the call's keys. ARGV: spacing, waiting, space_at, wait_at, take_within (negative: only look).
# The turn is the latest of now, each key's pause end, and each key's last turn plus its gap at its usage.
_TURN = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local spacing, waiting = tonumber(ARGV[1]), tonumber(ARGV[2])
local space_at, wait_at, take_within = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local start, spaced = now, {}
for i, key in ipairs(KEYS) do
  local state = redis.call('HMGET', key, 'percent', 'pause_until', 'last_turn')
  local percent = tonumber(state[1]) or 0
  local gap = 0
  if percent >= wait_at then gap = waiting elseif percent >= space_at then gap = spacing end
  start = math.max(start, tonumber(state[2]) or 0)
  if gap > 0 then
    start = math.max(start, (tonumber(state[3]) or 0) + gap)
    spaced[#spaced + 1] = key
  end
end
if take_within >= 0 and start - now <= take_within then
  for _, key in ipairs(spaced) do redis.call('HSET', key, 'last_turn', tostring(start)) end
end
return tostring(start - now)
"""

# KEYS: the keys reported on. ARGV: keep seconds, space_at, then per key its percentage ('' when not reported) and
# pause. A key that reaches space_at with no turn known counts the call just answered as its last one.
_RECORD = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local keep, space_at = tonumber(ARGV[1]), tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  local percent, pause = ARGV[2 * i + 1], tonumber(ARGV[2 * i + 2])
  local lasting = keep
  if percent ~= '' then
    redis.call('HSET', key, 'percent', percent)
    if tonumber(percent) >= space_at then redis.call('HSETNX', key, 'last_turn', tostring(now)) end
  end
  if pause > 0 then
    local pause_until = now + pause
    if pause_until > (tonumber(redis.call('HGET', key, 'pause_until')) or 0) then
      redis.call('HSET', key, 'pause_until', tostring(pause_until))
    end
    lasting = math.max(keep, math.ceil(pause))
  end
  if redis.call('EXISTS', key) == 1 and redis.call('TTL', key) < lasting then redis.call('EXPIRE', key, lasting) end
end
return 0
"""


class RedisPacer:
    def __init__(self, redis_url: str, prefix: str, spacing: float, waiting: float):
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=1, socket_connect_timeout=1)
        self.prefix = prefix + GRAPH_USAGE.format(scope="")
        self.spacing, self.waiting = spacing, waiting
        self._turn = self.redis.register_script(_TURN)
        self._record = self.redis.register_script(_RECORD)
        self._lock, self._quiet_until = threading.Lock(), 0.0

    def turn(self, keys: Sequence[str], take_within: float | None) -> float:
        arguments = [self.spacing, self.waiting, SPACE_AT, WAIT_AT, -1 if take_within is None else take_within]
        try:
            return max(float(self._turn(keys=self._keys(keys), args=arguments)), 0.0)
        except redis.RedisError as error:
            self._warn(error)
            return 0.0

    def record(self, figures: Sequence[Figure]) -> None:
        arguments: list = [GRAPH_USAGE_TTL, SPACE_AT]
        for figure in figures:
            arguments += ["" if figure.percent is None else figure.percent, figure.pause]
        try:
            self._record(keys=self._keys([figure.key for figure in figures]), args=arguments)
        except redis.RedisError as error:
            self._warn(error)

    def forget(self) -> int:
        """Drop every figure and turn (an operator's reset; the tests' fake clock)."""
        keys = list(self.redis.scan_iter(match=f"{self.prefix}*"))
        return self.redis.delete(*keys) if keys else 0

    def _keys(self, keys: Sequence[str]) -> list[str]:
        return [self.prefix + key for key in keys]

    def _warn(self, error: Exception) -> None:
        with self._lock:
            if time.monotonic() < self._quiet_until:
                return
            self._quiet_until = time.monotonic() + WARN_EVERY
        log.warning("Graph calls go unpaced: Redis did not answer (%s: %s)", type(error).__name__, error)
