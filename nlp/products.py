"""Product matching against a page's catalogue (thousands of names and synonyms) in microseconds: every
catalogue token and its one-letter deletions are hashed into sorted numpy arrays (a symmetric-deletion
index, compact enough for 50 catalogues in one worker); a comment's tokens find exact and one-typo
candidates there, and multi-word names are confirmed against the comment with rapidfuzz."""
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from nlp import catalogue as catalogue_entries
from nlp.catalogue import STOPWORDS, informative

PHRASE_CUTOFF = 80.0
SINGLE_FUZZY_MIN = 5
# Words seen per catalogue; bounded so a worker holding 50 agents keeps a few MB per agent.
WORD_CACHE_SIZE = 4_000


@dataclass(frozen=True)
class ProductHit:
    """A product named in a comment; `spelling` is the catalogue entry that matched (the name, or a synonym when
    `synonym`), `words` the comment's words read as it (normalised)."""
    name: str
    category: str
    score: float
    spelling: str = ""
    synonym: bool = False
    words: str = ""


def _deletions(token: str) -> list[str]:
    return [token[:i] + token[i + 1:] for i in range(len(token))]


def _accept(query: str, token: str, single: bool) -> float:
    """Score of a comment token read as a catalogue token (100 exact), 0 when too far or too short."""
    if query == token:
        return 100.0
    shortest = min(len(query), len(token))
    allowed = 2 if shortest >= 7 else 1
    if Levenshtein.distance(query, token, score_cutoff=allowed) > allowed:
        return 0.0
    plural = query in (token + "s", token + "x")
    if single and not plural and shortest < SINGLE_FUZZY_MIN:
        return 0.0
    return fuzz.ratio(query, token)


def _csr(rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Rows of integers packed as (row starts, values): a few bytes per number instead of a Python list."""
    starts = np.zeros(len(rows) + 1, dtype=np.int32)
    np.cumsum([len(row) for row in rows], out=starts[1:])
    return starts, np.fromiter((value for row in rows for value in row), np.int32, int(starts[-1]))


class ProductIndex:
    """Built once per catalogue version; `find(tokens)` returns the products a comment names."""

    def __init__(self, catalogue: dict):
        self.products, entries = catalogue_entries.flatten(catalogue)
        self.entry_product = np.array([entry.product for entry in entries], dtype=np.int32)
        self.entry_text = [" ".join(entry.tokens) for entry in entries]
        self.entry_size = [len(entry.tokens) for entry in entries]
        self.entry_spelling = [(entry.spelling, entry.synonym) for entry in entries]
        self.phrases: dict[str, list[int]] = defaultdict(list)
        numbers: dict[str, int] = {}
        entry_tokens: list[list[int]] = []
        single_postings: dict[int, list[int]] = defaultdict(list)
        multi_postings: dict[int, list[int]] = defaultdict(list)
        for number, entry in enumerate(entries):
            useful = [numbers.setdefault(token, len(numbers)) for token in sorted(set(entry.tokens))
                      if informative(token)]
            entry_tokens.append(useful)
            for token in useful:
                (single_postings if len(entry.tokens) == 1 else multi_postings)[token].append(number)
            if not useful and not set(entry.tokens) <= STOPWORDS:
                self.phrases[self.entry_text[number]].append(number)
        self.tokens = list(numbers)
        self.entry_needed = np.array([len(useful) - 1 if len(useful) >= 3 else len(useful) for useful in entry_tokens],
                                     dtype=np.int32)
        self.entry_tokens = _csr(entry_tokens)
        self.single_postings = _csr([single_postings.get(token, []) for token in range(len(self.tokens))])
        self.multi_postings = _csr([multi_postings.get(token, []) for token in range(len(self.tokens))])
        self._word_cache: dict[str, tuple[int, ...]] = {}
        self._build_keys()
        self.longest_phrase = max((len(phrase.split()) for phrase in self.phrases), default=0)

    def _build_keys(self) -> None:
        """Sorted hashes of every catalogue token and of its one-letter deletions, with their owners."""
        hashes, owners = [], []
        for number, token in enumerate(self.tokens):
            variants = [token, *(_deletions(token) if len(token) >= 4 else ())]
            hashes.extend(hash(variant) for variant in variants)
            owners.extend([number] * len(variants))
        order = np.argsort(np.array(hashes, dtype=np.int64), kind="stable")
        self.keys = np.array(hashes, dtype=np.int64)[order]
        self.key_token = np.array(owners, dtype=np.int32)[order]

    def _word_tokens(self, word: str) -> tuple[int, ...]:
        """Catalogue tokens equal to the word or one deletion away on either side (cached per word)."""
        found = self._word_cache.get(word)
        if found is None:
            if len(self._word_cache) >= WORD_CACHE_SIZE:
                self._word_cache.clear()
            variants = [word, *(_deletions(word) if len(word) >= 4 else ())]
            wanted = np.fromiter(map(hash, variants), np.int64, len(variants))
            lows = np.searchsorted(self.keys, wanted, "left")
            highs = np.searchsorted(self.keys, wanted, "right")
            found = tuple(dict.fromkeys(int(self.key_token[key]) for low, high in zip(lows.tolist(), highs.tolist())
                                        for key in range(low, high)))
            self._word_cache[word] = found
        return found

    def _token_candidates(self, words: list[str]) -> dict[int, list[tuple[int, str]]]:
        """Catalogue token number -> [(comment position, comment word)] for exact and one-typo look-ups."""
        found: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for position, word in enumerate(words):
            if informative(word):
                for token_number in self._word_tokens(word):
                    found[token_number].append((position, word))
        return found

    def _token_scores(self, words: list[str]) -> tuple[dict[int, tuple[int, float]], dict[int, tuple[int, float]]]:
        """Catalogue token -> (comment position, score) accepted for one-word names and for longer names."""
        single: dict[int, tuple[int, float]] = {}
        multi: dict[int, tuple[int, float]] = {}
        for token_number, sightings in self._token_candidates(words).items():
            token = self.tokens[token_number]
            for position, word in dict.fromkeys(sightings):
                for accepted, alone in ((single, True), (multi, False)):
                    score = _accept(word, token, alone)
                    if score and score > accepted.get(token_number, (0, 0.0))[1]:
                        accepted[token_number] = (position, score)
        return single, multi

    def _multi_word_hits(self, words: list[str], multi: dict[int, tuple[int, float]]) -> list[tuple]:
        """Longer names with enough of their words in the comment, confirmed on a window of the comment."""
        starts, postings = self.multi_postings
        found = [postings[starts[token]:starts[token + 1]] for token in multi]
        if not found:
            return []
        entries, counts = np.unique(np.concatenate(found), return_counts=True)
        hits = []
        token_starts, token_numbers = self.entry_tokens
        for entry in entries[counts >= self.entry_needed[entries]].tolist():
            own = token_numbers[token_starts[entry]:token_starts[entry + 1]].tolist()
            score, start, end = self._phrase_score(entry, words, [multi[token][0] for token in own if token in multi])
            if score >= PHRASE_CUTOFF:
                hits.append((entry, score, start, end))
        return hits

    def _phrase_score(self, entry: int, words: list[str], positions: list[int]) -> tuple[float, int, int]:
        """Best rapidfuzz ratio between the entry and a window of the comment around its matched tokens."""
        size, text = self.entry_size[entry], self.entry_text[entry]
        first, last = min(positions), max(positions)
        best = (0.0, first, last + 1)
        if last - first >= size + 2:
            return best
        for start in range(max(0, first - size + 1), first + 1):
            for end in range(last + 1, min(len(words), start + size + 1) + 1):
                score = fuzz.ratio(" ".join(words[start:end]), text, score_cutoff=best[0])
                if score > best[0]:
                    best = (score, start, end)
        return best

    def _phrase_hits(self, words: list[str]) -> list[tuple[int, float, int, int]]:
        """Entries made only of short or function words, matched as exact phrases."""
        hits = []
        for size in range(1, min(self.longest_phrase, len(words)) + 1):
            for start in range(len(words) - size + 1):
                for entry in self.phrases.get(" ".join(words[start:start + size]), ()):
                    hits.append((entry, 100.0, start, start + size))
        return hits

    def find(self, words: list[str]) -> list[ProductHit]:
        """Products named in a comment given its product tokens (`catalogue.product_tokens`), best first."""
        spans = self._phrase_hits(words) if self.phrases else []
        single, multi = self._token_scores(words)
        starts, postings = self.single_postings
        for token, (position, score) in single.items():
            spans.extend((entry, score, position, position + 1)
                         for entry in postings[starts[token]:starts[token + 1]].tolist())
        spans.extend(self._multi_word_hits(words, multi))
        return self._best_per_product(spans, words)

    def _best_per_product(self, spans: list[tuple[int, float, int, int]], words: list[str]) -> list[ProductHit]:
        """One hit per product, its best spelling; where hits share comment words, the best reading wins
        (more words, then a higher score), and products tied on the very same words are all kept."""
        best: dict[int, tuple[float, int, int]] = {}
        spelling: dict[int, int] = {}
        for entry, score, start, end in spans:
            product = int(self.entry_product[entry])
            if product not in best or (score, end - start) > (best[product][0], best[product][2] - best[product][1]):
                best[product], spelling[product] = (score, start, end), entry
        ranked = sorted(best.items(), key=lambda item: (item[1][1] - item[1][2], -item[1][0]))
        kept: list[tuple[int, tuple[float, int, int]]] = []
        for product, (score, start, end) in ranked:
            if all(end <= other_start or other_end <= start or (score, start, end) == (other_score, other_start, other_end)
                   for _, (other_score, other_start, other_end) in kept):
                kept.append((product, (score, start, end)))
        return [ProductHit(*self.products[product], round(score / 100.0, 4),
                           *self.entry_spelling[spelling[product]], " ".join(words[start:end]))
                for product, (score, start, end) in kept]
