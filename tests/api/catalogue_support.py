"""What the catalogue API tests share: the signed-in owner and her page on each network (fixtures), its catalogue read from the database, the
calls' paths."""
from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from app.database import session
from app.models import Category, Product, SocialPage, TeamMembership

SECURE = "/api/v1/secure"
PREFIX = {"facebook": "pages", "instagram": "pagesInsta"}


@pytest.fixture
def owner(signed_in):
    return signed_in("Olfa", "Owner")


@pytest.fixture(params=["facebook", "instagram"])
def page(request, owner):
    """The owner's page, once a Facebook page and once an Instagram account."""
    return make_page(owner[0], platform=request.param)


@pytest.fixture
def headers(owner):
    return owner[1]


def make_page(owner, external_id: str = "5550001", platform: str = "facebook") -> SocialPage:
    page = SocialPage(platform=platform, external_id=external_id, name="Boutique Amira", owner_id=owner.id,
                      is_connected=True)
    session.add(page)
    session.commit()
    return page


def join(page: SocialPage, user, role: str = "invited_member") -> None:
    session.add(TeamMembership(page_id=page.id, user_id=user.id, role=role))
    session.commit()


def call(client, headers, page: SocialPage, path: str, body, method: str = "put"):
    """A catalogue change of `page` (its platform's prefix), e.g. call(..., "entiteremove", {"id": 1})."""
    url = f"{SECURE}/{PREFIX[page.platform]}/{path}/{page.external_id}"
    return getattr(client, method)(url, json=body, headers=headers)


def listed(client, headers, page: SocialPage):
    return client.get(f"{SECURE}/project/get/entitiesproject/{page.platform}/{page.external_id}", headers=headers)


def stored(page: SocialPage) -> dict:
    """{category: {product: [synonyms]}} as the database holds it (default categories included)."""
    session.expire_all()
    return {category.name: {product.content: [synonym.value for synonym in product.synonyms]
                            for product in category.products}
            for category in session.scalars(select(Category).where(Category.page_id == page.id).order_by(Category.id)
                                             .options(selectinload(Category.products)
                                                      .selectinload(Product.synonyms)))}


def version(page: SocialPage) -> int:
    session.expire_all()
    return session.get(SocialPage, page.id).catalogue_version


def add_category(client, headers, page: SocialPage, name: str, products: dict) -> dict:
    """Adds `name` with {product: [synonyms]} through the API; the new category as answered."""
    body = {"idPage": page.external_id,
            "entity": {"name": name, "values": [{"content": content, "synonyms": synonyms}
                                                for content, synonyms in products.items()]}}
    answer = call(client, headers, page, "entities/add", body, method="post")
    assert answer.status_code == 200, answer.get_json()
    return next(category for category in answer.get_json()["data"] if category["name"] == name)
