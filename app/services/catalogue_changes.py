"""Which products each small catalogue change touched, so that a worker layers the change from those products alone.

A synonym added to one product of a 20,000-product catalogue was followed, in each worker child, by a process that
read the 80,000 rows and compared them with the matcher's to find that one product (catalogue_follower.py): about a
second of CPU for the process's start, the read and the comparison, with PostgreSQL's backend at the priority of the
other pages' queries. A change of up to product_delta.KEPT_CHANGES products now writes, in its own transaction, the
products it touched as the matching engine names them ((name, category), before and after the change); the drain
reads them, and those products as they now are, in two small queries (matcher_store.MatcherStore.ready). A change
with no row (an import, a category of many products renamed, the demo's or the wizard's own additions) is read whole
by a follower, as before.
"""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import delete, select

from app.database import session
from app.models import CatalogueChange, Category, Product, Synonym
from nlp.product_delta import KEPT_CHANGES

# A matcher more versions behind than this (a page whose comments stopped for a long while) is followed whole.
KEPT_VERSIONS = 200

Key = tuple[str, str]  # (product name, category name): product_delta.entries' key


def record(page_id: int, version: int, touched: set[Key] | None) -> None:
    """Writes what the change that made `version` touched, when it is known and small enough to be layered."""
    if touched is None or len(touched) > KEPT_CHANGES:
        return
    session.add(CatalogueChange(page_id=page_id, version=version, products=sorted(map(list, touched))))
    session.execute(delete(CatalogueChange).where(CatalogueChange.page_id == page_id,
                                                  CatalogueChange.version <= version - KEPT_VERSIONS))


def touched_since(page_id: int, after: int, upto: int) -> set[Key] | None:
    """The products touched by the changes after version `after` up to `upto`; None when one of them has no row."""
    rows = session.scalars(select(CatalogueChange.products).where(
        CatalogueChange.page_id == page_id, CatalogueChange.version > after, CatalogueChange.version <= upto)).all()
    if len(rows) != upto - after:
        return None
    return {(name, category) for products in rows for name, category in products}


def products_named(page_id: int, keys: set[Key]) -> dict:
    """Those of `keys` the page has now, with their synonyms, in the matching engine's shape."""
    found = session.execute(select(Product.id, Product.content, Category.name).join(Category).where(
        Product.page_id == page_id, Product.content.in_({name for name, _category in keys}))).all()
    found = [(product_id, name, category) for product_id, name, category in found if (name, category) in keys]
    synonyms = defaultdict(list)
    for product_id, value in session.execute(select(Synonym.product_id, Synonym.value).where(
            Synonym.product_id.in_([product_id for product_id, _name, _category in found])).order_by(Synonym.id)):
        synonyms[product_id].append(value)
    categories = defaultdict(list)
    for product_id, name, category in found:
        categories[category].append({"name": name, "synonyms": synonyms[product_id]})
    return {"categories": [{"name": category, "products": products} for category, products in categories.items()]}
