"""A page's product catalogue (spec 001 §2 "Manage products", "Add category", "Update category", §5, §7 "Products").

Every change runs in one transaction that first raises the page's `catalogue_version`: the matcher cache key holds
that version (app/services/pipeline/matchers.py), so the very next comment or simulator message in any process builds
its matcher from the changed catalogue. The raise comes first because the UPDATE also locks the page's row, so two
changes of one catalogue run one after the other and the duplicate checks below see each other's work. Each change
below returns the products it touched, (name, category) before and after, which the workers' matchers layer from
(catalogue_changes.py).

A change the product refuses (a name already taken, a category not empty) raises `Refused` with the user's message;
the API answers it as the string the client shows (spec 001 §7: "When the answer data.data is a string it is shown
as an error").
"""
from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from app.database import session
from app.errors import NotFound
from app.models import Category, Product, SocialPage, Synonym, User
from app.services import catalogue_changes, team
from app.services.catalogue_changes import Key
from app.services.catalogue_read import tree

NAME_MAX = 255
CATEGORY_NOT_EMPTY = "The category should be empty!"
CATEGORY_EXISTS = "This category already exists!"
PRODUCT_EXISTS = "This product already exists!"
SYNONYM_EXISTS = "This synonym already exists!"


class Refused(Exception):
    """A change the catalogue's rules refuse; `message` is what the user reads."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class CategoryNotFound(NotFound):
    code, message = "categoryNotFound", "This category does not exist"


class ProductNotFound(NotFound):
    code, message = "productNotFound", "This product does not exist"


class SynonymNotFound(NotFound):
    code, message = "synonymNotFound", "This synonym does not exist"


def clean(text: str) -> str:
    """A name as stored: inner runs of spaces made one, ends trimmed (so "Robe  rouge " is "Robe rouge")."""
    return " ".join(text.split())


def same(text: str) -> str:
    """The spelling two names are compared by: "Robe Rouge" and "robe rouge" are one product."""
    return clean(text).casefold()


# --- reading ---------------------------------------------------------------------------------------------------

def team_page(user: User, platform: str, external_id: str) -> SocialPage:
    """The page by its network id, when the user is on its team; 403 otherwise (and for no such page)."""
    page, _role = team.team_page(user, external_id, platform)
    return page


def categories(page: SocialPage) -> list[dict]:
    """The page's categories as the client reads them, default ones left out (spec 001 §2 "Manage products")."""
    return [{"_id": str(category_id), "name": name, "default": False,
             "children": [{"_id": str(product_id), "content": content, "synonyms": synonyms}
                          for product_id, content, synonyms in products]}
            for category_id, name, default, products in tree(page.id) if not default]


def _category(page: SocialPage, category_id: int) -> Category:
    row = session.get(Category, category_id)
    if row is None or row.page_id != page.id or row.is_default:
        raise CategoryNotFound()
    return row


def _product(category: Category, product_id: int) -> Product:
    row = session.get(Product, product_id)
    if row is None or row.category_id != category.id:
        raise ProductNotFound()
    return row


def product_name(page: SocialPage, category_id: int, product_id: int) -> str:
    return _product(_category(page, category_id), product_id).content


def _key(product: Product) -> Key:
    """The product as the matching engine names it (product_delta.entries)."""
    return product.content, product.category.name


def _keys(category: Category) -> set[Key]:
    return {_key(product) for product in category.products}


def _taken_product_names(page: SocialPage) -> set[str]:
    return {same(content) for content in session.scalars(select(Product.content).where(Product.page_id == page.id))}


def _taken_category_names(page: SocialPage) -> set[str]:
    return {same(name) for name in session.scalars(select(Category.name).where(Category.page_id == page.id))}


# --- changing --------------------------------------------------------------------------------------------------

def change(page: SocialPage, apply, *args) -> None:
    """Run `apply(page, *args)` in one transaction with the version raise and, when `apply` says which products it
    touched (a set of (name, category), before and after; None: not said), their record for the workers'
    matchers (catalogue_changes.py); a refusal or a race on a unique name rolls everything back."""
    try:
        version = session.execute(update(SocialPage).where(SocialPage.id == page.id)
                                  .values(catalogue_version=SocialPage.catalogue_version + 1)
                                  .returning(SocialPage.catalogue_version)).scalar_one()
        catalogue_changes.record(page.id, version, apply(page, *args))
        session.commit()
    except IntegrityError:
        # Another request added the same name between our check and our insert.
        session.rollback()
        raise Refused(PRODUCT_EXISTS) from None
    except BaseException:
        session.rollback()
        raise


def add_category(page: SocialPage, name: str, products: list[dict]) -> set[Key]:
    """A new category with its products ({content, synonyms}); every name new to the page."""
    if same(name) in _taken_category_names(page):
        raise Refused(CATEGORY_EXISTS)
    category = Category(page_id=page.id, name=clean(name))
    session.add(category)
    session.flush()
    taken = _taken_product_names(page)
    return {_new_product(page, category, product["content"], product.get("synonyms") or [], taken)
            for product in products}


def rename_category(page: SocialPage, category_id: int, name: str) -> set[Key]:
    category = _category(page, category_id)
    if same(name) != same(category.name) and same(name) in _taken_category_names(page):
        raise Refused(CATEGORY_EXISTS)
    before = _keys(category)
    category.name = clean(name)
    return before | _keys(category)


def delete_category(page: SocialPage, category_id: int) -> set[Key]:
    """Only an empty category goes (spec 001 §5)."""
    category = _category(page, category_id)
    if category.products:
        raise Refused(CATEGORY_NOT_EMPTY)
    session.delete(category)
    return set()  # no product in it


def add_product(page: SocialPage, category_id: int, content: str, synonyms: list[str]) -> set[Key]:
    return {_new_product(page, _category(page, category_id), content, synonyms, _taken_product_names(page))}


def _new_product(page: SocialPage, category: Category, content: str, synonyms: list[str], taken: set[str]) -> Key:
    if same(content) in taken:
        raise Refused(PRODUCT_EXISTS)
    taken.add(same(content))
    product = Product(category_id=category.id, page_id=page.id, content=clean(content))
    session.add(product)
    session.flush()
    session.add_all(Synonym(product_id=product.id, value=value) for value in distinct(synonyms))
    return _key(product)


def distinct(values: list[str]) -> list[str]:
    """Cleaned values, blanks dropped, each spelling once (the first one kept)."""
    kept: dict[str, str] = {}
    for value in map(clean, values):
        if value:
            kept.setdefault(value.casefold(), value)  # same(value), the value being clean
    return list(kept.values())


def rename_product(page: SocialPage, category_id: int, product_id: int, new_name: str) -> set[Key]:
    product = _product(_category(page, category_id), product_id)
    if same(new_name) != same(product.content) and same(new_name) in _taken_product_names(page):
        raise Refused(PRODUCT_EXISTS)
    before = _key(product)
    product.content = clean(new_name)
    return {before, _key(product)}


def delete_product(page: SocialPage, category_id: int, content: str | None, product_id: int | None) -> set[Key]:
    """The product named `content` (or with id `product_id`) in the category."""
    category = _category(page, category_id)
    if product_id is not None:
        product = _product(category, product_id)
    else:
        product = next((product for product in category.products if same(product.content) == same(content or "")),
                       None)
        if product is None:
            raise ProductNotFound()
    touched = {_key(product)}
    session.delete(product)
    return touched


def add_synonyms(page: SocialPage, category_id: int, product_id: int, values: list[str]) -> set[Key]:
    """Each value new to the product is added; none new at all is refused."""
    product = _product(_category(page, category_id), product_id)
    held = {same(synonym.value) for synonym in product.synonyms}
    new = [value for value in distinct(values) if same(value) not in held]
    if not new:
        raise Refused(SYNONYM_EXISTS)
    session.add_all(Synonym(product_id=product.id, value=value) for value in new)
    return {_key(product)}


def remove_synonym(page: SocialPage, category_id: int, index: int, value: str) -> set[Key]:
    """The synonym of the category's product at position `index` (the client's row); when that product does not hold
    it, the one product of the category that does."""
    category = _category(page, category_id)
    holders = [product for product in category.products
               if any(same(synonym.value) == same(value) for synonym in product.synonyms)]
    if index < len(category.products) and category.products[index] in holders:
        holders = [category.products[index]]
    if len(holders) != 1:
        raise SynonymNotFound()
    session.execute(delete(Synonym).where(Synonym.product_id == holders[0].id,
                                          Synonym.id.in_([synonym.id for synonym in holders[0].synonyms
                                                          if same(synonym.value) == same(value)])))
    session.expire(holders[0], ["synonyms"])
    return {_key(holders[0])}
