"""The trained linear model in a compact form scored with plain Python and numpy: a dict from n-gram to
column, idf weights and one weight matrix whose columns are the calibrated heads (intents, negative) and
the language head. Calling scikit-learn per comment costs hundreds of microseconds; this costs tens."""
import math
import pickle
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nlp import arrays, features

WORD_CACHE_SIZE = 50_000


def _column_array(columns: list[int]) -> np.ndarray:
    return np.array(columns, np.intp)


@dataclass
class LinearModel:
    """Shared features, then heads: the first `len(calibrated)` columns are sigmoid-calibrated binary
    scores (calibrated[i] = (name, a, b), score = 1 / (1 + exp(a * decision + b))); the rest are
    languages, the one with the highest decision wins."""

    vocabulary: dict[str, int]
    idf: np.ndarray
    weights: np.ndarray
    intercepts: np.ndarray
    calibrated: list[tuple[str, float, float]]
    languages: list[str]
    threshold: float

    def __post_init__(self) -> None:
        self._word_cache: dict[str, np.ndarray] = {}
        self._pair_cache: dict[tuple[str, str], tuple[int, ...]] = {}
        self._head_names = [name for name, _, _ in self.calibrated]
        self._slopes = np.array([a for _, a, _ in self.calibrated], dtype=np.float32)
        self._offsets = np.array([b for _, _, b in self.calibrated], dtype=np.float32)

    def __getstate__(self) -> dict:
        """Only the trained fields; caches and derived arrays are rebuilt on load."""
        return {key: value for key, value in self.__dict__.items() if not key.startswith("_")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.__post_init__()

    def decisions(self, words: list[str]) -> np.ndarray:
        """Raw linear decision of every column for a comment's normalised words (sublinear tf-idf, l2)."""
        cached, vocabulary = self._cached_columns, self.vocabulary
        parts = [cached(self._word_cache, word, features.word_features, _column_array) for word in words]
        # A pair's one or two columns are cheaper as a tuple: most pairs are seen once, and an array costs to make.
        spanning = [column for pair in zip(words, words[1:])
                    for column in cached(self._pair_cache, pair, features.pair_features, tuple)]
        spanning += [vocabulary[feature] for feature in features.phrase_features(words) if feature in vocabulary]
        parts.append(_column_array(spanning))
        columns = np.concatenate(parts)
        if not len(columns):
            return self.intercepts.copy()
        columns.sort()
        unique, counts = arrays.counted(columns)
        values = counts.astype(np.float32)
        np.log(values, out=values)
        values += 1.0
        values *= self.idf.take(unique)
        values /= math.sqrt(float(values.dot(values)))
        # `take` and `dot` rather than fancy indexing and `@`: the same figures at half the cost on arrays this small.
        found = values.dot(self.weights.take(unique, axis=0))
        found += self.intercepts
        return found

    def _cached_columns(self, cache: dict, part, terms, form):
        """Columns of one part of a comment (a word, a pair of neighbouring words) given its terms, in `form`, cached:
        the same few thousand parts make most comments."""
        columns = cache.get(part)
        if columns is None:
            if len(cache) >= WORD_CACHE_SIZE:
                cache.clear()
            vocabulary = self.vocabulary
            columns = cache[part] = form([vocabulary[feature] for feature in terms(part) if feature in vocabulary])
        return columns

    def calibrated_scores(self, decisions: np.ndarray) -> dict[str, float]:
        """Probability of each calibrated head."""
        exponents = np.minimum(self._slopes * decisions[:len(self._head_names)] + self._offsets, 50.0)
        return dict(zip(self._head_names, (1.0 / (1.0 + np.exp(exponents))).tolist()))

    def language(self, decisions: np.ndarray) -> str:
        """The language whose column decides highest."""
        start = len(self.calibrated)
        return self.languages[int(decisions[start:].argmax())]

    def save(self, path: Path) -> None:
        """Write atomically, so a worker never loads a half-written model."""
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{id(self)}.tmp")
        with partial.open("wb") as handle:
            pickle.dump(self, handle, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)

    @staticmethod
    def load(path: Path) -> "LinearModel":
        """Read a model written by `save` (our own cache file, never user input)."""
        with path.open("rb") as handle:
            return pickle.load(handle)
