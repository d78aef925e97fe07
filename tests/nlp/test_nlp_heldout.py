"""The held-out set stays independent of training: none of its comments is a training comment or one a
typo away (the builder's near-duplicate rule), the shipped JSONL is exactly what its builder writes from
heldout/*.txt, and training the model opens no held-out file."""
import subprocess
import sys
from pathlib import Path

import pytest

from nlp import training
from tests.nlp.test_nlp_crossval import load_script, texts

ROOT = Path(__file__).resolve().parents[2]
HELDOUT_FILE = training.DATA_DIR / "comments_heldout.jsonl"
# The real-style shop questions held out for issue 41 (nlp/data/split_questions.py).
QUESTIONS_FILE = training.DATA_DIR / "shop_questions_heldout.jsonl"
GROUPS = {"en", "fr", "ar", "tn_latin", "tn_arabic", "mixed"}


@pytest.mark.parametrize("heldout_file", [HELDOUT_FILE, QUESTIONS_FILE], ids=lambda path: path.name)
def test_heldout_comments_are_neither_training_comments_nor_near_copies_of_them(heldout_file):
    build = load_script("build_comments")
    heldout = sorted(texts(heldout_file))
    seen = sorted(texts(training.TRAIN_FILE))
    assert not set(heldout) & set(seen)
    reduced = [build.comparable(text) for text in heldout]
    near = build.near_pairs(reduced, [build.comparable(text) for text in seen])
    copies = {heldout[row]: seen[column] for row, column in near if reduced[row]}
    assert copies == {}


def test_the_shipped_heldout_file_is_what_its_builder_writes_and_covers_every_language_group():
    written = load_script("build_heldout").read_heldout()
    shipped = training.read_jsonl(HELDOUT_FILE)
    assert shipped == written
    by_group = {group: [row for row in shipped if row["group"] == group] for group in GROUPS}
    assert {row["group"] for row in shipped} == GROUPS
    for rows in by_group.values():
        assert len(rows) >= 100
        assert sum(not row["intents"] for row in rows) >= 15  # asks nothing
        assert sum(len(row["intents"]) > 1 for row in rows) >= 10  # asks several things
        assert sum(row["negative"] and bool(row["intents"]) for row in rows) >= 5  # complains and asks


AUDIT = """
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
sys.path.insert(0, "nlp/data")
import build_comments
from nlp import training
build_comments.read_sources()  # what the builder and cross-validation read
training.train(training.Path(sys.argv[1]))  # the training path, on a slice of the training split to stay quick
print("\\n".join(opened))
"""


def test_building_and_training_never_open_the_heldout_files(tmp_path):
    sample = tmp_path / "train_sample.jsonl"
    sample.write_text("".join(training.TRAIN_FILE.read_text(encoding="utf-8").splitlines(keepends=True)[::32]),
                      encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", AUDIT, str(sample)], capture_output=True, text=True, cwd=ROOT,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    opened = result.stdout.splitlines()
    assert str(sample) in opened and any(path.endswith("price.txt") for path in opened)  # the hook saw the reads
    assert not [path for path in opened if "heldout" in path]
