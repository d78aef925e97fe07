"""Cross-validates the intent model on the labelled comments it is trained on (grouped folds, so a sentence and its
noisy variants stay on one side): the figures that justify an engine setting without looking at the held-out set.
Run: python nlp/data/cross_validate.py [--c 1.0 3.0] [--folds 4] [--save-texts F] [--only-texts F] [--save-scores F]
[--compare F] [--train-share 0.5]
"""
import argparse
import json
import random
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import build_comments  # noqa: E402  (a sibling module, not a package)
from nlp import intents, normalize, sentiment, training  # noqa: E402
from nlp.evaluate import Tally  # noqa: E402

THRESHOLDS = (0.4, 0.45, 0.5, 0.55, 0.6)
SILENT_THRESHOLDS = (0.15, 0.2, 0.25, 0.3, 0.4, 1.01)
NEGATIVE_THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85)
ASKING_NEGATIVE_THRESHOLDS = (0.5, 0.55, 0.6, 0.65, 0.7)
# Resamples of the sentences for the spread of a difference between two runs.
BOOTSTRAP_SAMPLES = 200
# A row's normalised tokens, read by the fold models and by each of the forty reports of a run: normalised once.
# Shared lists, which nothing here changes.
tokens_of = lru_cache(maxsize=None)(normalize.tokens)


def training_rows() -> tuple[list[dict], list[int]]:
    """The rows the builder writes to the training file, with their near-duplicate group."""
    rows = build_comments.labelled_rows()
    return rows, build_comments.group_near_duplicates(rows)


def held_out_scores(rows: list[dict], groups: list[int], folds: int, train_share: float = 1.0) -> list[dict]:
    """Calibrated head scores of every row, from a model fitted on the other folds. A group's fold is drawn from the
    salted hash of its first sentence, so a sentence keeps its fold when later rounds add sentences and two rounds'
    figures compare on the same folds. With `train_share` under 1, each model is fitted on that share of its folds'
    sentences only (drawn by another salted hash), for a learning curve: what more sentences would still bring."""
    names = training.intent_names()
    scores: list[dict] = [{} for _ in rows]
    fold_of = [number % folds for number in build_comments.group_hashes(rows, groups, salt="fold:")]
    kept = [number % 1000 < train_share * 1000 for number in build_comments.group_hashes(rows, groups, salt="share:")]
    for fold in range(folds):
        fitted_on = [row for row, row_fold, row_kept in zip(rows, fold_of, kept) if row_fold != fold and row_kept]
        model = training.compact(training.fit_estimators(fitted_on, names))
        held_out = [index for index, row_fold in enumerate(fold_of) if row_fold == fold]
        for index in held_out:
            scores[index] = model.calibrated_scores(model.decisions(tokens_of(rows[index]["text"])))
    return scores


LANGUAGES = ("en", "fr", "ar", "tn", "tn-lat", "tn-ar", "all")


def languages_of(row: dict) -> tuple[str, ...]:
    """The figures a row counts in: its language, for Tunisian also its script, and all."""
    if row["lang"] != "tn":
        return row["lang"], "all"
    return "tn", "tn-ar" if build_comments.noise.is_arabic_script(row["text"]) else "tn-lat", "all"


def report(rows: list[dict], scores: list[dict], threshold: float, silent_threshold: float) -> str:
    """Macro F1 per language and the share of must-not-answer rows answered, under one rule setting."""
    chosen, intents.SILENT_THRESHOLD = intents.SILENT_THRESHOLD, silent_threshold
    decisions = [(asked_names(row, row_scores, threshold), False) for row, row_scores in zip(rows, scores)]
    intents.SILENT_THRESHOLD = chosen  # the negative report's "asks" reads the engine's own setting
    found = figures(rows, decisions)
    cells = [f"{language} {found[language][0]:.3f}/{found[language][1]:.1%}" for language in LANGUAGES]
    return f"thr {threshold:.2f} silent {silent_threshold:.2f}  " + "  ".join(cells)


def negative_report(rows: list[dict], scores: list[dict], threshold: float, asking_threshold: float) -> str:
    """Negative precision and recall per language: the model's head at `threshold` (`asking_threshold` for comments
    that ask), or a lexicon hit."""
    chosen = sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD
    sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD = threshold, asking_threshold
    decisions = [(set(), sentiment.from_scores(row_scores, tokens_of(row["text"])))
                 for row, row_scores in zip(rows, scores)]
    sentiment.NEGATIVE_THRESHOLD, sentiment.ASKING_NEGATIVE_THRESHOLD = chosen
    found = figures(rows, decisions)
    cells = ["{} {:.2f}/{:.2f}".format(language, *found[language][2:]) for language in LANGUAGES]
    return f"negative thr {threshold:.2f} asking {asking_threshold:.2f}  " + "  ".join(cells)


def shared_rows(rows: list[dict], scores: list[dict], texts_file: Path | None) -> tuple[list[dict], list[dict]]:
    """The rows (and their scores) an earlier round also had, so a round that adds sentences is compared with
    the one before on the same rows: new sentences are still fitted on, only not scored."""
    if texts_file is None:
        return rows, scores
    earlier = {json.loads(line) for line in texts_file.read_text(encoding="utf-8").splitlines()}
    kept = [index for index, row in enumerate(rows) if row["text"] in earlier]
    return [rows[index] for index in kept], [scores[index] for index in kept]


def asked_names(row: dict, row_scores: dict, threshold: float) -> set[str]:
    """The intents the engine answers a row with, from its scores, at `threshold`."""
    return {intent.name for intent in intents.select(row_scores, None, threshold, tokens_of(row["text"]))}


def decided(rows: list[dict], scores: list[dict]) -> list[tuple[set[str], bool]]:
    """Each row's intents and negativity under the engine's own settings."""
    return [(asked_names(row, row_scores, training.THRESHOLD),
             sentiment.from_scores(row_scores, tokens_of(row["text"]))) for row, row_scores in zip(rows, scores)]


def figures(rows: list[dict], decisions: list[tuple[set[str], bool]],
            languages: tuple[str, ...] = LANGUAGES) -> dict[str, tuple[float, ...]]:
    """Per language: macro F1 and the share of must-not-answer rows answered (from the decisions' intents), negative
    precision and recall (from their negativity). A report that sets one half of its decisions reads that half only."""
    tallies, negatives = defaultdict(Tally), defaultdict(Tally)
    silent, answered = defaultdict(int), defaultdict(int)
    for row, (predicted, is_negative) in zip(rows, decisions):
        for language in (language for language in languages_of(row) if language in languages):
            tallies[language].add_sets(set(row["intents"]), predicted)
            negatives[language].add("negative", bool(row["negative"]), is_negative)
            silent[language] += not row["intents"]
            answered[language] += not row["intents"] and bool(predicted)
    return {language: (tallies[language].macro_f1(), answered[language] / silent[language] if silent[language] else 0.0,
                       *negatives[language].precision_recall()) for language in languages}


def save_scores(path: Path, rows: list[dict], scores: list[dict]) -> None:
    """Every row's cross-validated head scores, one JSON object a line, for a later run's --compare."""
    path.write_text("".join(json.dumps({"text": row["text"], "scores": row_scores}, ensure_ascii=False) + "\n"
                            for row, row_scores in zip(rows, scores)), encoding="utf-8")


def compare(path: Path, rows: list[dict], scores: list[dict]) -> str:
    """This run against one saved with --save-scores, on the rows both scored, under the engine's settings; then the
    spread of the differences in all languages over resamples of the sentences (a sentence's variants go together),
    to tell a change from the noise of which sentences happen to be in the training split."""
    earlier = {line["text"]: line["scores"] for line in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
    kept = [index for index, row in enumerate(rows) if row["text"] in earlier]
    shared = [rows[index] for index in kept]
    before = decided(shared, [earlier[row["text"]] for row in shared])
    after = decided(shared, [scores[index] for index in kept])
    lines = [f"{len(shared)} rows both runs scored (macro F1, must-not-answer answered, negative precision / recall)"]
    before_figures, after_figures = figures(shared, before), figures(shared, after)
    for language in LANGUAGES:
        lines.append("{:7s} {:.4f} / {:.2%} / {:.3f} / {:.3f} -> {:.4f} / {:.2%} / {:.3f} / {:.3f}".format(
            language, *before_figures[language], *after_figures[language]))
    by_sentence = defaultdict(list)
    for index, row in enumerate(shared):
        by_sentence[row["origin"]].append(index)
    sentences, rng, differences = list(by_sentence), random.Random(0), []
    for _ in range(BOOTSTRAP_SAMPLES):
        sample = [index for sentence in rng.choices(sentences, k=len(sentences)) for index in by_sentence[sentence]]
        sample_rows = [shared[index] for index in sample]
        old = figures(sample_rows, [before[index] for index in sample], ("all",))["all"]
        new = figures(sample_rows, [after[index] for index in sample], ("all",))["all"]
        differences.append([second - first for first, second in zip(old, new)])
    for name, column in zip(("macro F1", "answered", "negative precision", "negative recall"), zip(*differences)):
        mean = sum(column) / len(column)
        spread = (sum((value - mean) ** 2 for value in column) / (len(column) - 1)) ** 0.5
        lines.append(f"difference in all, {name}: {mean:+.4f} ± {spread:.4f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--c", type=float, nargs="+", default=[training.SVM_C])
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--save-texts", type=Path, help="write the training rows' texts, one JSON string a line")
    parser.add_argument("--only-texts", type=Path, help="score only rows whose text a --save-texts file holds")
    parser.add_argument("--save-scores", type=Path, help="write every row's cross-validated scores (the first C's)")
    parser.add_argument("--compare", type=Path, help="compare the first C's run with a --save-scores file")
    parser.add_argument("--train-share", type=float, default=1.0,
                        help="fit each fold's model on this share of its sentences (a learning curve)")
    options = parser.parse_args()
    rows, groups = training_rows()
    if options.save_texts:
        options.save_texts.write_text("".join(json.dumps(row["text"], ensure_ascii=False) + "\n" for row in rows),
                                      encoding="utf-8")
    for number, value in enumerate(options.c):
        training.SVM_C = value
        all_scores = held_out_scores(rows, groups, options.folds, options.train_share)
        if number == 0 and options.save_scores:
            save_scores(options.save_scores, rows, all_scores)
        if number == 0 and options.compare:
            print(compare(options.compare, rows, all_scores))
        rows_scored, scores = shared_rows(rows, all_scores, options.only_texts)
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
