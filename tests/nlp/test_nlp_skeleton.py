"""Consonant skeletons: a Tunisian word written in Arabic script and in Arabizi reads the same, and words that
differ in their consonants do not."""
from nlp import features
from nlp.normalize import tokens
from nlp.skeleton import skeleton


def skeletons(text: str) -> list[str]:
    return [skeleton(word) for word in tokens(text)]


def test_the_two_scripts_of_tunisian_meet():
    for arabic, latin in [("نكري", "nekri"), ("قداش", "9adech"), ("شحال", "chhal"), ("مازال", "mazel"),
                          ("توصيل", "twasel"), ("كملت", "kmlet"), ("السوم", "essoum")]:
        assert skeletons(arabic) == skeletons(latin) != [""], (arabic, latin)


def test_different_words_stay_apart_and_short_or_mixed_words_have_none():
    assert skeleton("soum") != skeleton("livraison")
    assert skeletons("قداش") != skeletons("وقتاش")
    assert skeletons("a 38 ya") == ["", "", ""]


def test_skeletons_are_features_of_words_and_of_word_pairs():
    words = tokens("9adech el soum")
    assert "s:qdc" in features.word_features(words[0])
    assert "t:qdc sm" not in features.sequence_features(words)  # "el" has no skeleton: pairs are of neighbours
    assert "t:qdc sm" in features.sequence_features(tokens("9adech soum"))
