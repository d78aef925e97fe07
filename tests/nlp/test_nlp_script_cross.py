"""Tunisian training sentences are also trained on in the other script: each word swapped for the other script's
word with the same consonant skeleton, loanwords kept. That the crossed comment is kept in its sentence's fold is
checked in tests/nlp/test_nlp_crossval.py, beside the other test that builds the folds (one build for both)."""
from nlp import normalize
from nlp.skeleton import skeleton
from tests.nlp.test_nlp_crossval import load_script

build = load_script("build_comments")
script_cross = build.script_cross
TUNISIAN = tuple(item["text"] for item in build.read_sources() if item["lang"] == "tn")


def test_an_arabizi_question_is_written_in_arabic_letters_word_by_word():
    crossed = script_cross.cross("kifech nechri men 3andkom?", TUNISIAN)
    assert crossed == "كيفاش نشري من عندكم ?"
    original = [word for word in normalize.tokens("kifech nechri men 3andkom?") if word.isalpha()]
    assert [skeleton(word) for word in crossed.split()[:4]] == [skeleton(word) for word in original]


def test_an_arabic_script_question_is_written_in_arabizi_and_keeps_words_with_no_twin():
    crossed = script_cross.cross("نحب نكوموندي، توصلو لصفاقس؟", TUNISIAN)
    words = crossed.split()
    assert words[:2] == ["nheb", "nkomandi"]
    assert "لصفاقس" in words  # no Arabizi sentence names Sfax with that preposition: the word stays as written


def test_a_sentence_with_too_few_twins_or_a_single_word_is_not_crossed():
    assert script_cross.cross("el livraison tetwel?", TUNISIAN) is None  # mostly French
    assert script_cross.cross("yahbel", TUNISIAN) is None
