"""Products named with the slips of a thumb on a phone: two letters swapped, a letter doubled or dropped, a
neighbouring key, accents missing, another Arabizi spelling (nlp/data/products_phone.jsonl)."""
import pytest

from nlp import product_eval
from nlp.catalogue import product_tokens
from nlp.normalize import tokens
from nlp.products import ProductIndex


@pytest.fixture(scope="module")
def phone_shop():
    examples, shop = product_eval.read(product_eval.PHONE)
    return examples, ProductIndex(shop)


@pytest.mark.parametrize("text, product", [
    ("is the slik scarf still available", "Foulard en soie"),  # swapped
    ("vous avez encore montre spotr gps ?", "Montre sport GPS"),  # swapped
    ("impprimente bkadech", "Imprimante multifonction"),  # doubled
    ("parfm ambre oriental dispo svp ?", "Parfum ambre oriental"),  # dropped
    ("téléohone galaxy a54 prix stp", "Téléphone Galaxy A54"),  # neighbouring key
    ("bonjour c combien trottinette elecrique", "Trottinette électrique"),  # accents and a letter dropped
    ("famma m5adda ktifa mazel?", "Coussin velours côtelé"),  # Arabizi 9 written k
    ("طقم سرري ساتان متوفر؟", "Parure de lit satin"),  # Arabic letters swapped
])
def test_phone_slips_still_name_the_product(phone_shop, text, product):
    _, index = phone_shop
    assert product in {hit.name for hit in index.find(product_tokens(tokens(text)))}


def test_phone_slips_meet_the_issue_goal(phone_shop):
    examples, index = phone_shop
    figures = product_eval.evaluate(index, examples)
    assert figures["misspelt"]["comments"] > 200
    assert figures["misspelt"]["recall"] >= 0.90 and figures["misspelt"]["precision"] >= 0.95
    assert figures["none"]["precision"] == 1.0
