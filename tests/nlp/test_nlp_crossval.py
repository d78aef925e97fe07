"""The cross-validation script folds exactly the shipped training comments, grouped: a sentence and its noisy variants
are never on both sides of a fold."""
import importlib.util
import json

from nlp import training


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, training.DATA_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def texts(path) -> set[str]:
    return {json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def test_cross_validation_folds_hold_exactly_the_training_comments_grouped():
    rows, groups = load_script("cross_validate").training_rows()
    assert {row["text"] for row in rows} == texts(training.TRAIN_FILE)
    assert len(groups) == len(rows) and len(set(groups)) < len(rows)
    group_of_origin = {}
    for row, group in zip(rows, groups):
        assert group_of_origin.setdefault(row["origin"], group) == group
