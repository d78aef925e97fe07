"""The message an agent sends: product answer before generic answer, tags filled, 640 characters at most,
three buttons at most and none on Instagram."""
from nlp.answer import MAX_CHARACTERS, compose
from nlp.intents import IntentScore
from nlp.matcher import Match
from nlp.products import ProductHit

BUTTON = {"type": "web_url", "url": "https://shop.example", "title": "Shop"}
CONFIG = [
    {"name": "price", "generic_answer": "Bonjour ##FIRST_NAME##, nos prix sont en MP. ##PAGE_NAME##",
     "buttons": [BUTTON, {**BUTTON, "title": "2"}, {**BUTTON, "title": "3"}, {**BUTTON, "title": "4"}],
     "products": [{"product": "Robe de soirée", "answer": "##FULL_NAME##, la robe de soirée est à 120 DT.",
                   "buttons": [{"type": "phone_number", "title": "Call", "payload": "+21655000000"}]}]},
    {"name": "delivery", "generic_answer": "Livraison 48h partout, ##LAST_NAME##.", "buttons": []},
]
NAMES = {"first_name": "Sarra", "last_name": "Jlassi", "page_name": "Dar Moda"}


def match(intents, products=()):
    return Match(text="x", language="fr", intents=[IntentScore(name, 0.9) for name in intents],
                 products=[ProductHit(name, "Robes", 1.0) for name in products])


def test_product_answer_is_chosen_for_a_matched_intent_and_product():
    answer = compose(match(["price"], ["robe de soirée"]), CONFIG, "facebook", NAMES)
    assert answer.text == "Sarra Jlassi, la robe de soirée est à 120 DT."
    assert answer.intent == "price" and answer.product == "robe de soirée"
    assert answer.buttons == [{"type": "phone_number", "title": "Call", "payload": "+21655000000"}]


def test_generic_answer_fills_tags_and_keeps_three_buttons_on_facebook():
    answer = compose(match(["price"], ["caftan"]), CONFIG, "facebook", NAMES)
    assert answer.text == "Bonjour Sarra, nos prix sont en MP. Dar Moda"
    assert [button["title"] for button in answer.buttons] == ["Shop", "2", "3"]
    assert answer.product is None


def test_instagram_answers_carry_no_buttons():
    assert compose(match(["price"]), CONFIG, "instagram", NAMES).buttons == []
    assert compose(match(["price"], ["robe de soirée"]), CONFIG, "instagram", NAMES).buttons == []


def test_missing_names_leave_no_double_spaces():
    answer = compose(match(["price"]), CONFIG, "instagram", {"page_name": "Dar Moda"})
    assert answer.text == "Bonjour, nos prix sont en MP. Dar Moda"


def test_the_best_intent_with_an_answer_is_used():
    assert compose(match(["quiz", "delivery", "price"]), CONFIG, "facebook", NAMES).text == "Livraison 48h partout, Jlassi."


def test_answers_are_cut_to_640_characters_at_a_word():
    long_config = [{"name": "price", "generic_answer": "##PAGE_NAME## " + "mot " * 400, "buttons": []}]
    text = compose(match(["price"]), long_config, "facebook", NAMES).text
    assert len(text) <= MAX_CHARACTERS and text.startswith("Dar Moda mot") and text.endswith("mot…")


def test_no_answer_without_a_match_or_without_a_configured_intent():
    assert compose(match([]), CONFIG, "facebook", NAMES) is None
    assert compose(match(["size"]), CONFIG, "facebook", NAMES) is None
    assert compose(match(["price"]), [{"name": "price", "generic_answer": "  "}], "facebook", NAMES) is None
