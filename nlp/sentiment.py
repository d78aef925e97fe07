"""Negative comments (complaints, insults, scam accusations) in en, fr, ar and tn, for the hide-negative
option: the global model's calibrated negativity head, plus the shipped insult lexicons when present."""
from nlp import catalogue, intents, normalize, training

NEGATIVE_THRESHOLD = 0.5
_lexicon: frozenset[str] | None = None


def lexicon() -> frozenset[str]:
    """Words that make a comment negative on their own (nlp/data/lexicons/negative*.txt)."""
    global _lexicon
    if _lexicon is None:
        _lexicon = catalogue.lexicon_words("negative*.txt")
    return _lexicon


def from_scores(scores: dict[str, float], tokens: list[str]) -> bool:
    """Negativity of a comment already scored by the model."""
    return scores.get(training.NEGATIVE, 0.0) >= NEGATIVE_THRESHOLD or not lexicon().isdisjoint(tokens)


def is_negative(text: str) -> bool:
    """True when the comment is a complaint, an insult or otherwise hostile."""
    tokens = normalize.tokens(text)
    model = intents.model()
    return from_scores(model.calibrated_scores(model.decisions(tokens)), tokens)
