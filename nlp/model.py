"""The trained linear model in a compact form scored with plain Python and numpy: a dict from n-gram to
column, idf weights and one weight matrix whose columns are the calibrated heads (intents, negative) and
the language head. Calling scikit-learn per comment costs hundreds of microseconds; this costs tens."""
import math
import pickle
from dataclasses import dataclass
from pathlib import Path

import numpy as np


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

    def decisions(self, features: list[str]) -> np.ndarray:
        """Raw linear decision of every column for one comment's features (sublinear tf-idf, l2)."""
        get = self.vocabulary.get
        counts: dict[int, int] = {}
        for feature in features:
            column = get(feature)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if not counts:
            return self.intercepts.copy()
        columns = np.fromiter(counts.keys(), np.intp, len(counts))
        values = np.fromiter((1.0 + math.log(n) for n in counts.values()), np.float32, len(counts))
        values *= self.idf[columns]
        values /= math.sqrt(float(values @ values))
        return values @ self.weights[columns] + self.intercepts

    def calibrated_scores(self, decisions: np.ndarray) -> dict[str, float]:
        """Probability of each calibrated head."""
        return {name: 1.0 / (1.0 + math.exp(min(a * float(decisions[i]) + b, 50.0)))
                for i, (name, a, b) in enumerate(self.calibrated)}

    def language(self, decisions: np.ndarray) -> str:
        """The language whose column decides highest."""
        start = len(self.calibrated)
        return self.languages[int(np.argmax(decisions[start:]))]

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
