"""Product matching against a page's catalogue (thousands of names and synonyms) in microseconds, whatever the
comment's length. Every catalogue word is indexed by its spelling key (`spelling.key`: the way fans' spellings
of one word meet: Arabizi, doubled letters, plurals, Arabic long vowels), that key's and the word's one-letter
deletions (a symmetric-deletion index) and consonants, so a comment word finds its exact, variant and one- or
two-typo readings by a few dictionary look-ups. Multi-word names are found through the pairs of their words
(sorted numpy arrays, compact enough for 50 catalogues in one worker), so a comment only ever looks at the names
that share two of its words, and are confirmed by comparing, letter for letter, the name with the stretch of the
comment it was read in. The index's tables are built in nlp/product_tables.py; reading a comment with them is here."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from nlp import spelling
from nlp.catalogue import informative
from nlp.product_tables import ProductTables, pair_positions

PHRASE_CUTOFF = 80.0
# Readings of the words seen, per catalogue; bounded so a worker holding 50 agents keeps a few MB per agent.
WORD_CACHE_SIZE = 8_000
# A name's words may sit this many words further apart in the comment than in the name.
SPREAD = 2


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


def _likeness(common: float, size: int, letters: int, window_letters: int, window_words: int) -> float:
    """How alike a form and a stretch of the comment read, 0 to 100, counted like rapidfuzz's ratio of the two
    texts: twice the letters they share (`common`, plus the spaces between words) over the letters and spaces of
    both. `size` and `letters`: the form's words and letters."""
    spaces = min(size, window_words) - 1
    return min(100.0, 200.0 * (common + spaces) / (letters + window_letters + size + window_words - 2))


def _bare(word: str) -> str:
    """A comment word as a name's small word: Arabic article removed whatever is left ("اليد" for "يد")."""
    return word[2:] if word.startswith("ال") and len(word) > 3 else word


class ProductIndex(ProductTables):
    """Built once per catalogue version; `find(tokens)` returns the products a comment names."""

    def __init__(self, catalogue: dict):
        super().__init__(catalogue)
        self._word_cache: dict[str, tuple[tuple[int, float, float], ...]] = {}
        self._older_words: dict[str, tuple[tuple[int, float, float], ...]] = {}

    def _readings(self, word: str) -> tuple[tuple[int, float, float], ...]:
        """(catalogue word, score for a one-word name, score inside a longer name) for every catalogue word the
        comment word may be (none for short and function words), cached per word (most words read as none). The
        cache keeps the words of its last two halves: a word still in use survives the older half's drop."""
        found = self._word_cache.get(word)
        if found is None:
            found = self._older_words.get(word)
            if found is None:
                found = self._read(word)
            if len(self._word_cache) >= WORD_CACHE_SIZE // 2:
                self._older_words, self._word_cache = self._word_cache, {}
            self._word_cache[word] = found
        return found

    def _read(self, word: str) -> tuple[tuple[int, float, float], ...]:
        """`_readings` of a word not in the cache; the one-word score only for catalogue words that are a name
        alone (it is 0 for the others, which no one-word name reads)."""
        if not informative(word):
            return ()
        keys, starts = self.keys, self.single_postings[0]
        found = []
        for number in {number for variant in spelling.lookups(word) if variant in keys for number in keys[variant]}:
            token = self.tokens[number]
            inside = spelling.score(word, token, False)
            if inside:
                alone = spelling.score(word, token, True) if starts[number] < starts[number + 1] else 0.0
                found.append((number, alone, inside))
        return tuple(found)

    def _token_scores(self, words: list[str]) -> tuple[dict[int, tuple[int, float]], dict[int, tuple[int, float]]]:
        """Catalogue word -> (comment position, score) accepted for one-word names and for longer names."""
        single: dict[int, tuple[int, float]] = {}
        multi: dict[int, tuple[int, float]] = {}
        # Most words are in the cache: looked up here, without a call (a stale half after a drop still reads true).
        cache, readings = self._word_cache, self._readings
        for position, word in enumerate(words):
            found = cache.get(word)
            for number, alone, inside in readings(word) if found is None else found:
                if alone and alone > single.get(number, (0, 0.0))[1]:
                    single[number] = (position, alone)
                if inside > multi.get(number, (0, 0.0))[1]:
                    multi[number] = (position, inside)
        return single, multi

    def _candidates(self, words: list[str], multi: dict[int, tuple[int, float]]) -> list[int]:
        """Longer forms with enough of their words among the comment's: the forms holding one of
        its words when that is their only informative word (and may pass as it), and the forms sharing enough pairs
        of its words. A comment meets a handful of them, so after one vectorised look-up of its pairs they are
        counted in Python, which costs less than numpy's per-call overhead on arrays this small."""
        ordered = sorted(multi)
        found = self._lone_candidates(words, multi, ordered) if self.lone_forms else []
        if len(ordered) < 2 or len(self.pair_keys) < 2:
            return found
        # Methods and `take` rather than numpy's functions and fancy indexing: their wrappers cost more than the
        # work on a comment's few hundred pairs.
        tokens = np.fromiter(ordered, np.int64, len(ordered))
        firsts, seconds = pair_positions(len(tokens))
        wanted = tokens.take(firsts)
        wanted *= max(len(self.tokens), 1)
        wanted += tokens.take(seconds)
        slots = self.pair_keys.searchsorted(wanted)
        slots = slots.compress(self.pair_keys.take(slots) == wanted)
        if not len(slots):
            return found
        ranges = zip(self.pair_starts.take(slots).tolist(), self.pair_starts.take(slots + 1).tolist())
        pairs = Counter(form for first, end in ranges for form in self.pair_forms[first:end].tolist())
        needed = self.form_needed_pairs
        return found + sorted(form for form, count in pairs.items() if count >= needed[form])

    def _lone_candidates(self, words: list[str], multi: dict[int, tuple[int, float]], tokens: list[int]) -> list[int]:
        """The forms of one informative word ("pour prix") that its reading in the comment may confirm. Read alone,
        with none of the form's small words beside it, the word scores 200 * common / (cost + its letters)
        (`_likeness` over one word, `common` counted as `_found_words` does): a form whose cost is too high for
        PHRASE_CUTOFF is left out then, which on a catalogue named with everyday words is most of them (a comment
        word such as "prix" proposes every "... prix" name)."""
        lone, found, near = self.lone_forms, [], None
        for token in tokens:
            if token not in lone:
                continue
            cheapest, entries = lone[token]
            position, score = multi[token]
            letters = len(words[position])
            # A hair above the bound: a form exactly at it is confirmed (and scored) as before.
            most = (letters + len(self.tokens[token])) * score / PHRASE_CUTOFF - letters + 1e-6
            if most < cheapest:
                if near is None:  # the comment's words that may be some lone form's small word
                    near = self.lone_small_words.intersection(words)
                if near.isdisjoint(words[max(position - 1, 0):position + 2]):
                    continue
            beside = {_bare(word) for word in words[max(position - 1, 0):position + 2]}
            found.extend(form for form, cost, small in entries if cost <= most or not beside.isdisjoint(small))
        return found

    def _multi_word_hits(self, words: list[str], multi: dict[int, tuple[int, float]]) -> list[tuple]:
        """Longer forms with enough of their words in the comment, confirmed on the stretch they were read in: each
        candidate scored as if its small words ("de", "a") stood around its words in the comment, then the few
        that pass and have small words scored on the words really there."""
        forms = self._candidates(words, multi)
        if not forms:
            return []
        prefix = list(accumulate(map(len, words), initial=0))
        token_starts, token_numbers = self.form_tokens
        chosen = np.array(forms)
        hits = []
        for form, start, end, size, letters, small_count, small_letters in zip(
                forms, token_starts[chosen].tolist(), token_starts[chosen + 1].tolist(),
                *(values[chosen].tolist() for values in (self.form_size, self.form_chars, self.form_small_count,
                                                         self.form_small_chars))):
            first, last, common = self._found_words(token_numbers[start:end].tolist(), words, multi)
            window = last - first + 1
            if window > size + SPREAD:
                continue
            score = _likeness(common + small_letters, size, letters, prefix[last + 1] - prefix[first] + small_letters,
                              window + small_count)
            if score >= PHRASE_CUTOFF and small_count:
                small = self.form_small_words[form]
                first, end = self._with_small_words(words, small, first, last + 1)
                present = sum(len(word) for word in words[first:end] if _bare(word) in small)
                score = _likeness(common + present, size, letters, prefix[end] - prefix[first], end - first)
                last = end - 1
            if score >= PHRASE_CUTOFF:
                hits.append((form, score, first, last + 1))
        return hits

    def _found_words(self, tokens: list[int], words: list[str], multi: dict[int, tuple[int, float]]) -> tuple:
        """For a form's words: the first and last comment positions of those found, and the letters they share
        with the comment (rapidfuzz's ratio counting, weighted by how well each word was read)."""
        first, last, common = len(words), -1, 0.0
        for token in tokens:
            reading = multi.get(token)
            if reading:
                position, score = reading
                first, last = min(first, position), max(last, position)
                common += (len(words[position]) + len(self.tokens[token])) * score / 200.0
        return first, last, common

    @staticmethod
    def _with_small_words(words: list[str], small: tuple[str, ...], start: int, end: int) -> tuple[int, int]:
        """The stretch words[start:end] widened to the form's small words right before or after it
        ("the a la menthe")."""
        while start > 0 and _bare(words[start - 1]) in small:
            start -= 1
        while end < len(words) and _bare(words[end]) in small:
            end += 1
        return start, end

    def _phrase_hits(self, words: list[str]) -> list[tuple[int, float, int, int]]:
        """Forms made only of short or function words, matched as exact phrases."""
        hits: list[tuple[int, float, int, int]] = []
        starts = [start for start, word in enumerate(words) if word in self.phrase_firsts]
        for size in range(1, min(self.longest_phrase, len(words)) + 1):
            for start in starts:
                if start + size <= len(words):
                    for form in self.phrases.get(" ".join(words[start:start + size]), ()):
                        hits.append((form, 100.0, start, start + size))
        return hits

    def find(self, words: list[str]) -> list[ProductHit]:
        """Products named in a comment given its product tokens (`catalogue.product_tokens`), best first."""
        return best_hits(self.readings(words), words)

    def readings(self, words: list[str]) -> Readings:
        """Each product's best reading of the comment, its best spelling: the most words, then the highest score."""
        spans = self._phrase_hits(words) if self.phrases else []
        single, multi = self._token_scores(words)
        starts, postings = self.single_postings
        for token, (position, score) in single.items():
            spans.extend((form, score, position, position + 1)
                         for form in postings[starts[token]:starts[token + 1]].tolist())
        if multi:
            spans.extend(self._multi_word_hits(words, multi))
        return self._best_per_product(spans) if spans else {}

    def _best_per_product(self, spans: list[tuple[int, float, int, int]]) -> Readings:
        """Spans are (form, score, first word, end)."""
        best: dict[int, tuple[float, int, int]] = {}
        spelling_of: dict[int, int] = {}
        form_starts, form_entries = self.form_entries
        for form, score, start, end in spans:
            entries = form_entries[form_starts[form]:form_starts[form + 1]].tolist()
            for entry, product in zip(entries, self.entry_product[entries].tolist()):
                if product not in best or (score, end - start) > (best[product][0], best[product][2] - best[product][1]):
                    best[product], spelling_of[product] = (score, start, end), entry
        readings: Readings = defaultdict(list)
        for product, reading in best.items():
            readings[reading].append((self, product, spelling_of[product]))
        return readings


# The products' best readings of a comment: (score, first word, end) -> [(the index, its product, the spelling)].
Readings = dict[tuple[float, int, int], list[tuple[ProductIndex, int, int]]]


def best_hits(readings: Readings, words: list[str]) -> list[ProductHit]:
    """One hit per product read; where readings share comment words, the best wins (more words, then a higher score),
    and products tied on the very same words are all kept. Readings may come from several indexes (a catalogue and
    the layer of its changed products, nlp/product_delta.py): they compete as within one."""
    kept: list[tuple[float, int, int]] = []
    for score, start, end in sorted(readings, key=lambda reading: (reading[1] - reading[2], -reading[0])):
        if all(end <= other_start or other_end <= start for _, other_start, other_end in kept):
            kept.append((score, start, end))
    return [ProductHit(*index.products[product], round(score / 100.0, 4), index.entry_spelling[entry],
                       bool(index.entry_synonym[entry]), " ".join(words[start:end]))
            for score, start, end in kept for index, product, entry in readings[(score, start, end)]]
