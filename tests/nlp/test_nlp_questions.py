"""Questions shoppers ask sellers, answered with the intent they ask, and the technical or off-topic ones left to a
person (issue 41's examples: weight is not price, an object's measurements are dimensions, a material's safety is not
a contest, a known product asked for is availability)."""
import pytest


@pytest.mark.parametrize("text, expected", [
    ("how much does this weigh?", "dimensions"),
    ("what are the measurements of the cabinet?", "dimensions"),
    ("is this toy phthalate free?", "material_model"),
    ("my waist is a 33, would a 32 work?", "size"),
    ("is this OEM?", "material_model"),
    ("are these shipped from china?", "delivery"),
    ("what is the return policy?", "delivery"),
    ("vous avez l'eau de jasmin ?", "availability"),
    ("3andkom parfum jasmin?", "availability"),
    ("هل عندكم عطر الياسمين؟", "availability"),
    # The same kinds asked in other words (issue 41's round 57): "how much" of a capacity or a weight, a weight limit,
    # one's own build against a size, where it ships from, the same part as the maker's, a return.
    ("how much does the cooler hold?", "dimensions"),
    ("what is the max weight the shelf can take", "dimensions"),
    ("I'm 1m60 and 55 kg, which size?", "size"),
    ("does it ship from abroad?", "delivery"),
    ("is it the same cartridge as the original epson one?", "material_model"),
    ("can I send it back if it doesn't suit me?", "delivery"),
])
def test_first_intent_is_what_the_question_asks(matcher, text, expected):
    found = [intent.name for intent in matcher.match(text).intents]
    assert found[:1] == [expected], found


@pytest.mark.parametrize("text", [
    "how do I reset it to factory settings?",
    "who won the match last night?",
    "how much power does it use?",
    "how long does the charge last?",
])
def test_technical_and_off_topic_questions_are_left_to_a_person(matcher, text):
    assert not matcher.match(text).intents
