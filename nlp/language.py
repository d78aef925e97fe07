"""Language of a comment (en, fr, ar or tn): in Arabic letters, the dialect model (nlp/dialect.py) tells Modern
Standard Arabic from Tunisian; otherwise the intent model's language head, corrected by the script, since Modern
Standard Arabic is never written in Latin letters and English or French never in Arabic ones."""
import re

from nlp import dialect
from nlp.model import LinearModel

# Runs of letters, counted by their lengths: a list of every letter cost more than the rest of a comment's language.
_ARABIC_LETTERS = re.compile(r"[\u0600-\u06FF]+")
_LATIN_LETTERS = re.compile(r"[a-z]+")


def detect(tokens: list[str], model: LinearModel, decisions) -> str:
    """One of the model's languages for a comment's normalised tokens and the model's decisions on them."""
    normalized = " ".join(tokens)
    if normalized.isascii():
        guess = model.language(decisions)
        return "tn" if guess == "ar" else guess
    arabic, latin = _letters(_ARABIC_LETTERS, normalized), _letters(_LATIN_LETTERS, normalized)
    if arabic > latin:
        return "tn" if dialect.tunisian_score(tokens) > 0 else "ar"
    guess = model.language(decisions)
    return "tn" if arabic and guess in ("en", "fr") else guess


def _letters(runs: re.Pattern, text: str) -> int:
    return sum(map(len, runs.findall(text)))
