"""Reference rows every installation needs: the plans and the intent catalogue (idempotent upserts)."""
from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from sqlalchemy import select

from app.database import session
from app.models import IntentDefinition, Plan

PLANS_FILE = Path(__file__).resolve().parent.parent / "data" / "plans.json"


def load_reference_data() -> None:
    _upsert_plans(json.loads(PLANS_FILE.read_text()))
    _upsert_intents(_intent_catalogue())
    session.commit()


def _intent_catalogue() -> list[dict]:
    from nlp.intents import CATALOGUE  # the matching engine owns the list of intents it knows

    return list(CATALOGUE)


def _upsert_plans(plans: list[dict]) -> None:
    existing = {plan.name: plan for plan in session.scalars(select(Plan))}
    for spec in plans:
        plan = existing.get(spec["name"]) or Plan(name=spec["name"])
        for key, value in spec.items():
            setattr(plan, key, Decimal(value) if key.startswith("price_") else value)
        session.add(plan)


def _upsert_intents(catalogue: list[dict]) -> None:
    existing = {intent.name: intent for intent in session.scalars(select(IntentDefinition))}
    for spec in catalogue:
        intent = existing.get(spec["name"]) or IntentDefinition(name=spec["name"])
        intent.label, intent.label_fr, intent.kind = spec["intent"], spec["intent_fr"], spec["kind"]
        session.add(intent)
