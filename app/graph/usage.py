"""Meta's usage headers read into one figure per scope (docs/graph-api.md#rate-limits).

Every answer may carry `X-App-Usage` (calls with the app's or a user's token), `X-Page-Usage` (the page whose token
made the call) and `X-Business-Use-Case-Usage` (per business object: the page, its Instagram account). Each figure
is a whole percentage of a rolling window, and Meta throttles at 100; a business entry may also say how many
minutes are left before access comes back. A header that is absent or unreadable says nothing (not zero).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

METRICS = ("call_count", "total_time", "total_cputime")
FULL = 100


@dataclass(frozen=True)
class Business:
    """One business object's usage: its highest percentage and the seconds until Meta lets calls in again."""

    percent: int
    regain_seconds: int = 0


@dataclass(frozen=True)
class Usage:
    app: int | None = None
    page: int | None = None
    business: Mapping[str, Business] = field(default_factory=dict)

    @property
    def regain_seconds(self) -> int:
        return max((entry.regain_seconds for entry in self.business.values()), default=0)

    @property
    def spent(self) -> bool:
        """Whether a quota is used up (a figure at 100 or more)."""
        figures = [self.app, self.page, *(entry.percent for entry in self.business.values())]
        return any(figure is not None and figure >= FULL for figure in figures)


def read(headers: Mapping | None) -> Usage:
    headers = headers or {}
    return Usage(app=_percent(header_json(headers, "X-App-Usage")),
                 page=_percent(header_json(headers, "X-Page-Usage")),
                 business=_business(header_json(headers, "X-Business-Use-Case-Usage")))


def _business(raw) -> dict[str, Business]:
    """{object id: [usage, ...]} (one entry per use-case type) as the highest figures per object."""
    if not isinstance(raw, Mapping):
        return {}
    found = {}
    for object_id, entries in raw.items():
        entries = [entry for entry in entries if isinstance(entry, Mapping)] if isinstance(entries, list) else []
        percents = [percent for percent in map(_percent, entries) if percent is not None]
        if percents:
            regain = max((as_int(entry.get("estimated_time_to_regain_access")) or 0 for entry in entries), default=0)
            found[str(object_id)] = Business(max(percents), max(regain, 0) * 60)
    return found


def _percent(usage) -> int | None:
    if not isinstance(usage, Mapping):
        return None
    figures = [figure for figure in (as_int(usage.get(metric)) for metric in METRICS) if figure is not None]
    return max(figures, default=None)


def header(headers: Mapping, name: str):
    wanted = name.lower()
    return next((value for key, value in headers.items() if str(key).lower() == wanted), None)


def header_json(headers: Mapping, name: str):
    raw = header(headers, name)
    if not raw:
        return None
    try:
        return json.loads(raw)
    except (TypeError, ValueError):
        return None


def as_int(value) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return int(float(value))
    except (TypeError, ValueError, OverflowError):
        return None
