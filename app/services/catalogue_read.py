"""A page's catalogue as it is read: flat for the screens (catalogue.categories) and in the matching engine's shape for
its matchers (app/services/pipeline/matchers.py) and their catalogue followers.

Apart from the edits in catalogue.py, which bring Flask's errors and the team's mail and queue with them: a catalogue
follower, a process started for each catalogue change (app/services/pipeline/catalogue_follower.py), imports only this,
the models and the database (0.39 s less of imports for each, on a host already busy with the change).
"""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select

from app.database import session
from app.models import Category, Product, Synonym


def tree(page_id: int, names: set[str] | None = None) -> list[tuple[int, str, bool, list[tuple[int, str, list[str]]]]]:
    """(category id, name, default, [(product id, name, [synonyms])]) in the order they were added, the products
    those named `names` when given. Three flat reads, not ORM objects: the 140,000 of a 20,000-product catalogue took
    2.5 s to load, in every answer of its import."""
    products_read = [Product.page_id == page_id] + ([Product.content.in_(names)] if names is not None else [])
    synonyms = defaultdict(list)
    for product_id, value in session.execute(select(Synonym.product_id, Synonym.value).join(Product).where(
            *products_read).order_by(Synonym.id)):
        synonyms[product_id].append(value)
    products = defaultdict(list)
    for category_id, product_id, name in session.execute(select(Product.category_id, Product.id, Product.content).where(
            *products_read).order_by(Product.id)):
        products[category_id].append((product_id, name, synonyms[product_id]))
    return [(category_id, name, default, products[category_id]) for category_id, name, default in session.execute(
        select(Category.id, Category.name, Category.is_default).where(Category.page_id == page_id)
        .order_by(Category.id))]


def page_catalogue(page_id: int, only: set[tuple[str, str]] | None = None) -> dict:
    """The page's products in the matching engine's shape (default categories included: they hold products), or
    those of them `only` names as (product, category): a small catalogue change's products
    (catalogue_changes.py)."""
    names = None if only is None else {product for product, _category in only}
    return {"categories": [{"name": name, "products": [{"name": product, "synonyms": synonyms}
                                                       for _id, product, synonyms in products
                                                       if only is None or (product, name) in only]}
                           for _id, name, _default, products in tree(page_id, names)]}
