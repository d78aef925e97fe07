"""Which products each small catalogue change touched, so that a worker layers the change from those products alone.

A synonym added to one product of a 20,000-product catalogue was followed, in each worker child, by a process that
read the 80,000 rows and compared them with the matcher's to find that one product (catalogue_follower.py): about a
second of CPU for the process's start, the read and the comparison, with PostgreSQL's backend at the priority of the
other pages' queries. A change of up to product_delta.KEPT_CHANGES products now writes, in its own transaction, the
products it touched as the matching engine names them ((name, category), before and after the change); the drain
reads them, and those products as they now are (catalogue_read.page_catalogue's `only`), in a few small queries
(matcher_store.MatcherStore.ready). A change with no row (an import, a category of many products renamed, the demo's
or the wizard's own additions) is read whole by a follower, as before.
"""
from __future__ import annotations

from sqlalchemy import delete, select

from app.database import session
from app.models import CatalogueChange
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
