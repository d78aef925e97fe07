"""Builds nlp/data/dialect_weights.tsv, the weights of nlp/dialect.py (Modern Standard Arabic or Tunisian), from the
training splits of the real corpora (nlp/corpora.py: MLMA's Arabic tweets read as Modern Standard Arabic, TSAC's
Arabic-script comments as Tunisian) and the training shop comments in Arabic script (their `lang`, ar or tn). The
held-out splits are never read. Deterministic: the same data gives the same file.
Run: .venv/bin/python nlp/data/build_dialect.py"""
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sklearn.feature_extraction import DictVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from nlp import corpora, dialect, normalize, training  # noqa: E402
from nlp.language_eval import in_arabic_script  # noqa: E402

# Weights smaller than this change no decision worth keeping and would only grow the file.
SMALLEST_WEIGHT = 0.02


def examples() -> list[tuple[str, int]]:
    """(text, 1 for Tunisian) of every training comment in Arabic script."""
    found = [(example["text"], 0) for example in corpora.split(corpora.mlma("ar"), False)]
    found += [(example["text"], 1) for example in corpora.split(corpora.tsac(), False)]
    found += [(example["text"], int(example["lang"] == "tn")) for example in training.read_jsonl(training.TRAIN_FILE)
              if example["lang"] in ("ar", "tn")]
    return [(text, label) for text, label in found if in_arabic_script(text)]


def features(text: str) -> Counter:
    return Counter(feature for word in dialect.arabic_words(normalize.tokens(text))
                   for feature in dialect.word_features(word))


def main() -> None:
    texts, labels = zip(*examples())
    vectorizer = DictVectorizer()
    matrix = vectorizer.fit_transform([features(text) for text in texts])
    model = LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced").fit(matrix, labels)
    kept = sorted((name, weight) for name, weight in zip(vectorizer.feature_names_, model.coef_[0].tolist())
                  if abs(weight) >= SMALLEST_WEIGHT)
    lines = [f"{dialect.BIAS}\t{model.intercept_[0]:.4f}", *(f"{name}\t{weight:.4f}" for name, weight in kept)]
    dialect.WEIGHTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{dialect.WEIGHTS.name}: {len(kept)} of {len(vectorizer.feature_names_)} features, {len(texts)} comments")


if __name__ == "__main__":
    main()
