"""The tables product matching (nlp/products.py) reads, built once per catalogue version: the catalogue's distinct
spellings (forms) and their entries, its informative words numbered, each word's look-up forms (`spelling.lookups`),
and every pair of a form's words, packed in numpy arrays rather than Python lists so 50 catalogues fit in one worker."""
from collections import defaultdict
from functools import lru_cache
from itertools import chain

import numpy as np

from nlp import catalogue as catalogue_entries
from nlp import garbage_collector
from nlp import spelling
from nlp.catalogue import STOPWORDS, informative


@lru_cache(maxsize=64)
def pair_positions(count: int) -> tuple[np.ndarray, np.ndarray]:
    """Positions (first, second), first < second, of every pair among `count` items."""
    return np.triu_indices(count, 1)


def _csr(rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Rows of integers packed as (row starts, values): a few bytes per number instead of a Python list."""
    starts = np.zeros(len(rows) + 1, dtype=np.int32)
    np.cumsum([len(row) for row in rows], out=starts[1:])
    return starts, np.fromiter(chain.from_iterable(rows), np.int32, int(starts[-1]))


def _grouped(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(sorted distinct keys, row starts, values): the values of each key, for look-ups with searchsorted."""
    keys_array, values_array = keys.astype(np.int64), values.astype(np.int32)
    order = np.argsort(keys_array, kind="stable")
    keys_array, values_array = keys_array[order], values_array[order]
    distinct, starts = np.unique(keys_array, return_index=True)
    return distinct, np.append(starts, len(keys_array)).astype(np.int32), values_array


class ProductTables:
    """A catalogue's tables; `nlp.products.ProductIndex` finds the products a comment names with them."""

    def __init__(self, catalogue: dict):
        with garbage_collector.paused():  # ~100,000 small objects and no reference cycles
            self._build(catalogue)

    def _build(self, catalogue: dict) -> None:
        self.products, entries = catalogue_entries.flatten(catalogue)
        self.entry_product = np.array([entry.product for entry in entries], dtype=np.int32)
        # Only what a hit reports is kept of the entries: their tokens live on in the forms below.
        self.entry_spelling = [entry.spelling for entry in entries]
        self.entry_synonym = np.array([entry.synonym for entry in entries], dtype=bool)
        # Forms: the distinct tokenised spellings. Variants of a product often share a synonym ("rouba twila Nova"
        # for every colour of the dress), and a comment is compared once with it, not once per product.
        forms: dict[tuple[str, ...], list[int]] = {}
        for number, entry in enumerate(entries):
            forms.setdefault(entry.tokens, []).append(number)
        self.form_entries = _csr(list(forms.values()))
        self.form_size = np.array([len(tokens) for tokens in forms], dtype=np.int16)
        self.form_chars = np.array([sum(map(len, tokens)) for tokens in forms], dtype=np.int16)
        form_tokens = self._build_forms(list(forms))
        small = [self.form_small_words.get(form, ()) for form in range(len(forms))]
        self.form_small_count = np.array([len(words) for words in small], dtype=np.int8)
        self.form_small_chars = np.array([sum(map(len, words)) for words in small], dtype=np.int16)
        # Names of three words or more are found with one of them missing or unreadable; shorter ones need all.
        needed = np.array([len(useful) - 1 if len(useful) >= 3 else len(useful) for useful in form_tokens],
                          dtype=np.int32)
        self.form_needed_pairs = needed * (needed - 1) // 2
        self.form_tokens = _csr(form_tokens)
        self._build_pairs(form_tokens)
        self._build_keys()
        self.longest_phrase = max((len(phrase.split()) for phrase in self.phrases), default=0)
        self.phrase_firsts = frozenset(phrase.split()[0] for phrase in self.phrases)

    def _build_forms(self, forms: list[tuple[str, ...]]) -> list[list[int]]:
        """Numbers the catalogue's informative words (`tokens`), files each form under its one word when it has
        one, notes its small words and the forms made of small words only; returns each form's word numbers."""
        self.phrases: dict[str, list[int]] = defaultdict(list)
        # Short or function words inside longer names ("de", "a"), which count when the comment has them too.
        self.form_small_words: dict[int, tuple[str, ...]] = {}
        form_tokens: list[list[int]] = []
        single_postings: dict[int, list[int]] = defaultdict(list)
        lone_postings: dict[int, list[int]] = defaultdict(list)
        # A catalogue repeats a few hundred words: each is classified and numbered once (-1: not informative).
        words = {token for tokens in forms for token in tokens}
        self.tokens = sorted(token for token in words if informative(token))
        numbers = dict.fromkeys(words, -1) | {token: number for number, token in enumerate(self.tokens)}
        for form, tokens in enumerate(forms):
            useful = sorted({numbers[token] for token in tokens} - {-1})
            form_tokens.append(useful)
            if len(tokens) == 1 and useful:
                single_postings[useful[0]].append(form)
            elif len(useful) == 1:
                lone_postings[useful[0]].append(form)
            if len(useful) < len(tokens):
                small = tuple(token for token in tokens if numbers[token] < 0)
                if small and useful:
                    self.form_small_words[form] = small
                if not useful and not set(tokens) <= STOPWORDS:
                    self.phrases[" ".join(tokens)].append(form)
        self.single_postings = _csr([single_postings.get(token, []) for token in range(len(self.tokens))])
        self.lone_forms = self._lone_forms(forms, lone_postings)
        return form_tokens

    def _lone_forms(self, forms: list[tuple[str, ...]], postings: dict[int, list[int]]) -> dict[int, tuple]:
        """Forms whose only informative word is `token` ("pour prix"), as token -> (lowest cost, ((form, cost,
        small words), ...) in form order); `cost`, the form's letters and words less one, is what a comment word
        read alone as the form must outweigh (`ProductIndex._lone_candidates`). Python objects: a catalogue has a
        few hundred such forms (1,085 in one of 5,000 products named with the words comments use most), and up to
        one per product ("Article 12 XL"). Tuples of texts, not frozensets: the garbage collector stops following
        tuples that hold only texts and numbers, while 80,000 frozensets of a 20,000-product catalogue made each of
        its full passes over a worker cost 0.1 to 0.4 s, in the middle of a drain."""
        lone = {}
        for token, numbers in postings.items():
            entries = tuple((form, sum(map(len, forms[form])) + len(forms[form]) - 1,
                             self.form_small_words.get(form, ())) for form in numbers)
            lone[token] = (min(cost for _, cost, _ in entries), entries)
        small_words = {word for _, entries in lone.values() for *_, small in entries for word in small}
        # The comment words that may stand for one of them: the word, or it after the Arabic article (`_bare`).
        self.lone_small_words = frozenset(small_words | {"ال" + word for word in small_words if len(word) >= 2})
        return lone

    def _build_pairs(self, form_tokens: list[list[int]]) -> None:
        """Every pair of a form's informative words (as one integer) -> the forms holding both."""
        width = max(len(self.tokens), 1)
        by_size: dict[int, list[int]] = defaultdict(list)
        for number, useful in enumerate(form_tokens):
            if len(useful) >= 2:
                by_size[len(useful)].append(number)
        keys, owners = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
        # Forms of the same number of words make one matrix, whose pairs of columns are taken at once.
        for size, numbers in by_size.items():
            words = np.array([form_tokens[number] for number in numbers], dtype=np.int64)
            firsts, seconds = pair_positions(size)
            keys.append((words[:, firsts] * width + words[:, seconds]).ravel())
            owners.append(np.repeat(np.array(numbers, dtype=np.int64), len(firsts)))
        pair_keys, pair_starts, self.pair_forms = _grouped(np.concatenate(keys), np.concatenate(owners))
        # A last key above any pair, owning no form: a look-up's slot then always exists, found or not.
        self.pair_keys = np.append(pair_keys, np.iinfo(np.int64).max)
        self.pair_starts = np.append(pair_starts, pair_starts[-1])

    def _build_keys(self) -> None:
        """The look-up forms of every catalogue word (`spelling.lookups`: the word and its key, their one-letter
        deletions and consonants) -> the catalogue words that have them."""
        owners: dict[str, list[int]] = defaultdict(list)
        for number, token in enumerate(self.tokens):
            for variant in spelling.lookups(token):
                owners[variant].append(number)
        self.keys = {variant: tuple(dict.fromkeys(numbers)) for variant, numbers in owners.items()}
