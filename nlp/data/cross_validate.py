"""Cross-validates the intent model on the labelled comments it is trained on (grouped folds, so a sentence and its
noisy variants stay on one side): the figures that justify an engine setting without looking at the held-out set.
Run: python nlp/data/cross_validate.py [--c 1.0 3.0] [--folds 4] [--save-texts F] [--only-texts F]
"""
import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import build_comments  # noqa: E402  (a sibling module, not a package)
from nlp import intents, normalize, sentiment, training  # noqa: E402
from nlp.evaluate import Tally  # noqa: E402

THRESHOLDS = (0.35, 0.4, 0.45, 0.5)
SILENT_THRESHOLDS = (0.2, 0.25, 0.3, 0.4, 1.01)
NEGATIVE_THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85)
ASKING_NEGATIVE_THRESHOLDS = (0.5, 0.55, 0.6, 0.65, 0.7)


def training_rows() -> tuple[list[dict], list[int]]:
    """The rows the builder writes to the training file, with their near-duplicate group."""
    rows = build_comments.labelled_rows()
    return rows, build_comments.group_near_duplicates(rows)


def held_out_scores(rows: list[dict], groups: list[int], folds: int) -> list[dict]:
    """Calibrated head scores of every row, from a model fitted on the other folds. A group's fold is drawn from the
    salted hash of its first sentence, so a sentence keeps its fold when later rounds add sentences and two rounds'
    figures compare on the same folds."""
    names = training.intent_names()
    scores: list[dict] = [{} for _ in rows]
    fold_of = [number % folds for number in build_comments.group_hashes(rows, groups, salt="fold:")]
    for fold in range(folds):
        fitted_on = [row for row, row_fold in zip(rows, fold_of) if row_fold != fold]
        model = training.compact(training.fit_estimators(fitted_on, names))
        held_out = [index for index, row_fold in enumerate(fold_of) if row_fold == fold]
        for index in held_out:
            scores[index] = model.calibrated_scores(model.decisions(normalize.tokens(rows[index]["text"])))
    return scores


LANGUAGES = ("en", "fr", "ar", "tn", "tn-lat", "tn-ar", "all")


def languages_of(row: dict) -> tuple[str, ...]:
    """The figures a row counts in: its language, for Tunisian also its script, and all."""
    if row["lang"] != "tn":
        return row["lang"], "all"
    return "tn", "tn-ar" if build_comments.noise.is_arabic_script(row["text"]) else "tn-lat", "all"


def report(rows: list[dict], scores: list[dict], threshold: float, silent_threshold: float) -> str:
    """Macro F1 per language and the share of must-not-answer rows answered, under one rule setting."""
    tallies, silent, answered = defaultdict(Tally), defaultdict(int), defaultdict(int)
    chosen, intents.SILENT_THRESHOLD = intents.SILENT_THRESHOLD, silent_threshold
    for row, row_scores in zip(rows, scores):
        predicted = {intent.name for intent in intents.select(row_scores, None, threshold)}
        for language in languages_of(row):
            tallies[language].add_sets(set(row["intents"]), predicted)
            if not row["intents"]:
                silent[language] += 1
                answered[language] += bool(predicted)
    intents.SILENT_THRESHOLD = chosen  # the negative report's "asks" reads the engine's own setting
    cells = [f"{language} {tallies[language].macro_f1():.3f}/{answered[language] / silent[language]:.1%}"
             for language in LANGUAGES]
    return f"thr {threshold:.2f} silent {silent_threshold:.2f}  " + "  ".join(cells)


def negative_report(rows: list[dict], scores: list[dict], threshold: float, asking_threshold: float) -> str:
    """Negative precision and recall per language: the model's head at `threshold` (`asking_threshold` for comments
    that ask), or a lexicon hit."""
    tallies = defaultdict(Tally)
    chosen = sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD
    sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD = threshold, asking_threshold
    for row, row_scores in zip(rows, scores):
        predicted = sentiment.from_scores(row_scores, normalize.tokens(row["text"]))
        for language in languages_of(row):
            tallies[language].add("negative", bool(row["negative"]), predicted)
    sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD = chosen
    cells = ["{} {:.2f}/{:.2f}".format(language, *tallies[language].precision_recall())
             for language in LANGUAGES]
    return f"negative thr {threshold:.2f} asking {asking_threshold:.2f}  " + "  ".join(cells)


def shared_rows(rows: list[dict], scores: list[dict], texts_file: Path | None) -> tuple[list[dict], list[dict]]:
    """The rows (and their scores) an earlier round also had, so a round that adds sentences is compared with
    the one before on the same rows: new sentences are still fitted on, only not scored."""
    if texts_file is None:
        return rows, scores
    earlier = {json.loads(line) for line in texts_file.read_text(encoding="utf-8").splitlines()}
    kept = [index for index, row in enumerate(rows) if row["text"] in earlier]
    return [rows[index] for index in kept], [scores[index] for index in kept]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--c", type=float, nargs="+", default=[training.SVM_C])
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--save-texts", type=Path, help="write the training rows' texts, one JSON string a line")
    parser.add_argument("--only-texts", type=Path, help="score only rows whose text a --save-texts file holds")
    options = parser.parse_args()
    rows, groups = training_rows()
    if options.save_texts:
        options.save_texts.write_text("".join(json.dumps(row["text"], ensure_ascii=False) + "\n" for row in rows),
                                      encoding="utf-8")
    for value in options.c:
        training.SVM_C = value
        rows_scored, scores = shared_rows(rows, held_out_scores(rows, groups, options.folds), options.only_texts)
        print(f"C={value}  (macro F1 / must-not-answer answered)")
        for threshold in THRESHOLDS:
            for silent_threshold in SILENT_THRESHOLDS:
                print(report(rows_scored, scores, threshold, silent_threshold))
        print("(negative precision / recall, lexicon included)")
        for threshold in NEGATIVE_THRESHOLDS:
            print(negative_report(rows_scored, scores, threshold, threshold))
        for asking_threshold in ASKING_NEGATIVE_THRESHOLDS:
            print(negative_report(rows_scored, scores, sentiment.NEGATIVE_THRESHOLD, asking_threshold))


if __name__ == "__main__":
    main()
