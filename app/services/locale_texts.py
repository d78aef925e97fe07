"""Display texts the API must answer (spec 001 §3 "Pricing plan": each limit with its display variant), read from
the frontend's locales, their one home: the screen and the API never word a plan differently.

The locales are i18next's JSON (frontend/src/i18n/locales/<language>/<namespace>.json, shipped in the image beside
the built frontend); a plural key has `_one` and `_other` forms, chosen by the language's rule as i18next does.
"""
from __future__ import annotations

import json
import re
from functools import cache

from app.config import ROOT

LOCALES = ROOT / "frontend" / "src" / "i18n" / "locales"
LANGUAGES = ("en", "fr")
COUNT = "{{count, number}}"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


@cache
def _namespace(language: str, namespace: str) -> dict:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def text(language: str, namespace: str, path: str) -> str:
    """The text at a dotted key path, e.g. text("fr", "billing", "pricing.freeOffer")."""
    node = _namespace(language, namespace)
    for part in path.split("."):
        node = node[part]
    return node


def filled(language: str, namespace: str, path: str, values: dict) -> str:
    """The text at a key path with its {{placeholders}} replaced by `values` (an absent one by nothing)."""
    return PLACEHOLDER.sub(lambda found: str(values.get(found.group(1), "")), text(language, namespace, path))


def counted(language: str, namespace: str, path: str, count: int) -> str:
    """A plural key's form for `count`, the count written with the language's thousands separator."""
    form = "one" if _is_one(language, count) else "other"
    return text(language, namespace, f"{path}_{form}").replace(COUNT, number(language, count))


def _is_one(language: str, count: int) -> bool:
    # The CLDR rules i18next applies: French says "0 page", English "0 pages".
    return count in (0, 1) if language == "fr" else count == 1


def number(language: str, count: int) -> str:
    """A whole number with the language's thousands separator (English 20,000; French 20 000)."""
    grouped = f"{count:,}"
    return grouped.replace(",", " ") if language == "fr" else grouped
