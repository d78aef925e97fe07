"""Products named in comments: synonyms in four languages, multi-word names, typos, no false hits on short
or common words, and the same answers against a 5,000-product catalogue."""
import pytest

from nlp import synthetic
from nlp.catalogue import product_tokens
from nlp.normalize import tokens
from nlp.products import ProductIndex

SMALL = {"categories": [
    {"name": "Robes", "products": [
        {"name": "robe de soirée", "synonyms": ["evening dress", "فستان سهرة", "rouba sahra"]},
        {"name": "robe", "synonyms": []},
        {"name": "top", "synonyms": ["la", "de"]},
        {"name": "sac", "synonyms": ["bag"]},
        {"name": "XL", "synonyms": []},
    ]},
    {"name": "Maison", "products": [{"name": "lampe de chevet", "synonyms": ["bedside lamp", "فنار"]}]},
]}


def found(index, text):
    return [hit.name for hit in index.find(product_tokens(tokens(text)))]


@pytest.fixture(scope="module")
def index():
    return ProductIndex(SMALL)


@pytest.mark.parametrize("text", [
    "robe de soirée dispo ?", "robe soiré taille M", "rob de soiree svp", "la robe de soireeee ?",
    "how much is the evening dress", "evnening dress?", "بقداش فستان السهرة", "9adeh el rouba sahra",
])
def test_multi_word_names_synonyms_and_typos_name_the_product(index, text):
    assert found(index, text) == ["robe de soirée"]


def test_a_longer_name_wins_over_the_name_inside_it(index):
    assert found(index, "robe de soirée noire") == ["robe de soirée"]
    assert found(index, "la robe noire") == ["robe"]


def test_arabic_article_and_glued_prepositions_are_ignored(index):
    assert found(index, "الفنار بقداش") == ["lampe de chevet"]
    assert found(index, "بالفنار") == ["lampe de chevet"]


def test_short_and_function_words_never_match_alone(index):
    assert found(index, "la taille de la jupe") == []
    assert found(index, "c'est top") == ["top"]
    assert found(index, "rose") == []
    assert found(index, "sa couleur") == []


def test_short_names_need_an_exact_word(index):
    assert found(index, "un sac en cuir") == ["sac"]
    assert found(index, "sacs ?") == ["sac"]
    assert found(index, "xl dispo") == ["XL"]
    assert found(index, "bagage") == []


def test_hits_carry_category_and_a_score(index):
    exact, typo = index.find(product_tokens(tokens("bedside lamp"))), index.find(product_tokens(tokens("bedsid lamp")))
    assert exact[0].category == "Maison" and exact[0].score == 1.0
    assert 0.8 <= typo[0].score < 1.0


def test_demo_catalogue_in_tunisian_and_arabic(matcher):
    assert [hit.name for hit in matcher.match("9adeh el caftan?").products] == ["caftan"]
    assert [hit.name for hit in matcher.match("فما قفطان ابيض؟").products] == ["caftan"]
    assert "robe de soirée" in [hit.name for hit in matcher.match("rob de soiree dispo?").products]


@pytest.fixture(scope="module")
def large_index():
    return ProductIndex(synthetic.catalogue(5000))


def test_five_thousand_products_are_indexed_and_found_by_name_synonym_or_typo(large_index):
    assert len(large_index.products) == 5000
    name, category = large_index.products[1234]
    noun, attribute, *collection = name.split()
    assert found(large_index, f"combien {name} ?") == [name]
    assert found(large_index, f"combien {noun} {attribute[:-1]} {' '.join(collection)} ?") == [name]
    assert category == noun.capitalize()


def test_five_thousand_products_do_not_match_ordinary_comments(large_index):
    for text in ["merci beaucoup", "prix et livraison?", "c'est pour quand ?", "بقداش", "9adeh?"]:
        assert found(large_index, text) == []


def test_empty_or_malformed_catalogue_matches_nothing():
    assert found(ProductIndex({}), "robe de soirée") == []
    assert found(ProductIndex({"categories": [{"name": "x", "products": [{"name": "  "}]}]}), "robe") == []
