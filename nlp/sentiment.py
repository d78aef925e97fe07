"""Negative comments (complaints, insults, scam accusations) in en, fr, ar and tn, for the hide-negative
option: the global model's calibrated negativity head, plus the shipped insult lexicons when present."""
from nlp import catalogue, intents, normalize, training

NEGATIVE_THRESHOLD = 0.5
_lexicon: tuple[frozenset[str], frozenset[str]] | None = None
PHRASE_WORDS = 3


def lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """Words and phrases that make a comment negative on their own (nlp/data/lexicons/negative*.txt),
    and the words they start with."""
    global _lexicon
    if _lexicon is None:
        entries = catalogue.lexicon_phrases("negative*.txt")
        _lexicon = entries, frozenset(entry.split()[0] for entry in entries)
    return _lexicon


def in_lexicon(tokens: list[str]) -> bool:
    """True when a word or a run of up to three words of the comment is a negative lexicon entry."""
    entries, starts = lexicon()
    return any(" ".join(tokens[start:start + size]) in entries
               for start, token in enumerate(tokens) if token in starts for size in range(1, PHRASE_WORDS + 1))


def from_scores(scores: dict[str, float], tokens: list[str]) -> bool:
    """Negativity of a comment already scored by the model."""
    return scores.get(training.NEGATIVE, 0.0) >= NEGATIVE_THRESHOLD or in_lexicon(tokens)


def is_negative(text: str) -> bool:
    """True when the comment is a complaint, an insult or otherwise hostile."""
    tokens = normalize.tokens(text)
    model = intents.model()
    return from_scores(model.calibrated_scores(model.decisions(tokens)), tokens)
