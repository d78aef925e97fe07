"""The intent catalogue (spec 001 §3 "Intent"): the matching engine's intents with their English and French
labels, and the rules the wizard applies to choosing them (spec 001 §4 "Wizard": Quiz excludes the others,
Price only on a white-listed page)."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import IntentDefinition
from nlp.intents import CATALOGUE

KINDS = {"generic": "generic", "default": "specific"}  # the two catalogue calls, by the spec's path word
QUIZ, PRICE = "quiz", "price"

_BY_NAME = {entry["name"]: entry for entry in CATALOGUE}
# What a client may send for an intent: its name (price), or either label (Price, Prix), any case.
_BY_SPELLING = {spelling.casefold(): entry["name"] for entry in CATALOGUE
                for spelling in (entry["name"], entry["intent"], entry["intent_fr"])}


def entry(name: str) -> dict:
    """The catalogue entry of an intent name (an unknown name, e.g. a retired intent, labels itself)."""
    return _BY_NAME.get(name) or {"name": name, "intent": name, "intent_fr": name}


def resolve(spelling: str) -> str | None:
    """The intent name a client's spelling stands for, or None when the catalogue has no such intent."""
    return _BY_SPELLING.get(spelling.strip().casefold())


def definitions(kind: str) -> list[IntentDefinition]:
    """Every intent, the kind's own first (generic: page-wide questions; specific: questions about a product),
    each in the catalogue's order. Both agents are offered all of them: a post's agent stands in for the page's
    generic one on its post (a delivery question there has no other agent to answer it), and a page's agent is
    asked prices on every post."""
    rows = session.scalars(select(IntentDefinition).order_by(IntentDefinition.id))
    return sorted(rows, key=lambda row: row.kind != kind)
