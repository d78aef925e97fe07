"""Fixtures of the matching-engine tests: the global model and the abuse model (trained once per session, or read
from the var/nlp-cache/ they were cached in), the demo catalogue, and a matcher holding every intent."""
import json

import pytest

import nlp
from nlp import intents, moderation, moderation_training, training

DEMO_CATALOGUE = training.DATA_DIR / "catalogue_demo.json"


@pytest.fixture(scope="session")
def model():
    loaded = training.load_or_train()
    intents.use_model(loaded)
    moderation.use_model(moderation_training.load_or_train())  # the abuse model every match reads too
    return loaded


@pytest.fixture(scope="session")
def demo_catalogue() -> dict:
    return json.loads(DEMO_CATALOGUE.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def matcher(model, demo_catalogue):
    return nlp.build_matcher(sorted(intents.NAMES), demo_catalogue)
