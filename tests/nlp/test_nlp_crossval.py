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
    """The rows and their near-duplicate groups, built once for this module's tests: grouping compares the 40,000-odd
    training comments pair by pair where their lengths allow a match, about 20 s of CPU."""
    return load_script("cross_validate").training_rows()


def test_cross_validation_folds_hold_exactly_the_training_comments_grouped(training_rows):
    rows, groups = training_rows
    assert {row["text"] for row in rows} == texts(training.TRAIN_FILE)
    assert len(groups) == len(rows) and len(set(groups)) < len(rows)
    group_of_origin = {}
    for row, group in zip(rows, groups):
        assert group_of_origin.setdefault(row["origin"], group) == group


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
