import pytest

from nlp.sentiment import is_negative


@pytest.mark.parametrize("text", [
    "scammers, never again", "worst shop ever, still nothing after 3 weeks 😡", "arnaque, plus jamais",
    "honteux, personne ne répond", "نصابين وكذابين", "الجودة رديئة جدا", "nasbin 7chouma", "خايبة برشا",
])
def test_negative_comments_in_every_language(model, text):
    assert is_negative(text)


@pytest.mark.parametrize("text", [
    "love it, thank you", "magnifique robe 😍", "بالتوفيق ان شاء الله", "yatik se7a, rwina barcha",
    "combien la robe ?", "is it still available?",
])
def test_praise_and_questions_are_not_negative(model, text):
    assert not is_negative(text)


def test_a_lexicon_word_typed_with_a_doubled_letter_still_counts():
    from nlp import normalize, sentiment

    assert sentiment.in_lexicon(normalize.tokens("voleeurs"))
    assert not sentiment.in_lexicon(normalize.tokens("pas nuul"))
