"""Fits the global model with scikit-learn (tf-idf over `features.analyze`, one calibrated linear SVM per
intent and for negativity, a linear SVM for the language) and turns it into a `LinearModel`. The result
is cached under var/nlp-cache/, keyed by a hash of the training data and of this package's code."""
import hashlib
import json
import os
from pathlib import Path

import numpy as np

from nlp import features, normalize
from nlp.model import LinearModel

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
TRAIN_FILE = DATA_DIR / "comments_train.jsonl"
CATALOGUE_FILE = DATA_DIR / "intents_catalogue.json"
CODE_FILES = ("normalize.py", "features.py", "keywords.py", "catalogue.py", "model.py", "training.py")
NEGATIVE = "__negative__"
SILENT = "__silent__"
THRESHOLD = 0.45
# Chosen by grouped cross-validation on the training split (nlp/data/cross_validate.py), not on dev.
SVM_C = 3.0
# Calibration cross-validates in 3 folds: a head with fewer examples on either side cannot be fitted.
MIN_EXAMPLES = 3


def cache_dir() -> Path:
    return Path(os.environ.get("NLP_CACHE_DIR", PACKAGE_DIR.parent / "var" / "nlp-cache"))


def read_jsonl(path: Path) -> list[dict]:
    """One example a line: {"text","lang","intents","products","negative","has_link"}."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def intent_names() -> list[str]:
    return [entry["name"] for entry in json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))]


def cache_key(train_file: Path = TRAIN_FILE) -> str:
    """Changes whenever the examples, the intent list or the code that reads them changes."""
    digest = hashlib.sha256()
    for path in [train_file, CATALOGUE_FILE, *(PACKAGE_DIR / name for name in CODE_FILES)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def fit_estimators(examples: list[dict], intents: list[str]) -> dict:
    """The scikit-learn objects: vectorizer, calibrated binary classifiers by head name, language SVM."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.svm import LinearSVC

    vectorizer = TfidfVectorizer(analyzer=features.analyze, sublinear_tf=True, min_df=2, dtype=np.float32)
    matrix = vectorizer.fit_transform([normalize.normalize(example["text"]) for example in examples])
    targets = {name: [name in example["intents"] for example in examples] for name in intents}
    targets[NEGATIVE] = [bool(example["negative"]) for example in examples]
    targets[SILENT] = [not example["intents"] for example in examples]
    binary = {}
    for name, target in targets.items():
        if min(sum(target), len(target) - sum(target)) < MIN_EXAMPLES:
            continue
        classifier = CalibratedClassifierCV(LinearSVC(C=SVM_C), method="sigmoid", cv=3, ensemble=False)
        binary[name] = classifier.fit(matrix, np.array(target, dtype=int))
    languages = LinearSVC(C=SVM_C).fit(matrix, [example["lang"] for example in examples])
    return {"vectorizer": vectorizer, "binary": binary, "languages": languages}


def compact(estimators: dict) -> LinearModel:
    """Copy the fitted vocabulary, idf, coefficients and sigmoid parameters into a `LinearModel`."""
    columns, intercepts, calibrated = [], [], []
    for name, classifier in estimators["binary"].items():
        fitted = classifier.calibrated_classifiers_[0]
        columns.append(fitted.estimator.coef_[0])
        intercepts.append(fitted.estimator.intercept_[0])
        sigmoid = fitted.calibrators[0]
        calibrated.append((name, float(sigmoid.a_), float(sigmoid.b_)))
    languages = estimators["languages"]
    columns.extend(languages.coef_)
    intercepts.extend(languages.intercept_)
    vectorizer = estimators["vectorizer"]
    return LinearModel(
        vocabulary={term: int(column) for term, column in vectorizer.vocabulary_.items()},
        idf=vectorizer.idf_.astype(np.float32),
        weights=np.ascontiguousarray(np.array(columns, dtype=np.float32).T),
        intercepts=np.array(intercepts, dtype=np.float32),
        calibrated=calibrated,
        languages=[str(language) for language in languages.classes_],
        threshold=THRESHOLD,
    )


def train(train_file: Path = TRAIN_FILE) -> LinearModel:
    """Fit on the shipped training examples (never the dev split)."""
    return compact(fit_estimators(read_jsonl(train_file), intent_names()))


def load_or_train(train_file: Path = TRAIN_FILE) -> LinearModel:
    """The cached model for the current data and code, trained and cached when missing."""
    path = cache_dir() / f"model-{cache_key(train_file)}.pkl"
    if path.exists():
        return LinearModel.load(path)
    model = train(train_file)
    model.save(path)
    return model
