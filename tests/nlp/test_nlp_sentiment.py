import pytest

from nlp import normalize, sentiment, training
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
    assert sentiment.in_lexicon(normalize.tokens("voleeurs"))
    assert not sentiment.in_lexicon(normalize.tokens("pas nuul"))


def test_a_judging_word_the_writer_says_of_themselves_is_no_complaint(model):
    assert not is_negative("je suis nulle en couture, vous faites les retouches ?")
    assert not is_negative("I'm useless at sewing, do you do alterations?")
    assert is_negative("votre service est nul") and is_negative("vous êtes nuls")
    assert is_negative("je suis déçue, la robe est arrivée déchirée")


def test_a_complaint_that_asks_needs_a_lower_score_than_one_that_asks_nothing():
    """Scores as the model gives them: the negative head's probability, a catalogue intent's, the silence head's."""
    between = (sentiment.ASKING_NEGATIVE_THRESHOLD + sentiment.NEGATIVE_THRESHOLD) / 2
    tokens = ["you", "raised", "the", "price", "how", "much", "is", "it", "now", "?"]
    asking = {training.NEGATIVE: between, "price": 0.9, training.SILENT: 0.01}
    silent = {training.NEGATIVE: between, "price": 0.1, training.SILENT: 0.9}
    assert sentiment.from_scores(asking, tokens)
    assert not sentiment.from_scores(silent, tokens)
    assert not sentiment.from_scores({**asking, training.NEGATIVE: sentiment.ASKING_NEGATIVE_THRESHOLD - 0.01}, tokens)


def test_every_negative_lexicon_entry_fits_the_phrases_the_lexicon_reads():
    entries, _starts = sentiment.lexicon()
    assert max(len(entry.split()) for entry in entries) <= sentiment.PHRASE_WORDS


@pytest.mark.parametrize("text", ["still waiting for my refund", "don't buy from them", "ne commandez pas chez eux",
                                  "je déconseille cette page", "I wouldn't recommend this shop", "ma nansa7komch",
                                  "لا أنصح بالتعامل معهم"])
def test_warnings_to_other_buyers_and_long_complaints_are_negative(model, text):
    assert is_negative(text)


@pytest.mark.parametrize("text", ["je recommande vivement !", "I highly recommend them", "what size do you recommend?",
                                  "don't buy the cheap ones elsewhere, this one is perfect", "j'ai pas été déçue"])
def test_recommending_or_not_being_disappointed_is_not_negative(model, text):
    assert not is_negative(text)
