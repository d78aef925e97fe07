"""A word's consonant skeleton, the same whether Tunisian is written in Arabic script or in Latin letters
(Arabizi): "نكري" and "nekri" are both "nkr", "قداش" and "9adech" both "qdc". Vowels, which Arabic script leaves
out and Arabizi writes any way, are dropped; each Arabic letter becomes the Latin consonant Arabizi writes for it."""
import re
from functools import lru_cache

from nlp.catalogue import product_token

_ARABIC = str.maketrans({
    "ب": "b", "ت": "t", "ث": "t", "ج": "j", "ح": "h", "خ": "x", "د": "d", "ذ": "d", "ر": "r", "ز": "z", "س": "s",
    "ش": "c", "ص": "s", "ض": "d", "ط": "t", "ظ": "d", "غ": "g", "ف": "f", "ق": "q", "ك": "k", "ل": "l", "م": "m",
    "ن": "n", "ه": "h", "ا": None, "و": None, "ي": None, "ع": None, "ء": None})
_LATIN = [(re.compile(pattern), replacement) for pattern, replacement in (
    (r"ch|sh", "c"), (r"kh", "x"), (r"gh", "g"), (r"th", "t"), (r"dh", "d"), (r"dj", "j"), (r"ph", "f"),
    (r"[aeiouyw]", ""))]
_ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")
_DOUBLED = re.compile(r"(.)\1+")
MIN_LENGTH = 2


@lru_cache(maxsize=50_000)
def skeleton(word: str) -> str:
    """The consonants of a normalised word as Arabizi writes them, doubled letters once; "" for a word that is not
    all letters or leaves fewer than MIN_LENGTH consonants."""
    if not word.isalpha():
        return ""
    if _ARABIC_LETTER.match(word):
        word = product_token(word)  # the article and glued prepositions, which Arabizi writes apart or assimilated
        if len(word) >= 3 and word.endswith("ه"):  # mostly the feminine ending, a vowel in Arabizi ("9ahwa", "قهوة")
            word = word[:-1]
        found = word.translate(_ARABIC)
    else:
        found = word
        for pattern, replacement in _LATIN:
            found = pattern.sub(replacement, found)
    found = _DOUBLED.sub(r"\1", found)
    return found if len(found) >= MIN_LENGTH and found.isascii() else ""
