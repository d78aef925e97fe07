"""A catalogue change read through a layer (nlp/product_delta.py) finds what the changed catalogue's full index finds:
the changed products' readings compete with the others' for the same comment words, as within one index."""
from nlp import product_delta
from nlp.catalogue import product_tokens
from nlp.matcher import build_matcher
from nlp.normalize import tokens


def _dresses(synonyms: dict) -> dict:
    return {"categories": [{"name": "Robes", "products": [
        {"name": f"Robe {number}", "synonyms": synonyms.get(number, [])} for number in range(20)]}]}


def _found(index, text: str) -> list[tuple[str, str]]:
    return [(hit.name, hit.spelling) for hit in index.find(product_tokens(tokens(text)))]


def test_a_layered_change_reads_a_comment_as_the_full_index_of_the_changed_catalogue_does():
    before, after = _dresses({}), _dresses({3: ["zorblaxine"], 9: ["robe longue"]})
    base = build_matcher(["availability"], before)
    layered = product_delta.layered(base, product_delta.entries(before), after)
    full = build_matcher(["availability"], after)

    assert layered.products.changed == {("Robe 3", "Robes"), ("Robe 9", "Robes")}
    for text in ("la robe 7 est disponible ?", "la robe 3 ?", "zorblaxine dispo", "robe longue prix ?",
                 "robe 12 et robe 3 svp", "bonjour"):
        assert _found(layered.products, text) == _found(full.products, text), text
    # An unchanged sibling is not joined by a changed product: "Robe 3", in the small layer, once read "robe 7" too.
    assert _found(layered.products, "la robe 7 est disponible ?") == [("Robe 7", "Robe 7")]
