"""A small catalogue change is layered by the drain from the products its record names (app/services/catalogue_changes.py,
issue 40): whatever the change (a product added, renamed or deleted, a synonym added or removed, a category added,
renamed or deleted), the layered matcher finds what a matcher built from the whole changed catalogue finds. A change
whose record would name too many products, or an import, has none, and is left to a catalogue follower."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Category, Product, SocialPage
from app.services import catalogue, catalogue_changes, catalogue_csv
from app.services.catalogue_read import page_catalogue
from app.services.pipeline.matcher_store import MatcherStore
from nlp import build_matcher
from nlp.product_delta import KEPT_CHANGES
from tests.api.catalogue_support import make_page

OWNER = ("agent", "page")
PROBES = ["la robe 3 est disponible ?", "le caftan brodé dispo ?", "prix du zorblaxine ?", "rm5 dispo ?",
          "la robe 7 ?", "vous avez la jebba ?", "tunique lin prix", "robe 12 et robe 13 dispo ?", "chechia rouge ?"]


def _found(matcher) -> list[list[str]]:
    return [sorted(hit.name for hit in matcher.match(probe).products) for probe in PROBES]


def _fresh(page: SocialPage) -> SocialPage:
    session.expire_all()
    return session.get(SocialPage, page.id)


def _ready(store: MatcherStore, page: SocialPage) -> bool:
    """The drain's question for the page's current catalogue, with the product's own records; a follower asked for
    would fail the test."""
    page = _fresh(page)
    return store.ready(OWNER, page.catalogue_version, lambda _entries: pytest.fail("a follower was started"),
                       touched=lambda since: catalogue_changes.touched_since(page.id, since, page.catalogue_version),
                       products=lambda named: page_catalogue(page.id, only=named))


def _category(page: SocialPage, name: str) -> Category:
    return session.scalar(select(Category).where(Category.page_id == page.id, Category.name == name))


def _product(page: SocialPage, name: str) -> Product:
    return session.scalar(select(Product).where(Product.page_id == page.id, Product.content == name))


@pytest.fixture
def shop(signed_in):
    owner, _headers, _ = signed_in("Olfa", "Owner")
    page = make_page(owner)
    catalogue.change(page, catalogue.add_category, "Robes",
                     [{"content": f"Robe {number}", "synonyms": [f"rm{number}"]} for number in range(20)])
    catalogue.change(page, catalogue.add_category, "Traditionnel", [{"content": "Jebba", "synonyms": ["jeba"]}])
    store = MatcherStore(size=4)
    store.get(OWNER, _fresh(page).catalogue_version, lambda: ["availability", "price"], lambda: page_catalogue(page.id))
    return page, store


def test_every_kind_of_small_change_layered_from_its_record_reads_like_a_full_build(shop):
    page, store = shop
    robes = lambda: _category(page, "Robes").id  # noqa: E731
    changes = [
        (catalogue.add_product, robes, "Caftan brodé", ["kaftan"]),
        (catalogue.add_synonyms, robes, lambda: _product(page, "Robe 3").id, ["zorblaxine"]),
        (catalogue.rename_product, robes, lambda: _product(page, "Robe 7").id, "Tunique lin"),
        (catalogue.delete_product, robes, None, lambda: _product(page, "Robe 12").id),
        (catalogue.remove_synonym, robes, 5, "rm5"),
        (catalogue.add_category, "Chechias", [{"content": "Chechia rouge", "synonyms": []}]),
        (catalogue.rename_category, lambda: _category(page, "Traditionnel").id, "Tenues"),
        (catalogue.add_category, "Vide", []),
        (catalogue.delete_category, lambda: _category(page, "Vide").id),
    ]
    for apply, *args in changes:
        catalogue.change(_fresh(page), apply, *[arg() if callable(arg) else arg for arg in args])

        assert _ready(store, page), f"{apply.__name__} was not layered at once"
        layered = store.get(OWNER, _fresh(page).catalogue_version, list, lambda: pytest.fail("read whole"))
        full = build_matcher(["availability", "price"], page_catalogue(page.id))
        assert _found(layered) == _found(full), apply.__name__


def test_a_change_of_many_products_and_an_import_have_no_record_and_are_followed(shop):
    page, store = shop
    shop_made = _fresh(page).catalogue_version
    many = [{"content": f"Tunique {number}", "synonyms": []} for number in range(KEPT_CHANGES + 1)]
    catalogue.change(page, catalogue.add_category, "Tuniques", many)
    version = _fresh(page).catalogue_version
    assert catalogue_changes.touched_since(page.id, version - 1, version) is None
    assert not store.ready(OWNER, version, lambda _entries: iter(()),
                           touched=lambda since: catalogue_changes.touched_since(page.id, since, version),
                           products=lambda named: pytest.fail("layered"))
    assert store._following.get(OWNER) == version or store._follow_failed.get(OWNER) == version  # asked apart

    catalogue_csv.import_csv(_fresh(page), b"category,product,synonyms\nBijoux,Khomsa,khamsa\n")
    version = _fresh(page).catalogue_version
    assert catalogue_changes.touched_since(page.id, version - 1, version) is None
    # The earlier small changes still have theirs: only a run of changes that all have one is layered.
    assert catalogue_changes.touched_since(page.id, shop_made - 2, shop_made) == \
        {(f"Robe {number}", "Robes") for number in range(20)} | {("Jebba", "Traditionnel")}


def test_the_records_of_a_page_are_bounded(shop):
    page, _store = shop
    robe = _product(page, "Robe 1")
    for number in range(catalogue_changes.KEPT_VERSIONS + 5):
        catalogue.change(_fresh(page), catalogue.add_synonyms, robe.category_id, robe.id, [f"r1-{number}"])
    version = _fresh(page).catalogue_version
    assert catalogue_changes.touched_since(page.id, version - catalogue_changes.KEPT_VERSIONS + 1, version) == \
        {("Robe 1", "Robes")}
    assert catalogue_changes.touched_since(page.id, version - catalogue_changes.KEPT_VERSIONS - 1, version) is None
