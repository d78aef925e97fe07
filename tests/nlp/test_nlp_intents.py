"""Intents on hard cases of every language, filtered to the agent's own intents, with a threshold."""
import pytest

import nlp
from nlp import intents


def names(match):
    return [intent.name for intent in match.intents]


@pytest.mark.parametrize("text, expected", [
    ("prix et livraison?", {"price", "delivery"}),
    ("how much is it and do you deliver to Sousse?", {"price", "delivery"}),
    ("بقداش", {"price"}),
    ("بكم هذا الفستان؟", {"price"}),
    ("9adeh soumha l robe el ka7la?", {"price"}),
    ("dispo en noir ?", {"availability", "colors"}),
    ("what are your opening hours on sunday", {"opening_hours"}),
    ("وين المحل متاعكم؟", {"location"}),
    ("quelle taille pour 60 kg ?", {"size"}),
])
def test_intents_of_hard_comments_in_every_language(matcher, text, expected):
    assert set(names(matcher.match(text))) == expected


def test_cash_on_delivery_is_first_a_payment_question(matcher):
    assert names(matcher.match("famma paiement à la livraison?"))[0] == "payment_methods"


@pytest.mark.parametrize("text", [
    "merci beaucoup 😍😍", "@Amira Ben Salah", "❤️❤️❤️", "first!", "thank you so much, love it",
    "ربي يوفقكم", "bravo 3lik", "je vous aime",
])
def test_comments_that_must_not_be_answered_match_nothing(matcher, text):
    assert names(matcher.match(text)) == []


def test_an_agent_answers_only_its_own_intents(model, demo_catalogue):
    delivery_only = nlp.build_matcher(["delivery"], demo_catalogue)
    assert names(delivery_only.match("prix et livraison?")) == ["delivery"]
    assert names(delivery_only.match("combien le prix ?")) == []


def test_scores_are_probabilities_best_first_above_the_threshold(matcher, model):
    found = matcher.match("prix et livraison?").intents
    scores = [intent.score for intent in found]
    assert scores == sorted(scores, reverse=True)
    assert all(model.threshold <= score <= 1 for score in scores)


def test_catalogue_lists_the_fifteen_intents_with_french_names():
    assert len(intents.CATALOGUE) == 15
    assert {"price", "delivery", "quiz", "material_model"} <= intents.NAMES
    assert {entry["kind"] for entry in intents.CATALOGUE} == {"generic", "specific"}
    assert next(entry for entry in intents.CATALOGUE if entry["name"] == "delivery")["name_fr"] == "Livraison"


def test_unknown_intent_is_refused(model, demo_catalogue):
    with pytest.raises(ValueError, match="unknown intents: teleport"):
        nlp.build_matcher(["price", "teleport"], demo_catalogue)


def test_a_comment_surely_asking_gets_its_best_intent_even_under_the_threshold():
    weak = {"price": 0.3, "delivery": 0.25, "__silent__": intents.SURE_ASKING / 2}
    assert [intent.name for intent in intents.select(weak, None, 0.45)] == ["price"]
    assert intents.select({**weak, "__silent__": intents.SURE_ASKING}, None, 0.45) == []
    assert intents.select({**weak, "price": intents.FALLBACK_FLOOR / 2, "delivery": 0.0}, None, 0.45) == []
    # The agent lacking the best intent gets no stand-in from its other intents.
    assert intents.select(weak, frozenset({"delivery"}), 0.45) == []


def test_a_comment_that_may_ask_nothing_needs_a_stronger_intent():
    doubtful = {"price": 0.5, "__silent__": intents.SURE_ASKING}
    assert intents.select(doubtful, None, 0.45) == []
    assert [intent.name for intent in intents.select({**doubtful, "__silent__": 0.0}, None, 0.45)] == ["price"]
    assert intents.select({**doubtful, "price": 0.45 + intents.DOUBT_MARGIN}, None, 0.45)


def test_intents_are_ranked_by_their_exact_scores_and_the_heads_are_left_out():
    """Two intents that round to the same score keep the order of their exact scores, in what the comment asks and in
    the candidates a match explains itself with."""
    scores = {"delivery": 0.99961, "price": 0.99964, "colors": 0.2, "__negative__": 0.95, "__silent__": 0.01}
    ranking = intents.ranked(scores)
    assert [name for name, _ in ranking] == ["price", "delivery", "colors"]
    assert intents.asked(scores, ranking, 0.45) == [intents.IntentScore("price", 0.9996),
                                                     intents.IntentScore("delivery", 0.9996)]
    assert [candidate.name for candidate in intents.best(ranking, 2)] == ["price", "delivery"]


def test_a_question_put_outright_is_not_silenced_by_the_praise_around_it():
    """The silence head reads praise ("so beautiful") as a comment that asks nothing; a "?" with a sure intent asks
    the shop all the same, unless a friend is tagged (the question is the friend's)."""
    praised = {"price": intents.OUTRIGHT_FLOOR, "delivery": 0.5, "__silent__": 0.73}
    asked = intents.select(praised, None, 0.45, ["so", "beautiful", "how", "much", "?"])
    assert [intent.name for intent in asked] == ["price"]  # delivery, doubted, needs DOUBT_MARGIN more
    assert intents.select(praised, None, 0.45, ["so", "beautiful", "how", "much"]) == []
    assert intents.select(praised, None, 0.45, ["_mention_", "how", "much", "?"]) == []
    under = {**praised, "price": intents.OUTRIGHT_FLOOR - 0.01}
    assert intents.select(under, None, 0.45, ["so", "beautiful", "how", "much", "?"]) == []
    assert intents.is_silent(praised) and not intents.is_silent(praised, ["how", "much", "?"])


@pytest.mark.parametrize("text, expected", [
    ("so beautiful, how much?", ["price"]),
    ("beautiful!! price?", ["price"]),
    ("so beautiful, how much", []),
    ("love it, great price!", []),
])
def test_praise_then_a_question_is_answered_and_praise_alone_is_not(matcher, text, expected):
    match = matcher.match(text)
    assert names(match) == expected
    assert match.silent == (not expected)
