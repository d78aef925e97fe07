"""`python -m nlp match` and `python -m nlp evaluate`, run as a user runs them."""
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nlp import product_eval, training
from nlp.__main__ import CATALOGUE_SHAPE
from tests.nlp.test_nlp_crossval import texts
from tests.nlp.test_nlp_heldout import GROUPS, HELDOUT_FILE

ROOT = Path(__file__).resolve().parents[2]
DEMO_CATALOGUE = training.DATA_DIR / "catalogue_demo.json"


def run(args, stdin="", **env):
    """The command's result; its output as text, or as bytes when stdin is bytes."""
    return subprocess.run([sys.executable, "-m", "nlp", *args], input=stdin, capture_output=True,
                          text=isinstance(stdin, str), cwd=ROOT, timeout=120, env={**os.environ, **env})


def test_match_writes_one_json_object_per_comment(model):
    result = run(["match", "--catalogue", str(DEMO_CATALOGUE), "--intents", "price,delivery"],
                 "prix et livraison?\n\nbit.ly/promo gratuit\nrob de soiree 9adeh?\n")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["text"] for line in lines] == ["prix et livraison?", "bit.ly/promo gratuit", "rob de soiree 9adeh?"]
    assert {intent["name"] for intent in lines[0]["intents"]} == {"price", "delivery"}
    assert lines[1]["has_link"] and lines[1]["intents"] == []
    assert lines[2]["products"][0]["name"] == "robe de soirée" and lines[2]["language"] == "tn"
    assert set(lines[0]) == {"text", "language", "intents", "products", "negative", "abusive", "has_link"}


def test_match_answers_each_comment_as_soon_as_it_is_sent(model):
    """A caller that sends one comment and waits for its answer before the next (a chat, a script reading as it
    writes) gets each answer without closing stdin."""
    process = subprocess.Popen([sys.executable, "-m", "nlp", "match", "--intents", "price"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        for text in ("prix svp?", "9adeh?"):
            process.stdin.write(text + "\n")
            process.stdin.flush()
            answered = json.loads(process.stdout.readline())
            assert answered["text"] == text and [intent["name"] for intent in answered["intents"]] == ["price"]
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0


def test_match_answers_thousands_of_piped_comments_in_order_with_the_text_sent(model):
    """Comments piped in bulk are read many at a time: every one is answered once, in order, with its text as sent,
    whether a line ends in a line feed, in a carriage return and a line feed (a file saved on Windows) or not at all
    (the last), wherever a read cuts a line or a letter of several bytes."""
    texts = [f"{number} قداش el prix mta3 el robe numéro {number} 👗?" for number in range(5_000)]
    sent = "".join(text + ("\r\n" if number % 2 else "\n") for number, text in enumerate(texts)).removesuffix("\r\n")
    assert len(sent.encode()) > 3 * (1 << 16)  # several reads of the command's size

    result = run(["match", "--intents", "price"], sent)

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [answer["text"] for answer in answers] == texts
    assert all([intent["name"] for intent in answer["intents"]] == ["price"] for answer in answers)


def test_match_answers_a_comment_with_bytes_that_are_not_utf8_and_the_ones_after_it(model):
    """A comment cut inside a letter, or written in another encoding, is answered with its unreadable bytes shown as
    U+FFFD, in valid JSON, and the comments after it are answered too, whatever the locale."""
    for language in ("C.UTF-8", "en_US.UTF-8"):
        result = run(["match", "--intents", "price,delivery"], "prix de la robe ".encode() + b"\xff\xd8?\nlivraison?\n",
                     LANG=language, LC_ALL=language)
        assert result.returncode == 0, result.stderr
        answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
        assert [answer["text"] for answer in answers] == ["prix de la robe \ufffd\ufffd?", "livraison?"]
        assert [[intent["name"] for intent in answer["intents"]] for answer in answers] == [["price"], ["delivery"]]


@pytest.fixture(scope="module")
def evaluated(model) -> str:
    """What `python -m nlp evaluate` prints on the held-out set with the demo catalogue: one run (the real corpora's
    held-out comments make it 5 to 10 s of CPU) for the tests of its output."""
    result = run(["evaluate", str(HELDOUT_FILE), "--catalogue", str(DEMO_CATALOGUE)])
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_evaluate_prints_every_language_and_the_speed(evaluated):
    rows = {line.split()[0]: line.split() for line in evaluated.splitlines() if line.strip()}
    assert {"all", "en", "fr", "ar", "tn_latin", "tn_arabic", "mixed"} <= set(rows)
    assert 0.5 <= float(rows["all"][2]) <= 1.0
    assert "comments per second" in evaluated
    # The real corpora's held-out comments: abuse per language group, replies to comments that ask nothing.
    assert {"abuse", "replies"} <= set(rows) and {"olid", "tsac", "mlma_ar", "mlma_en"} <= set(rows)
    assert 0.0 <= float(rows["olid"][2].rstrip("%")) <= 100.0


def test_evaluate_reports_every_language_group_of_the_heldout_set(evaluated):
    header, *lines = evaluated.splitlines()
    columns = header.split()
    # The intents table ends at the speed line; the products tables printed after it are products_heldout's.
    table = list(itertools.takewhile(lambda line: not line.startswith("comments"), lines))
    rows = {line.split()[0]: dict(zip(columns, line.split())) for line in table}
    assert set(rows) == GROUPS | {"all"}
    assert sum(int(rows[group]["n"]) for group in GROUPS) == int(rows["all"]["n"]) == len(texts(HELDOUT_FILE))
    for row in rows.values():
        assert 0.5 <= float(row["macroF1"]) <= 1.0
        assert row["falseRep"].endswith("%") and 0.0 <= float(row["falseRep"][:-1]) <= 100.0
        assert 0.0 <= float(row["negP"]) <= 1.0 and 0.0 <= float(row["negR"]) <= 1.0
    # Then the products by spelling (its figures: tests/nlp/test_nlp_products_spelling.py).
    assert product_eval.report() in evaluated


def test_unknown_intent_or_unreadable_catalogue_is_a_clear_error():
    unknown = run(["match", "--intents", "price,teleport"], "prix?\n")
    assert unknown.returncode != 0 and "unknown intents: teleport" in unknown.stderr
    missing = run(["match", "--catalogue", "/nonexistent.json"], "prix?\n")
    assert missing.returncode != 0 and "cannot read catalogue" in missing.stderr


@pytest.mark.parametrize("catalogue", [[1, 2], {"categories": "robes"}, {"categories": [{"products": {"name": "x"}}]},
                                       {"categories": [{"products": [{"name": "robe", "synonyms": "rob"}]}]}])
def test_a_catalogue_of_another_shape_is_a_clear_error(tmp_path, catalogue):
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(catalogue))
    result = run(["match", "--catalogue", str(path)], "prix?\n")
    assert result.returncode != 0 and result.stdout == ""
    assert result.stderr.strip() == f"cannot read catalogue {path}: expected {CATALOGUE_SHAPE}"


def test_match_without_a_built_model_says_in_one_line_what_to_run_and_trains_nothing(tmp_path):
    result = run(["match", "--intents", "price"], "prix?\n", NLP_CACHE_DIR=str(tmp_path))

    assert result.returncode != 0 and result.stdout == ""
    assert result.stderr.splitlines() == [f"intent model missing for the current training data (expected "
                                          f"{tmp_path}/model-{training.cache_key()}.pkl): run `python -m nlp train`"]
    assert list(tmp_path.iterdir()) == []
