"""A page's Graph calls slowed down as Meta's usage figures near the limit, before Meta refuses them
(docs/graph-api.md#pacing).

A client bound to a page (`GraphClient.for_page`) takes a turn before each call, from the latest figures reported
for the page (`X-Page-Usage`) and for its business objects (`X-Business-Use-Case-Usage`: the page, its Instagram
account), the highest of them deciding:

- under SPACE_AT (75 %): no wait;
- from SPACE_AT: the page's calls go `spacing` seconds apart;
- from WAIT_AT (90 %): `waiting` seconds apart;
- at 100 %, or after Meta answered a rate limit (4, 17, 32, 613, 80001...): no call until Meta's
  `estimated_time_to_regain_access`, else the wait `errors.retry_after` gives.

A turn up to MAX_SLEEP away is slept; a later one raises `Paced` without calling, and the caller puts the call off
as after a rate limit (the pipeline stores a later due time). The figures and turns are kept by a `Pacer` shared by
every process (Redis: app/services/graph_pacing.py). Calls with no page (sign-in, the app's own) are not paced.
"""
from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from app import metrics
from app.graph import usage
from app.graph.errors import USAGE_FULL_RETRY_AFTER, GraphError, Paced, RateLimited

SPACE_AT = 75
WAIT_AT = 90
# A worker sleeps this long at most before a call; a longer turn becomes a due time (no thread held for it).
MAX_SLEEP = 2.0


@dataclass(frozen=True)
class Scope:
    """The page a call is made for (its token's page) and the business objects it counts against."""

    page_id: str
    object_ids: tuple[str, ...]

    def keys(self) -> list[str]:
        return [f"page:{self.page_id}", *(f"business:{object_id}" for object_id in self.object_ids)]


@dataclass(frozen=True)
class Figure:
    """What one answer said of one key: its percentage (None: not reported) and how long it pauses the key."""

    key: str
    percent: int | None
    pause: float = 0.0


class Pacer(Protocol):
    def turn(self, keys: Sequence[str], take_within: float | None) -> float:
        """Seconds until the next call of these keys may go; the turn is taken when it is at most `take_within`
        away (None: only looked at)."""

    def record(self, figures: Sequence[Figure]) -> None:
        """Keep what an answer reported."""


def before_call(pacer: Pacer | None, scope: Scope | None, taken: float | None = None) -> None:
    """Wait for the page's turn: the one taken already (`taken`, on time.monotonic()'s clock), else one taken now."""
    if taken is not None:
        wait = taken - time.monotonic()
    elif pacer is None or scope is None:
        return
    else:
        wait = pacer.turn(scope.keys(), MAX_SLEEP)
        if wait > MAX_SLEEP:
            raise Paced(wait)
    if wait > 0:
        metrics.graph_paced(wait)
        time.sleep(wait)


def after_answer(pacer: Pacer | None, scope: Scope | None, headers: Mapping | None,
                 error: GraphError | None = None) -> None:
    if pacer is None:
        return
    found = figures(scope, usage.read(headers), error)
    if found:
        pacer.record(found)


def figures(scope: Scope | None, reported: usage.Usage, error: GraphError | None = None) -> list[Figure]:
    """The page's own figure (only known for a bound call: X-Page-Usage names no page) and each business
    object's; a rate-limit answer pauses the page for the wait it announced."""
    found = [Figure(f"business:{object_id}", entry.percent, entry.regain_seconds or _full_pause(entry.percent))
             for object_id, entry in reported.business.items()]
    if scope is not None:
        pause = error.retry_after if isinstance(error, RateLimited) else _full_pause(reported.page)
        if reported.page is not None or pause:
            found.append(Figure(f"page:{scope.page_id}", reported.page, pause))
    return found


def _full_pause(percent: int | None) -> float:
    return USAGE_FULL_RETRY_AFTER if percent is not None and percent >= usage.FULL else 0.0

