"""An answer in the comment's language: the version written for it, a Tunisian comment falling back to the Arabic
version, and the default text for a language with no version (Arabic never falls back to Tunisian)."""
import pytest

from nlp.answer import compose
from nlp.intents import IntentScore
from nlp.matcher import Match
from nlp.products import ProductHit

CONFIG = [
    {"name": "price", "generic_answer": "Bonjour ##FIRST_NAME##, nos prix sont en MP.", "buttons": [],
     "answers": {"en": "Hello ##FIRST_NAME##, prices in DM.", "ar": "مرحبا ##FIRST_NAME##، الأسعار في الخاص.",
                 "fr": "  "},
     "products": [{"product": "Robe rouge", "answer": "La robe rouge est à 59 DT.", "buttons": [],
                   "answers": {"tn": "El robe rouge b 59 DT."}}]},
    {"name": "delivery", "generic_answer": "Livraison 48h partout.", "buttons": [],
     "answers": {"tn": "Livraison fi 48 se3a."}},
]
NAMES = {"first_name": "Sarra"}


def compose_in(language, intents, products=()):
    match = Match(text="x", language=language, intents=[IntentScore(name, 0.9) for name in intents],
                  products=[ProductHit(name, "Robes", 1.0) for name in products])
    answer = compose(match, CONFIG, "facebook", NAMES)
    return answer.text, answer.language


@pytest.mark.parametrize("language, expected", [
    ("en", ("Hello Sarra, prices in DM.", "en")),
    ("ar", ("مرحبا Sarra، الأسعار في الخاص.", "ar")),
    ("tn", ("مرحبا Sarra، الأسعار في الخاص.", "ar")),  # no Tunisian version: the Arabic one
    ("fr", ("Bonjour Sarra, nos prix sont en MP.", "")),  # a blank version is none
    ("", ("Bonjour Sarra, nos prix sont en MP.", "")),
])
def test_the_generic_answer_in_the_comments_language(language, expected):
    assert compose_in(language, ["price"]) == expected


def test_arabic_does_not_fall_back_to_tunisian():
    assert compose_in("ar", ["delivery"]) == ("Livraison 48h partout.", "")
    assert compose_in("tn", ["delivery"]) == ("Livraison fi 48 se3a.", "tn")


def test_a_product_answer_wins_over_the_generic_answer_in_the_comments_language():
    assert compose_in("tn", ["price"], ["robe rouge"]) == ("El robe rouge b 59 DT.", "tn")
    # The product's default text tells the price: better than the generic answer in English.
    assert compose_in("en", ["price"], ["robe rouge"]) == ("La robe rouge est à 59 DT.", "")
