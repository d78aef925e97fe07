"""Modern Standard Arabic or Tunisian, for a comment in Arabic script: a linear model over each word and its
letter pairs, triples and quadruples, trained by nlp/data/build_dialect.py on the real corpora's training splits
(MLMA's Arabic tweets, TSAC's Tunisian comments) and the shop comments, and shipped as a weights file. A comment's
score is the sum of its words' scores, each computed once per word and cached, so it costs a few dictionary
look-ups; above zero reads Tunisian."""
import re
from functools import lru_cache
from pathlib import Path

WEIGHTS = Path(__file__).resolve().parent / "data" / "dialect_weights.tsv"
BIAS = "_bias_"
WORD_CACHE_SIZE = 50_000
_ARABIC_WORD = re.compile(r"[\u0600-\u06FF]")


def word_features(word: str) -> list[str]:
    """The features one normalised Arabic-script word brings: itself, and its letter 2- to 4-grams with the
    word's edges marked (the Tunisian "ش" ending of a negation, the "ب" of a present tense, MSA's "سوف")."""
    edged = f"<{word}>"
    return [f"w:{word}", *(edged[start:start + size] for size in (2, 3, 4)
                           for start in range(len(edged) - size + 1))]


def arabic_words(tokens: list[str]) -> list[str]:
    """The tokens written in Arabic letters (Latin words, numbers and emoji say nothing of the dialect)."""
    return [token for token in tokens if _ARABIC_WORD.match(token)]


@lru_cache(maxsize=1)
def _weights() -> dict[str, float]:
    weights = {}
    for line in WEIGHTS.read_text(encoding="utf-8").splitlines():
        feature, _, weight = line.rpartition("\t")
        weights[feature] = float(weight)
    return weights


@lru_cache(maxsize=WORD_CACHE_SIZE)
def _word_score(word: str) -> float:
    weights = _weights()
    return sum(weights.get(feature, 0.0) for feature in word_features(word))


def tunisian_score(tokens: list[str]) -> float:
    """Above zero: Tunisian; below: Modern Standard Arabic (normalised tokens; non-Arabic ones are ignored)."""
    return _weights().get(BIAS, 0.0) + sum(_word_score(word) for word in arabic_words(tokens))
