"""The cross-validation script folds exactly the shipped training comments, grouped: a sentence and its noisy variants
are never on both sides of a fold."""
import importlib.util
import json

import pytest

from nlp import training


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, training.DATA_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def texts(path) -> set[str]:
    return {json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


@pytest.fixture(scope="module")
def training_rows():
    """The rows and their near-duplicate groups, built once for this module's tests (about 7 s of CPU)."""
    return load_script("cross_validate").training_rows()


def test_cross_validation_folds_hold_exactly_the_training_comments_grouped(training_rows):
    rows, groups = training_rows
    assert {row["text"] for row in rows} == texts(training.TRAIN_FILE)
    assert len(groups) == len(rows) and len(set(groups)) < len(rows)
    group_of_origin = {}
    for row, group in zip(rows, groups):
        assert group_of_origin.setdefault(row["origin"], group) == group


def test_near_pairs_are_every_pair_that_scores_the_ratio_and_no_other():
    """The bounds that spare most comparisons never drop a pair `fuzz.ratio` would keep: checked against every pair
    of texts that differ by a letter or two, by a word, by length around the bound, in both scripts."""
    from rapidfuzz import fuzz

    build = load_script("build_comments")
    sentences = ["combien le prix svp", "combien le prix stp", "cmb le prix svp", "combien la livraison a sousse",
                 "combien la livraison a sfax", "b9adech el robe el 7amra", "bkadech el robe el hamra",
                 "بقداش الروبة الحمراء", "بقداش الروبه الحمرا", "قداش الروبة", "is it available in blue",
                 "is it available in black", "available in blue", "aaaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaa",
                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "ok", "ko", "o"]
    texts = sentences + [text[::-1] for text in sentences]
    expected = {frozenset((i, j)) for i in range(len(texts)) for j in range(i + 1, len(texts))
                if fuzz.ratio(texts[i], texts[j], score_cutoff=build.NEAR_DUPLICATE_RATIO)}
    found = {frozenset(pair) for pair in build.near_pairs(texts, block=4) if pair[0] != pair[1]}
    assert found == expected
    assert len(expected) >= 6  # the list holds pairs on both sides of the ratio
    # Between two lists: the first half against the second, each way round.
    half = len(texts) // 2
    across = {(i, j) for i in range(half) for j in range(half, len(texts))
              if fuzz.ratio(texts[i], texts[j], score_cutoff=build.NEAR_DUPLICATE_RATIO)}
    assert {(i, half + j) for i, j in build.near_pairs(texts[:half], texts[half:], block=4)} == across
    assert {(half + i, j) for i, j in build.near_pairs(texts[half:], texts[:half], block=4)} == {
        (j, i) for i, j in across}


def test_the_crossed_sentences_are_training_comments_in_their_sentences_fold(training_rows):
    """Tunisian sentences crossed into the other script (tests/nlp/test_nlp_script_cross.py) stay in the fold of the
    sentence they were crossed from."""
    rows, groups = training_rows
    group_of = {row["text"]: group for row, group in zip(rows, groups)}
    assert "كيفاش نشري من عندكم ?" in texts(training.TRAIN_FILE)
    assert group_of["كيفاش نشري من عندكم ?"] == group_of["kifech nechri men 3andkom?"]


def test_two_runs_compare_on_the_rows_both_scored(tmp_path):
    script = load_script("cross_validate")
    asks = {"price": 0.9, training.SILENT: 0.01, training.NEGATIVE: 0.0}
    silent = {"price": 0.1, training.SILENT: 0.9, training.NEGATIVE: 0.0}
    rows = [{"text": "combien ?", "lang": "fr", "intents": ["price"], "negative": False, "origin": "a.txt:1"},
            {"text": "magnifique", "lang": "fr", "intents": [], "negative": False, "origin": "a.txt:2"},
            {"text": "trop belle", "lang": "fr", "intents": [], "negative": False, "origin": "a.txt:3"}]
    earlier = tmp_path / "earlier.jsonl"
    script.save_scores(earlier, rows[:2], [asks, silent])

    report = script.compare(earlier, rows, [asks, asks, silent]).splitlines()

    assert report[0].startswith("2 rows both runs scored")  # the third row is new: fitted on, not compared
    fr = next(line for line in report if line.startswith("fr "))
    assert fr.split("->")[0].split()[1:4] == ["1.0000", "/", "0.00%"]
    assert fr.split("->")[1].split()[:3] == ["0.6667", "/", "100.00%"]  # the praise is answered now: price F1 2/3
    answered = next(line for line in report if "answered:" in line)
    assert float(answered.split(":")[1].split("±")[0]) > 0
