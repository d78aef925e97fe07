"""Synonyms an agent missed, the finder's first kind of candidate (app/services/proposals_finder.py): a run of a
comment's words that spells a product's name differently, or the words after a cue where a product is expected.
The catalogue's words are indexed once per computation (Spellings), so each comment's word is compared with the few
catalogue words near it rather than with every product.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from app.services.proposals_candidates import Candidate, Context, Missed, Product
from nlp import Match, normalize
from nlp.catalogue import informative, product_token, product_tokens

LONGEST_NAME = 3

# Where a product is expected: normalised words before it (Arabizi digits mapped: "9adeh" reads "qadeh").
PRODUCT_CUES = [tuple(cue.split()) for cue in (
    "price of the", "price of", "how much is the", "how much is", "how much for the", "how much for", "cost of the",
    "prix du", "prix de la", "prix des", "prix de", "prix", "combien coute le", "combien coute la", "combien le",
    "combien la", "combien pour le", "combien pour la", "tarif du", "tarif de la",
    "qadeh el", "qadeh", "bqadeh el", "bqadeh", "qadech el", "qadech", "bqadech el", "bqadech", "soum el", "bkam el",
    "بكم", "بقداش", "قداش", "سعر", "ثمن",
)]
# Articles read past after a cue ("9adeh el X" → X).
_ARTICLES = frozenset({"el", "l", "le", "la", "les", "the", "du", "des", "a", "un", "une"})
_ARABIC_LATIN = str.maketrans({
    "ا": "a", "ب": "b", "ت": "t", "ث": "t", "ج": "j", "ح": "h", "خ": "kh", "د": "d", "ذ": "d", "ر": "r", "ز": "z",
    "س": "s", "ش": "ch", "ص": "s", "ض": "d", "ط": "t", "ظ": "d", "ع": "a", "غ": "gh", "ف": "f", "ق": "k", "ك": "k",
    "ل": "l", "م": "m", "ن": "n", "ه": "h", "و": "u", "ي": "i", "ء": None,
})
_VOWELS = re.compile(r"[aeiouy]")
_ARABIC = re.compile(r"[\u0600-\u06FF]")
_REPEATS = re.compile(r"(.)\1+")
_WORD = re.compile(r"[^\W_]+")


@lru_cache(maxsize=100_000)
def skeleton(token: str) -> str:
    """A word's consonants in Latin letters, so "medina", "mdina" and "مدينة" meet: Arabic letters transliterated,
    c/k/q one letter, vowels and doubled letters dropped, a final h (Arabic's ة) dropped."""
    latin = token.translate(_ARABIC_LATIN).replace("sh", "ch").replace("c", "k").replace("q", "k")
    consonants = _REPEATS.sub(r"\1", _VOWELS.sub("", latin))
    return consonants[:-1] if consonants.endswith("h") and len(consonants) > 3 else consonants


@lru_cache(maxsize=100_000)
def close(word: str, token: str) -> bool:
    """A comment's word is another spelling of a catalogue word: a few edits away (about one per three letters),
    or the same consonants (across scripts, one consonant off for longer words)."""
    if word == token or not informative(word):
        return False
    if bool(_ARABIC.search(word)) == bool(_ARABIC.search(token)):
        allowed = max(1, min(len(word), len(token)) // 3)
        if Levenshtein.distance(word, token, score_cutoff=allowed) <= allowed:
            return True
    bones, token_bones = skeleton(word), skeleton(token)
    if len(bones) < 3 or len(token_bones) < 3:
        return False
    return Levenshtein.distance(bones, token_bones, score_cutoff=1) <= (0 if len(token_bones) <= 3 else 1)


def _spelling_tokens(products: list[Product]) -> list[tuple[Product, tuple[str, ...]]]:
    """Each product's spellings as product tokens, plus its distinctive words alone (a word of its names no other
    product uses: "jasmin" for Robe Jasmin), at most LONGEST_NAME words."""
    spellings = [(product, tuple(product_tokens(normalize.tokens(spelling))))
                 for product in products for spelling in product.spellings]
    owners = defaultdict(set)
    for product, tokens in spellings:
        for token in tokens:
            owners[token].add(product.id)
    singles = [(product, (token,)) for product, tokens in spellings if len(tokens) > 1 for token in tokens
               if informative(token) and owners[token] == {product.id}]
    return list(dict.fromkeys((product, tokens) for product, tokens in spellings + singles
                              if 0 < len(tokens) <= LONGEST_NAME))


class Spellings:
    """The catalogue's spellings indexed by their words, so a comment's word reaches the few spellings it may
    belong to instead of every product: catalogue words found by edit distance and by skeleton in C (rapidfuzz)."""

    def __init__(self, products: list[Product]):
        self.entries = _spelling_tokens(products)
        self.known = {" ".join(tokens) for _product, tokens in self.entries}
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for number, (_product, tokens) in enumerate(self.entries):
            for position, token in enumerate(tokens):
                self.postings[token].append((number, position))
        self.words = list(self.postings)
        self.by_bones: dict[str, list[str]] = defaultdict(list)
        for token in self.words:
            self.by_bones[skeleton(token)].append(token)
        self.bones = list(self.by_bones)
        self._near: dict[str, tuple[str, ...]] = {}

    def near(self, word: str) -> tuple[str, ...]:
        """The catalogue words a comment's word is, or may be another spelling of (cached per word)."""
        found = self._near.get(word)
        if found is None:
            found = (word,) if word in self.postings else ()
            if informative(word):
                nearby = {match for match, _distance, _index in process.extract(
                    word, self.words, scorer=Levenshtein.distance, score_cutoff=max(1, len(word) // 3), limit=None)}
                bones = skeleton(word)
                if len(bones) >= 3:
                    nearby.update(token for match, _distance, _index in process.extract(
                        bones, self.bones, scorer=Levenshtein.distance, score_cutoff=1, limit=None)
                        for token in self.by_bones[match])
                found += tuple(sorted(token for token in nearby if close(word, token)))
            self._near[word] = found
        return found

    def hits(self, words: list[str]) -> list[tuple[Product, tuple[int, int]]]:
        """(product, comment span) for every run of comment words that spells a product's words differently."""
        found = set()
        for index, word in enumerate(words):
            for token in self.near(word):
                for number, position in self.postings[token]:
                    product, tokens = self.entries[number]
                    start, end = index - position, index - position + len(tokens)
                    if start < 0 or end > len(words) or tuple(words[start:end]) == tokens:
                        continue
                    if all(said == token or close(said, token) for said, token in zip(words[start:end], tokens)):
                        found.add((number, start, end))
        return [(self.entries[number][0], (start, end)) for number, start, end in sorted(found)]


def _longest(hits: list[tuple[Product, tuple[int, int]]]) -> list[tuple[Product, tuple[int, int]]]:
    """A product's spans not inside a longer one of the same product ("robe jasmeen", not also "jasmeen")."""
    return [(product, (start, end)) for product, (start, end) in hits
            if not any(other is product and other_start <= start and end <= other_end
                       and (other_start, other_end) != (start, end)
                       for other, (other_start, other_end) in hits)]


def _after_cue(raw: list[str]) -> tuple[int, int] | None:
    """The span of the words where a product is expected (after "prix du", "9adeh el", "بكم"...), in `raw`'s
    positions; None when no cue is followed by a word that could name one."""
    for cue in PRODUCT_CUES:
        for start in range(len(raw) - len(cue) + 1):
            if tuple(raw[start:start + len(cue)]) != cue:
                continue
            first = start + len(cue)
            while first < len(raw) and raw[first] in _ARTICLES:
                first += 1
            end = first
            while end < len(raw) and end - first < LONGEST_NAME and raw[end][0].isalnum() \
                    and informative(product_token(raw[end])):
                end += 1
            if end > first:
                return first, end
    return None


def _display(text: str, tokens: list[str]) -> str:
    """The words as commenters wrote them (lower case), for the product's new synonym."""
    written = {}
    for word in _WORD.findall(text):
        normalised = normalize.tokens(word)
        if len(normalised) == 1:
            written.setdefault(product_token(normalised[0]), word.casefold())
    return " ".join(written.get(token, token) for token in tokens)


def synonyms(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
    """Candidate synonyms, grouped by product and spelling, the most commenters first."""
    if not context.products:  # a synonym needs a product to belong to
        return []
    spellings = Spellings(context.products)
    groups: dict[str, Candidate] = {}
    for comment, match in read:
        if match.products:  # the catalogue names a product in it now
            continue
        raw = [token for token in normalize.tokens(comment.text) if token[0].isalnum()]
        words = [product_token(token) for token in raw]
        found = _longest(spellings.hits(words))
        cue = _after_cue(raw) if not found else None
        if cue is not None:
            found = [(context.post_product, cue)]
        for product, (start, end) in dict.fromkeys(found):
            value = " ".join(words[start:end])
            if value in spellings.known:
                continue
            key = f"synonym:{product.id if product else '-'}:{value}"
            candidate = groups.get(key)
            if candidate is None:
                candidate = groups[key] = Candidate(
                    "synonym", key, _display(comment.text, words[start:end]), product.name if product else None,
                    product.id if product else None,
                    {"category": product.category if product else None, "normalised": value,
                     "how": "cue" if cue is not None else "spelling"})
            candidate.evidence.append(comment)
    return sorted(groups.values(), key=lambda candidate: -candidate.commenters)
