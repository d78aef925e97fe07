"""The settings as the code reads them: one frozen, typed object built and validated once at start (create_app, the
Celery app) from app/config.py's strings, whose defaults are the only ones.

It is also a read-only mapping of those strings, so the modules that still take `settings["X"]` read the same
values; the typed fields replace reads that converted a string, and repeated a default, where they were used.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path

# Under this key the Flask config holds the object, so code handed `current_app.config` reaches it too.
CONFIG_KEY = "SETTINGS"


class SettingsError(ValueError):
    """A setting that does not parse as its type; the message names it."""


@dataclass(frozen=True)
class Settings(Mapping):
    strings: Mapping[str, str] = field(repr=False)  # every setting as given: secrets, so never in a repr
    dispatch_interval: float
    sweep_interval: float
    poll_interval: float
    inbox_stale_seconds: float
    stuck_sending_seconds: float
    celery_visibility_timeout: int
    consumer_stall_seconds: float
    nlp_cache_dir: Path
    graph_timeout: float
    graph_pace_spacing_seconds: float
    graph_pace_wait_seconds: float
    replay_max_wait_seconds: float
    currency_rates_ttl: int
    currency_rates_timeout: float
    pending_order_hours: int
    forwarded_hops: int

    @classmethod
    def parse(cls, strings: Mapping[str, str]) -> Settings:
        """Each typed field from the setting of the same name in capitals; SettingsError names the first that
        does not parse."""
        values = {}
        for spec in fields(cls)[1:]:
            key, kind = spec.name.upper(), {"float": float, "int": int, "Path": Path}[spec.type]
            try:
                values[spec.name] = kind(strings[key])
            except ValueError:
                raise SettingsError(f"{key}: must be a number") from None
        return cls(dict(strings), **values)

    def __getitem__(self, key: str) -> str:
        return self.strings[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.strings)

    def __len__(self) -> int:
        return len(self.strings)


def settings_of(config: Mapping) -> Settings:
    """The typed settings from what a caller was handed: the object itself, or a Flask config (or a copy of one)."""
    return config if isinstance(config, Settings) else config[CONFIG_KEY]
