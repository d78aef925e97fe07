"""Products named the way fans type them: Arabizi, missing accents, plurals, one or two typos, Arabic plurals;
names shared by several products; and the near words that must not be read as a product."""
from itertools import takewhile

import pytest

from nlp import product_eval, spelling
from nlp.catalogue import product_tokens
from nlp.normalize import tokens
from nlp.products import ProductIndex

SHOP = {"categories": [
    {"name": "Mode", "products": [
        {"name": "Robe longue fleurie", "synonyms": ["floral maxi dress", "فستان طويل مورد", "rouba twila mwarda"]},
        {"name": "Robe longue fleurie Nova", "synonyms": ["rouba twila mwarda"]},
        {"name": "Sandales tressées", "synonyms": ["braided sandals", "صندل مضفور"]},
        {"name": "chemise", "synonyms": ["souriya", "قميص"]},
    ]},
    {"name": "Maison", "products": [
        {"name": "Canapé d'angle Oslo", "synonyms": ["Oslo corner sofa", "salon angle oslo", "كنبة زاوية أوسلو"]},
        {"name": "Lampadaire arc", "synonyms": ["arc floor lamp"]},
        {"name": "Chaise en rotin", "synonyms": ["rattan chair", "كرسي روطان"]},
        {"name": "plaid", "synonyms": ["blanket"]},
    ]},
    {"name": "Épicerie", "products": [
        {"name": "Thé à la menthe", "synonyms": ["mint tea", "tay bel na3na3"]},
        {"name": "Café turc moulu", "synonyms": ["9ahwa arbi"]},
        {"name": "Amandes grillées", "synonyms": ["louz m7ammes"]},
    ]},
]}


@pytest.fixture(scope="module")
def index():
    return ProductIndex(SHOP)


def found(index, text):
    return sorted(hit.name for hit in index.find(product_tokens(tokens(text))))


@pytest.mark.parametrize("first, second", [
    ("rouba", "rooba"), ("twila", "touila"), ("qahwa", "kahwa"), ("chaair", "chair"), ("sandales", "sandale"),
    ("plissee", "plisse"), ("mecanique", "mecanik"), ("djean", "jean"), ("فساتين", "فستان"), ("قبعات", "قبعه"),
    ("كراسي", "كرسي"),
])
def test_usual_spellings_of_one_word_share_a_key(first, second):
    assert spelling.key(first) == spelling.key(second)


def test_different_words_keep_different_keys():
    assert spelling.key("robe") != spelling.key("rose")
    assert spelling.key("vase") != spelling.key("valise")


@pytest.mark.parametrize("text, product", [
    ("CANAPE DANGLE OSLO PRIX", "Canapé d'angle Oslo"),
    ("salon angl oslo 9adech", "Canapé d'angle Oslo"),
    ("robes longues fleuries dispo ?", "Robe longue fleurie"),
    ("floral maxi dres in size S?", "Robe longue fleurie"),
    ("فساتين طويلة مورد متوفرة ؟", "Robe longue fleurie"),
    ("sandale tressee pointure 38", "Sandales tressées"),
    ("lampadère arc noir ?", "Lampadaire arc"),
    ("كراسي روطان بكم", "Chaise en rotin"),
    ("the a la menthe en sachet ?", "Thé à la menthe"),
    ("tey bel na3na3 famma", "Thé à la menthe"),
    ("qahwa arbi 9adech", "Café turc moulu"),
    ("louz m7ames 9adeh", "Amandes grillées"),
])
def test_misspelt_names_name_their_product(index, text, product):
    assert found(index, text) == [product]


def test_a_synonym_shared_by_two_products_names_both_on_the_same_words(index):
    hits = index.find(product_tokens(tokens("rouba twila mwarda 9adeh")))
    assert sorted(hit.name for hit in hits) == ["Robe longue fleurie", "Robe longue fleurie Nova"]
    assert {hit.words for hit in hits} == {"rouba twila mwarda"} and all(hit.synonym for hit in hits)


def test_a_long_comment_names_each_of_its_products(index):
    text = ("Bonjour 🌸 j'ai vu votre publication hier et franchement ça m'a plu, je voudrais le canape d'angle oslo "
            "en gris et aussi deux chaises en rotin pour le balcon, livraison possible à Nabeul ? merci d'avance")
    assert found(index, text) == ["Canapé d'angle Oslo", "Chaise en rotin"]


@pytest.mark.parametrize("text", [
    "el soura el theniya akid",  # soura (photo) is not souriya (shirt)
    "je suis en teletravail",
    "كم طول الحزام",
    "the sun is shining",
    "plaisir de vous lire",
])
def test_near_words_alone_are_no_product(index, text):
    assert found(index, text) == []


def test_hits_say_which_spelling_and_which_words_named_the_product(index):
    hit, = index.find(product_tokens(tokens("prix du salon angl oslo svp")))
    assert (hit.name, hit.category, hit.spelling, hit.synonym) == ("Canapé d'angle Oslo", "Maison", "salon angle oslo", True)
    assert hit.words == "salon angl oslo" and 0.8 <= hit.score < 1.0


def test_held_out_products_meet_the_issue_goals():
    examples, shop = product_eval.read(product_eval.HELDOUT)
    figures = product_eval.evaluate(ProductIndex(shop), examples)
    assert figures["misspelt"]["recall"] >= 0.85 and figures["misspelt"]["precision"] >= 0.95
    assert figures["correct"]["recall"] >= 0.97 and figures["correct"]["precision"] >= 0.97
    assert figures["none"]["precision"] == 1.0


def test_the_product_report_gives_precision_and_recall_by_spelling():
    """The tables `python -m nlp evaluate` prints (tests/nlp/test_nlp_heldout.py checks they are printed)."""
    table = product_eval.report().split("products (products_heldout.jsonl, its own catalogue), by spelling:")[1]
    # The table ends where another section starts.
    lines = list(takewhile(lambda line: line.split()[:1] in (["correct"], ["misspelt"], ["none"], ["all"]),
                           table.strip().splitlines()[1:]))
    rows = {line.split()[0]: line.split()[1:] for line in lines}
    assert set(rows) == {"correct", "misspelt", "none", "all"}
    assert int(rows["misspelt"][0]) > 50 and float(rows["misspelt"][2]) >= 0.85
