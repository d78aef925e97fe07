"""Language of a comment (en, fr, ar or tn): the model's language head, corrected by the script, since
Modern Standard Arabic is never written in Latin letters and English or French never in Arabic ones."""
import re

from nlp.model import LinearModel

_ARABIC_SCRIPT = re.compile(r"[\u0600-\u06FF]")
_LATIN_SCRIPT = re.compile(r"[a-z]")


def detect(normalized: str, model: LinearModel, decisions) -> str:
    """One of the model's languages for a normalised comment and its decisions."""
    guess = model.language(decisions)
    arabic = not normalized.isascii() and bool(_ARABIC_SCRIPT.search(normalized))
    if arabic and guess in ("en", "fr"):
        return "ar" if not _LATIN_SCRIPT.search(normalized) else "tn"
    if not arabic and guess == "ar":
        return "tn"
    return guess
