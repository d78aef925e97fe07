"""The screens name an intent the way the wizard does: the frontend's intent names (locales/<lang>/intents.json)
are the intent catalogue's labels (nlp/data/intents_catalogue.json: intent in English, intent_fr in French), for
every intent the engine can report."""
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = json.loads((ROOT / "nlp" / "data" / "intents_catalogue.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang, label", [("en", "intent"), ("fr", "intent_fr")])
def test_every_catalogue_intent_has_its_catalogue_label(lang, label):
    path = ROOT / "frontend" / "src" / "i18n" / "locales" / lang / "intents.json"
    names = json.loads(path.read_text(encoding="utf-8"))["intentNames"]
    assert names == {entry["name"]: entry[label] for entry in CATALOGUE}
