"""Finding what an agent missed, from the comments it did not answer (or answered without naming a product):

- synonyms: words close to a product's name (edit distance; accents, case and Arabizi digits are already one
  spelling after nlp.normalize; Arabic and Latin spellings meet on their consonants), or met where a product is
  expected ("price of the X", "prix du X", "9adeh el X", "بكم X"), in every script;
- intents the agent lacks: comments the full intent model (every intent of the catalogue) places above its
  threshold in an intent the agent does not have, grouped by that intent;
- phrasings: clusters of similar comments no intent understands (TF-IDF on character n-grams, cosine similarity,
  greedy clustering around the comment with the most neighbours).

A candidate is kept only when at least MIN_COMMENTERS different people wrote its comments, so one fan's habit
(or one fan commenting ten times) never becomes a proposal. Pure functions over the comments, the agent's intent
names and the page's catalogue; storing and deciding is app/services/proposals.py.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from app.services.intent_catalogue import PRICE, QUIZ
from nlp import Match, Matcher, intents, normalize
from nlp.catalogue import informative, product_token, product_tokens

MIN_COMMENTERS = 2
# The most comments behind one proposal that are kept as its evidence (the count is kept whole).
EVIDENCE_KEPT = 200
PHRASING_SIMILARITY = 0.5
PHRASING_MAX_COMMENTS = 1000
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


@dataclass(frozen=True)
class Missed:
    """A comment the agent missed: its text, who wrote it (to count distinct commenters), its log (None for a
    comment a replay read), whether the agent answered it (then only its product was missed) and its network id."""
    text: str
    publisher: str
    log_id: int | None
    source: str = "page"
    matched: bool = False
    comment_id: str | None = None


@dataclass
class Candidate:
    kind: str
    key: str
    value: str
    target: str | None = None
    product_id: int | None = None
    details: dict = field(default_factory=dict)
    evidence: list[Missed] = field(default_factory=list)

    @property
    def commenters(self) -> int:
        return len({comment.publisher for comment in self.evidence})


@dataclass(frozen=True)
class Product:
    id: int
    name: str
    category: str
    spellings: tuple[str, ...]  # the name and its synonyms


@dataclass
class Context:
    """What the finder needs besides the comments: the agent's intents and what may be added to it, the page's
    products, the full-model matcher on the page's catalogue, and the product the agent's post is about."""
    agent_id: int
    agent_intents: frozenset[str]
    addable_intents: frozenset[str]
    products: list[Product]
    full_matcher: Matcher
    post_product: Product | None = None


def find(comments: list[Missed], context: Context) -> list[Candidate]:
    """Every candidate backed by enough commenters, synonyms first, then intents, then phrasings."""
    read = [(comment, context.full_matcher.match(comment.text)) for comment in comments]
    read = [(comment, match) for comment, match in read if not match.has_link]
    found = _synonyms(read, context) + _intents(read, context)
    covered = {id(comment) for candidate in found if candidate.kind == "intent" for comment in candidate.evidence}
    found += _phrasings([(comment, match) for comment, match in read
                         if not comment.matched and id(comment) not in covered and not match.silent
                         and not match.intents], context)
    return [candidate for candidate in found if candidate.commenters >= MIN_COMMENTERS]


# --- synonyms --------------------------------------------------------------------------------------------------

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


def _synonyms(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
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


# --- intents ---------------------------------------------------------------------------------------------------

def _intents(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
    groups: dict[str, Candidate] = {}
    languages: dict[str, Counter] = defaultdict(Counter)
    for comment, match in read:
        if comment.matched or match.silent:
            continue
        lacking = next((intent.name for intent in match.intents if intent.name not in context.agent_intents), None)
        if lacking is None or lacking not in context.addable_intents:
            continue
        key = f"intent:{context.agent_id}:{lacking}"
        groups.setdefault(key, Candidate("intent", key, lacking, lacking)).evidence.append(comment)
        languages[key][match.language] += 1
    for key, candidate in groups.items():
        candidate.details = {"language": "en" if languages[key].most_common(1)[0][0] == "en" else "fr"}
    return sorted(groups.values(), key=lambda candidate: -candidate.commenters)


# --- phrasings -------------------------------------------------------------------------------------------------

def _phrasings(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
    """Clusters of similar comments no intent understands: each seeded by the comment with the most similar
    others still unclustered."""
    read = read[-PHRASING_MAX_COMMENTS:]
    texts = [normalize.normalize(comment.text) for comment, _match in read]
    if len(read) < MIN_COMMENTERS or not any(text.strip() for text in texts):
        return []
    from sklearn.feature_extraction.text import TfidfVectorizer  # training-time library: loaded only here

    vectors = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True).fit_transform(texts)
    similar = (vectors @ vectors.T).toarray() >= PHRASING_SIMILARITY
    free = np.ones(len(read), dtype=bool)
    found = []
    while free.any():
        neighbours = (similar & free).sum(axis=1) * free  # taken comments seed nothing
        seed = int(np.argmax(neighbours))
        members = np.flatnonzero(similar[seed] & free).tolist()
        if len(members) < MIN_COMMENTERS:
            break
        free[members] = False
        # The closest intent, when the model leans towards one at all (half its threshold): a hint, not a match.
        guesses = Counter(match.candidates[0].name for _comment, match in (read[row] for row in members)
                          if match.candidates and match.candidates[0].score >= (match.threshold or 0) / 2)
        found.append(Candidate("phrasing", f"phrasing:{context.agent_id}:{texts[seed]}", read[seed][0].text,
                               guesses.most_common(1)[0][0] if guesses else None,
                               details={"normalised": [texts[row] for row in members]},
                               evidence=[read[row][0] for row in members]))
    return found


def addable(agent_intents: frozenset[str], price_allowed: bool) -> frozenset[str]:
    """The intents the wizard would let this agent add (Quiz stays alone; Price only where the page allows it)."""
    if QUIZ in agent_intents:
        return frozenset()
    refused = {QUIZ} | (set() if price_allowed else {PRICE})
    return frozenset(intents.NAMES - agent_intents - refused)
