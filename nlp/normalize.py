"""Text normalisation shared by every matcher part: one canonical spelling for the many ways fans write
the same word (accents, case, elongations, Arabizi digits, Arabic letter variants), emojis kept as
tokens, URLs and mentions replaced by markers."""
import re
import unicodedata
from functools import lru_cache

URL_MARKER = "_url_"
MENTION_MARKER = "_mention_"

_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|tn|fr|ly|io|co|me|gl)(?:/\S*)?\b",
                  re.IGNORECASE)
_MENTION = re.compile(r"@[\w.]+")
# Tunisians also write /g/ and /v/ with the letters ڨ (or the Persian گ) and ڤ, which most write ق and ف ("ڨاطو",
# "قاطو"); /p/ with پ, which most write ب.
_ARABIC_VARIANTS = str.maketrans({
    "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ئ": "ي", "ؤ": "و", "ة": "ه",
    "ک": "ك", "ی": "ي", "ڨ": "ق", "گ": "ق", "ڤ": "ف", "پ": "ب", "ـ": None, "؟": "?", "،": ",", "؛": ";",
    "٠": "0", "١": "1", "٢": "2", "٣": "3", "٤": "4", "٥": "5", "٦": "6", "٧": "7", "٨": "8", "٩": "9",
    "œ": "oe", "æ": "ae", "ß": "ss", "’": "'",
})
# Arabizi writes Arabic sounds Latin has no letter for with digits (9adeh = قداش); map them to the
# Latin spellings other fans use for the same sound, so "9adeh" and "qadeh" meet.
_ARABIZI = str.maketrans({"2": "a", "3": "a", "5": "kh", "7": "h", "8": "gh", "9": "q"})
_UNITS = frozenset("dt tnd d eur euro e k kg g gr cm m mm ml l xl xxl xxxl xs s ans an h min pcs pc p x eme em er ere "
                   "e me".split())
_ELONGATION = re.compile(r"([^\dx])\1{2,}")
_TOKEN = re.compile(r"_url_|_mention_|[^\W_]+|\?|[\U0001F000-\U0001FAFF\u2600-\u27BF]")
_EMOJI_NOISE = re.compile("[\U0001F3FB-\U0001F3FF\u200d\ufe0f]")
_LATIN_LETTER = re.compile(r"[a-z]")
_COMBINING = re.compile("[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
                        "\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def strip_marks(text: str) -> str:
    """Drop accents and Arabic diacritics (all combining marks)."""
    if text.isascii():
        return text
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text))


@lru_cache(maxsize=50_000)
def _arabizi(token: str) -> str:
    if token.isalpha() or token.isdigit() or not _LATIN_LETTER.search(token):
        return token
    digits = len(token) - len(token.lstrip("0123456789"))
    if digits > 1 or (digits == 1 and token[1:] in _UNITS):
        return token
    return token.translate(_ARABIZI)


def tokens(text: str) -> list[str]:
    """The normalised tokens of a raw comment."""
    if "." in text or "/" in text:
        text = _URL.sub(f" {URL_MARKER} ", text)
    if "@" in text:
        text = _MENTION.sub(f" {MENTION_MARKER} ", text)
    text = text.casefold()
    if not text.isascii():
        text = _EMOJI_NOISE.sub("", strip_marks(text.translate(_ARABIC_VARIANTS)))
    text = _ELONGATION.sub(r"\1", text)
    return [_arabizi(token) for token in _TOKEN.findall(text)]


def normalize(text: str) -> str:
    """The normalised comment as one space-separated string."""
    return " ".join(tokens(text))
