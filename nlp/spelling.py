"""Spelling keys: one form for the many ways fans spell the same word, so that a product named "rouba twila",
"rooba touila" or "ROBES" meets its catalogue spelling. The key drops what varies between writers and keeps what
tells words apart: in Latin letters the Arabizi habits (sh/ch, ou/w/u, q/k, dh/d, dj/j), the soft and hard c,
doubled letters, a final e and the plural s or x; in Arabic script the long vowels inside a word (which also
brings most broken plurals to their singular: فساتين and فستان), the feminine ending and the plural -ات. And
`score`: how well a comment word reads as a catalogue word, by its spelling, its key and its typos."""
import re

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

KEY_CACHE_SIZE = 50_000
SINGLE_FUZZY_MIN = 5
# A word spelt another usual way (same spelling key): nearly as good as the catalogue's own spelling.
VARIANT_SCORE = 95.0
# Deletions are indexed for keys this long: shorter words differ by one letter from too many others.
DELETION_MIN = 4

_LATIN_RULES = [(re.compile(pattern), replacement) for pattern, replacement in (
    (r"ou|oo|w", "u"), (r"(.)\1+", r"\1"), (r"sh|sch", "ch"), (r"dh", "d"), (r"dj", "j"), (r"ph", "f"),
    (r"ck|qu|q", "k"), (r"c(?![hei])", "k"), (r"y", "i"), (r"(?<=...)(?:e?s|x)$", ""), (r"(?<=...)e$", ""), (r"(.)\1+", r"\1"))]
_ARABIC_RULES = [(re.compile(pattern), replacement) for pattern, replacement in (
    (r"(?<=...)ات$", ""), (r"(?<=...)ه$", ""), (r"(?<=.)[اوي]", ""), (r"(.)\1+", r"\1"), (r"ء", ""))]
_VOWELS = re.compile(r"[aeiou]")
_ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")

_keys: dict[str, str] = {}


def key(word: str) -> str:
    """The spelling key of a normalised word (cached: the same few thousand words make most comments)."""
    found = _keys.get(word)
    if found is None:
        if len(_keys) >= KEY_CACHE_SIZE:
            _keys.clear()
        found = word
        for pattern, replacement in _ARABIC_RULES if _ARABIC_LETTER.match(word) else _LATIN_RULES:
            found = pattern.sub(replacement, found)
        found = _keys[word] = found or word
    return found


def lookups(word: str) -> set[str]:
    """The forms a word is indexed and looked up by: those of its spelling key and of the word as written
    (a typo of the written form may be two edits away in keys: "cusion", "cushion")."""
    word_key = key(word)
    return {*variants(word), *variants(word_key)} if word_key != word else set(variants(word))


def variants(word_key: str) -> list[str]:
    """Look-up forms of a key: itself, its one-letter deletions (two words one edit apart, or two by a
    substitution, share one) and its consonants (which meet two vowel edits: "lampadere", "lampadaire")."""
    if len(word_key) < DELETION_MIN:
        return [word_key]
    found = {word_key[:index] + word_key[index + 1:] for index in range(len(word_key))}
    consonants = word_key[0] + _VOWELS.sub("", word_key[1:])
    if len(consonants) >= DELETION_MIN:
        found.add(consonants)
    return [word_key, *found]


def _within(first: str, second: str) -> bool:
    """One edit apart, two for words of seven letters or more; two neighbouring letters swapped, the commonest slip
    of a thumb on a phone, count as one edit (optimal string alignment distance)."""
    allowed = 2 if min(len(first), len(second)) >= 7 else 1
    return OSA.distance(first, second, score_cutoff=allowed) <= allowed


def score(word: str, token: str, single: bool) -> float:
    """Score of a comment word read as a catalogue word (100 exact), 0 when too far or too short. A one-word
    name, which nothing else in the comment confirms, accepts its plural and typos of five letters or more;
    inside a longer name a word may also be another usual spelling (the same spelling key) or a typo of one."""
    if word == token:
        return 100.0
    word_key, token_key = key(word), key(token)
    variant = word_key == token_key and len(word_key) >= 3
    if single:
        plural = word in (token + "s", token + "x")
        if not plural and (min(len(word), len(token)) < SINGLE_FUZZY_MIN or not _within(word, token)):
            return 0.0
    elif not variant and not _within(word, token) and not (
            min(len(word_key), len(token_key)) >= 3 and max(len(word_key), len(token_key)) >= DELETION_MIN
            and _within(word_key, token_key)):
        return 0.0
    if variant:
        return VARIANT_SCORE
    return min(VARIANT_SCORE, max(fuzz.ratio(word, token), fuzz.ratio(word_key, token_key)))
