"""Words under a negation are features of their own, so praise worded through a negation is not read as the
complaint its words would make alone."""
from nlp import features, sentiment
from nlp.normalize import normalize, tokens


def test_words_right_after_a_negator_are_marked_in_every_language():
    assert features.negated_features(tokens("vous ne décevez jamais")) == ["n:decevez"]
    assert features.negated_features(tokens("you guys never disappoint")) == ["n:disappoint"]
    assert features.negated_features(tokens("ma wselnich el colis")) == ["n:wselnich", "n:el", "n:colis"]
    assert features.negated_features(tokens("ما وصلتش الكوموند")) == ["n:وصلتش", "n:الكوموند"]
    assert features.negated_features(tokens("great service, fast delivery")) == []


def test_the_model_sees_the_negation_and_tells_praise_from_a_complaint():
    assert "n:disappoint" in features.analyze(normalize("you guys never disappoint"))
    assert not sentiment.is_negative("you guys never disappoint")
    assert not sentiment.is_negative("vous ne décevez jamais")
    assert sentiment.is_negative("personne ne répond, c'est honteux")
