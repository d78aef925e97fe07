"""The matcher other code uses: the contract of build_matcher / Match, languages, and the per-agent cache."""
import pytest

from nlp import MatcherCache


def test_match_has_the_contract_fields(matcher):
    match = matcher.match("Bonjour, la robe de soirée est à combien ? www.promo.tn")
    assert match.text.startswith("Bonjour") and match.language == "fr"
    assert match.has_link and not match.negative
    assert [hit.name for hit in match.products] == ["robe de soirée"]
    # A link does not silence a question: hiding linked comments is the page's anti-spam switch.
    assert match.matched and match.intents[0].name == "price"


def test_a_question_is_matched(matcher):
    match = matcher.match("la robe de soirée est à combien ?")
    assert match.matched and match.intents[0].name == "price"
    assert match.to_dict()["products"] == [{"name": "robe de soirée", "category": "Robes & jupes", "score": 1.0}]


@pytest.mark.parametrize("text, language", [
    ("how much is the evening dress?", "en"), ("c'est combien la livraison ?", "fr"),
    ("كم سعر التوصيل؟", "ar"), ("بقداش التوصيل؟", "tn"), ("9adeh el livraison l sousse?", "tn"),
])
def test_language_of_each_comment(matcher, text, language):
    assert matcher.match(text).language == language


def test_empty_comment_matches_nothing(matcher):
    match = matcher.match("")
    assert match.intents == [] and match.products == [] and not match.negative and not match.has_link


def test_cache_builds_once_per_agent_version_and_drops_the_oldest(model, demo_catalogue):
    loads = []

    def load(intents):
        def loader():
            loads.append(intents)
            return intents, demo_catalogue
        return loader

    cache = MatcherCache(size=2)
    first = cache.get(("agent-1", 1), load(["price"]))
    assert cache.get(("agent-1", 1), load(["price"])) is first
    assert cache.get(("agent-1", 2), load(["delivery"])) is not first
    cache.get(("agent-2", 1), load(["size"]))
    assert len(cache) == 2 and loads == [["price"], ["delivery"], ["size"]]
    cache.get(("agent-1", 1), load(["price"]))
    assert len(loads) == 4

