"""Fits the model of nlp/moderation.py with scikit-learn: one vocabulary of the comment's words, their letter n-grams
and its word pairs, and a logistic regression per head, on the training part of the real corpora (nlp/corpora.py),
the shop comments of nlp/data/comments_train.jsonl and the sentences of nlp/data/moderation/written_*.txt.
- abusive: the corpora's offence labels; TSAC is sentiment, not offence, so a TSAC or shop comment is abusive only
  with a lexicon insult in it (complaints teach the head what is not abuse).
- chatter: every corpus comment and every shop comment that asks nothing, against the shop comments that ask.
The abuse head's features are scaled by their naive Bayes log-count ratios before the regression (folded into its
weights afterwards, so scoring is unchanged). The fitted weights of both heads are copied into one plain dict
(`moderation.both_heads`), cached under var/nlp-cache/ keyed by data and code like the intent model, and built by
`python -m nlp train`."""
import hashlib
import pickle
from pathlib import Path

from nlp import abuse_lexicon, catalogue, corpora, feature_counts, moderation, normalize, training

MODEL_NAME = "abuse and chatter model"  # as its absence is named to an operator

WRITTEN_DIR = training.DATA_DIR / "moderation"
CODE_FILES = ("normalize.py", "corpora.py", "abuse_lexicon.py", "said_of.py", "moderation.py",
              "moderation_training.py", "sentiment.py", "feature_counts.py")
# Chosen on the corpora's training part by cross-validation (nlp/data/README.md, "Moderation"): the chatter head's C,
# and the abuse head's, which reads its features scaled by how much more often abuse holds them (ABUSE_SMOOTHING).
C = 4.0
ABUSE_C = 2.0
# Naive Bayes log-count ratios (Wang and Manning, 2012): each feature is multiplied by the log of its share of the
# abusive comments over its share of the others, counts smoothed by one. On a validation quarter of the training part,
# recall at precision 0.85: English 0.669 -> 0.712, Arabic 0.798 -> 0.807 (nlp/data/README.md).
ABUSE_SMOOTHING = 1.0
# The comments labelled for something else than offence (TSAC's sentiment, the shop comments' intents): abusive only
# with a lexicon insult.
WEAK = frozenset({"tsac", "shop"})
# A written sentence stands for the many comments like it that no corpus holds (French abuse, harmless swearing): the
# files of nlp/data/moderation/, with the abusive and chatter labels they give and their weight. The shop pages'
# sentences (harassment of a model or of staff, body-shaming, and their harmless neighbours) weigh 5: at 20 they moved
# the corpora's cross-validated precision under the threshold's 0.855 (nlp/data/README.md, "Moderation").
WRITTEN = (("written_abusive.txt", True, None, 20.0), ("written_harmless.txt", False, None, 20.0),
           ("written_chatter.txt", False, True, 20.0), ("written_shop_abusive.txt", True, None, 5.0),
           ("written_shop_harmless.txt", False, None, 5.0))
# Smaller weights are dropped from the shipped dicts: over a quarter of the features and of a worker's memory for them,
# while a comment's decision moves by a few hundredths at most.
KEPT_WEIGHT = 0.01
# Features seen fewer times are dropped: they only fit the training set.
MIN_COUNT = 2


def data_files() -> list[Path]:
    return sorted(path for path in corpora.CORPORA_DIR.rglob("*") if path.is_file()) + \
        sorted(catalogue.LEXICON_DIR.glob("abusive_*.txt")) + sorted(WRITTEN_DIR.glob("written_*.txt")) + \
        [training.TRAIN_FILE]


def cache_key() -> str:
    digest = hashlib.sha256()
    for path in [*data_files(), *(training.PACKAGE_DIR / name for name in CODE_FILES)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def model_path() -> Path:
    return training.cache_dir() / f"moderation-{cache_key()}.pkl"


def examples() -> list[dict]:
    """The training part: the corpora's (never their held-out comments) and the shop comments, each with the
    label the model learns."""
    rows = corpora.split(corpora.every(), heldout_part=False)
    rows = [{**row, "chatter": True} for row in rows]
    rows += [{"text": example["text"], "group": example["lang"], "corpus": "shop", "abusive": False,
              "chatter": not example["intents"]} for example in training.read_jsonl(training.TRAIN_FILE)]
    rows += [{"text": text, "group": "", "corpus": "written", "abusive": abusive, "chatter": chatter, "weight": weight}
             for name, abusive, chatter, weight in WRITTEN for text in _sentences(WRITTEN_DIR / name)]
    lexicon = abuse_lexicon.Lexicon()
    return [{**row, "abusive": row["abusive"] or (row["corpus"] in WEAK and lexicon.hit(normalize.tokens(row["text"])))}
            for row in rows]


def _sentences(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def fit(rows: list[dict], strength: float = C, abuse_strength: float = ABUSE_C, heads=moderation.HEADS) -> tuple:
    """The vectorizer (counts scaled by their square root sum, as moderation.Model scores them), a classifier per head
    (moderation.HEADS), each fitted on the rows that have its label, and each head's feature scales (None: none)."""
    import numpy as np
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression

    # CountVectorizer's fit, its counting done by `feature_counts` (the same matrix, in less time).
    tokens = [tokens_read(row["text"]) for row in rows]
    vocabulary, counts = feature_counts.counted(((each, moderation.pair_features(each)) for each in tokens),
                                                moderation.word_features, MIN_COUNT)
    vectorizer = CountVectorizer(analyzer=_features, vocabulary=vocabulary)
    matrix = _scaled(counts)
    classifiers, scales = {}, {}
    with training.one_blas_thread():
        for head in heads:
            labelled = np.array([row[head] is not None for row in rows])
            labels = np.array([bool(row[head]) for row in rows if row[head] is not None])
            weights = [row.get("weight", 1.0) for row in rows if row[head] is not None]
            abuse = head == moderation.ABUSIVE
            scales[head] = _ratios(counts[labelled], labels) if abuse else None
            features = matrix[labelled] if scales[head] is None else matrix[labelled] @ _diagonal(scales[head])
            classifiers[head] = LogisticRegression(C=abuse_strength if abuse else strength, max_iter=2000,
                                                   solver="liblinear").fit(features, labels, sample_weight=weights)
    return vectorizer, classifiers, scales


def _ratios(counts, labels):
    """Each feature's log-count ratio: log of (its share of the positive comments' features) over (its share of the
    negative ones'), a comment counting each feature once."""
    import numpy as np

    present = (counts > 0).astype(np.float64)
    positive = np.asarray(present[labels].sum(axis=0)).ravel() + ABUSE_SMOOTHING
    negative = np.asarray(present[~labels].sum(axis=0)).ravel() + ABUSE_SMOOTHING
    return np.log(positive / positive.sum()) - np.log(negative / negative.sum())


def _diagonal(values):
    from scipy.sparse import diags

    return diags(values)


def _features(text: str) -> list[str]:
    return moderation.features(tokens_read(text))


def tokens_read(text: str) -> list[str]:
    """What the heads read of a comment (moderation.read): its words less those the lexicon reads as naming no one."""
    return abuse_lexicon.lexicon().without_other_senses(normalize.tokens(text))


def _scaled(matrix):
    """Each row divided by the square root of its feature count: what moderation.Model.score does."""
    import numpy as np

    totals = np.asarray(matrix.sum(axis=1)).ravel()
    return _diagonal(1.0 / np.sqrt(np.maximum(totals, 1.0))) @ matrix


def decisions(vectorizer, classifier, texts: list[str], scale=None):
    """One head's raw decisions, for cross-validation."""
    matrix = _scaled(vectorizer.transform(texts))
    return classifier.decision_function(matrix if scale is None else matrix @ _diagonal(scale))


def compact(vectorizer, classifiers: dict, scales: dict) -> dict[str, moderation.Model]:
    """Each head's weights (times its feature scales) as a plain dict, the features it barely weighs left out."""
    models = {}
    for head, classifier in classifiers.items():
        weights = classifier.coef_[0] if scales[head] is None else classifier.coef_[0] * scales[head]
        models[head] = moderation.Model(weights={feature: float(weights[column])
                                                 for feature, column in vectorizer.vocabulary.items()
                                                 if abs(weights[column]) >= KEPT_WEIGHT},
                                        intercept=float(classifier.intercept_[0]))
    return models


def load() -> moderation.Model:
    """The cached model, both heads in one (`moderation.both_heads`)."""
    path = model_path()
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        raise training.ModelUnavailable("missing", path, model=MODEL_NAME) from None
    except (OSError, EOFError, pickle.UnpicklingError) as error:
        raise training.ModelUnavailable("unreadable", path, f": {error}", model=MODEL_NAME) from None


def load_or_train() -> moderation.Model:
    try:
        return load()
    except training.ModelUnavailable:
        model = moderation.both_heads(compact(*fit(examples())))
        path = model_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{id(model)}.tmp")
        with partial.open("wb") as handle:
            pickle.dump(model, handle, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)
        return model
