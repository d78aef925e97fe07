"""The catalogue calls (spec 001 §5, §7 "Products"): list, add a category with products and synonyms, rename and
delete it (only when empty), add, rename and delete a product, add and remove a synonym; under /pages/ and
/pagesInsta/. Each answers {"data": the categories} or {"data": the refusal's message}; a refusal, a bad payload
(422) and an unknown id (404) change nothing and leave the catalogue version alone; another team gets 403."""
from __future__ import annotations

import pytest

from app.database import session
from app.models import Category, Product
from tests.api.catalogue_support import (add_category, call, headers, join, listed, make_page, owner,  # noqa: F401
                                         page, stored, version)


@pytest.fixture
def dresses(client, headers, page):
    return add_category(client, headers, page, "Robes", {"Robe rouge": ["rouge", "robe rg"], "Robe bleue": []})


def _data(answer, status: int = 200):
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()["data"]


def _unchanged(page, before_catalogue, before_version):
    assert stored(page) == before_catalogue
    assert version(page) == before_version


def test_a_new_page_lists_no_category(client, headers, page):
    assert _data(listed(client, headers, page)) == []


def test_add_a_category_with_products_and_synonyms(client, headers, page):
    before = version(page)
    answer = call(client, headers, page, "entities/add", {"idPage": page.external_id, "entity": {
        "name": "  Robes  d'été ", "values": [{"content": "Robe rouge", "synonyms": ["rouge", "Rouge", "rg"]},
                                              {"content": "Robe bleue"}]}}, method="post")
    [category] = _data(answer)
    assert category["name"] == "Robes d'été" and category["default"] is False and category["_id"].isdigit()
    assert [(child["content"], child["synonyms"]) for child in category["children"]] == [
        ("Robe rouge", ["rouge", "rg"]), ("Robe bleue", [])]
    assert stored(page) == {"Robes d'été": {"Robe rouge": ["rouge", "rg"], "Robe bleue": []}}
    assert version(page) == before + 1


def test_the_list_leaves_default_categories_out(client, headers, page, dresses):
    session.add(Category(page_id=page.id, name="Couleurs", is_default=True))
    session.commit()
    assert [category["name"] for category in _data(listed(client, headers, page))] == ["Robes"]


def test_a_category_name_the_page_has_is_refused(client, headers, page, dresses):
    before = (stored(page), version(page))
    answer = call(client, headers, page, "entities/add", {"entity": {"name": "robes", "values": []}}, method="post")
    assert _data(answer) == "This category already exists!"
    _unchanged(page, *before)


def test_a_category_with_a_product_the_page_has_is_refused_whole(client, headers, page, dresses):
    before = (stored(page), version(page))
    answer = call(client, headers, page, "entities/add", {"entity": {"name": "Promo", "values": [
        {"content": "Sac", "synonyms": []}, {"content": "ROBE ROUGE", "synonyms": []}]}}, method="post")
    assert _data(answer) == "This product already exists!"
    _unchanged(page, *before)


def test_rename_a_category(client, headers, page, dresses):
    answer = call(client, headers, page, "nameentiteupdate", {"id": dresses["_id"], "name": "Dresses"})
    assert [category["name"] for category in _data(answer)] == ["Dresses"]
    assert list(stored(page)) == ["Dresses"]


def test_rename_a_category_to_another_ones_name_is_refused(client, headers, page, dresses):
    add_category(client, headers, page, "Sacs", {})
    before = (stored(page), version(page))
    assert _data(call(client, headers, page, "nameentiteupdate", {"id": dresses["_id"], "name": "SACS"})) == \
        "This category already exists!"
    _unchanged(page, *before)


def test_a_category_with_products_is_not_deleted(client, headers, page, dresses):
    before = (stored(page), version(page))
    assert _data(call(client, headers, page, "entiteremove", {"id": dresses["_id"]})) == "The category should be empty!"
    _unchanged(page, *before)


def test_an_empty_category_is_deleted(client, headers, page, dresses):
    empty = add_category(client, headers, page, "Sacs", {})
    assert [category["name"] for category in _data(call(client, headers, page, "entiteremove",
                                                        {"id": int(empty["_id"])}))] == ["Robes"]
    assert list(stored(page)) == ["Robes"]


def test_add_a_product_with_synonyms(client, headers, page, dresses):
    answer = call(client, headers, page, "valuesadd", {"id": dresses["_id"], "entity": {
        "content": "Robe verte", "synonyms": ["verte"]}})
    assert [child["content"] for child in _data(answer)[0]["children"]] == ["Robe rouge", "Robe bleue", "Robe verte"]
    assert stored(page)["Robes"]["Robe verte"] == ["verte"]


def test_a_product_the_page_has_in_any_category_is_refused(client, headers, page, dresses):
    bags = add_category(client, headers, page, "Sacs", {})
    before = (stored(page), version(page))
    answer = call(client, headers, page, "valuesadd", {"id": bags["_id"], "entity": {"content": " robe  Rouge"}})
    assert _data(answer) == "This product already exists!"
    _unchanged(page, *before)


def test_rename_a_product(client, headers, page, dresses):
    red = dresses["children"][0]
    answer = call(client, headers, page, "contentupdate", {"name": "Robes", "productName": "Robe grenat",
                                                           "id": dresses["_id"], "idChildren": red["_id"]})
    assert [child["content"] for child in _data(answer)[0]["children"]] == ["Robe grenat", "Robe bleue"]
    assert stored(page)["Robes"]["Robe grenat"] == ["rouge", "robe rg"]


def test_rename_a_product_sent_with_its_current_name_and_the_new_one_in_name(client, headers, page, dresses):
    red = dresses["children"][0]
    call(client, headers, page, "contentupdate", {"name": "Robe grenat", "productName": "Robe rouge",
                                                  "id": dresses["_id"], "idChildren": red["_id"]})
    assert list(stored(page)["Robes"]) == ["Robe grenat", "Robe bleue"]


def test_rename_a_product_to_another_ones_name_is_refused(client, headers, page, dresses):
    before = (stored(page), version(page))
    answer = call(client, headers, page, "contentupdate", {"productName": "robe bleue", "id": dresses["_id"],
                                                           "idChildren": dresses["children"][0]["_id"]})
    assert _data(answer) == "This product already exists!"
    _unchanged(page, *before)


def test_delete_a_product_with_its_synonyms(client, headers, page, dresses):
    answer = call(client, headers, page, "contentremove", {"entity": "Robes", "id": dresses["_id"],
                                                           "productName": "Robe rouge"})
    assert [child["content"] for child in _data(answer)[0]["children"]] == ["Robe bleue"]
    assert stored(page) == {"Robes": {"Robe bleue": []}}


def test_add_a_synonym(client, headers, page, dresses):
    answer = call(client, headers, page, "synonymssupdate", {"idEntity": dresses["_id"],
                                                             "idChildren": dresses["children"][1]["_id"],
                                                             "synonyms": "bleu ciel"})
    assert _data(answer)[0]["children"][1]["synonyms"] == ["bleu ciel"]


def test_a_synonym_list_adds_the_ones_the_product_lacks(client, headers, page, dresses):
    call(client, headers, page, "synonymssupdate", {"idEntity": dresses["_id"],
                                                    "idChildren": dresses["children"][0]["_id"],
                                                    "synonyms": ["rouge", "carmin"]})
    assert stored(page)["Robes"]["Robe rouge"] == ["rouge", "robe rg", "carmin"]


def test_a_synonym_the_product_has_is_refused(client, headers, page, dresses):
    before = (stored(page), version(page))
    answer = call(client, headers, page, "synonymssupdate", {"idEntity": dresses["_id"],
                                                             "idChildren": dresses["children"][0]["_id"],
                                                             "synonyms": "ROUGE"})
    assert _data(answer) == "This synonym already exists!"
    _unchanged(page, *before)


def test_remove_a_synonym(client, headers, page, dresses):
    answer = call(client, headers, page, "removesyn", {"index": 0, "id": dresses["_id"], "synonym": "rouge"})
    assert _data(answer)[0]["children"][0]["synonyms"] == ["robe rg"]
    assert stored(page)["Robes"]["Robe rouge"] == ["robe rg"]


def test_every_change_raises_the_catalogue_version(client, headers, page, dresses):
    before = version(page)
    red = dresses["children"][0]
    call(client, headers, page, "synonymssupdate", {"idEntity": dresses["_id"], "idChildren": red["_id"],
                                                    "synonyms": "carmin"})
    call(client, headers, page, "removesyn", {"index": 0, "id": dresses["_id"], "synonym": "carmin"})
    call(client, headers, page, "nameentiteupdate", {"id": dresses["_id"], "name": "Dresses"})
    assert version(page) == before + 3


@pytest.mark.parametrize("path, body", [
    ("nameentiteupdate", {"id": 999999, "name": "X"}),
    ("entiteremove", {"id": 999999}),
    ("valuesadd", {"id": 999999, "entity": {"content": "X"}}),
    ("contentupdate", {"id": "{category}", "idChildren": 999999, "productName": "X"}),
    ("contentremove", {"id": "{category}", "productName": "No such product"}),
    ("synonymssupdate", {"idEntity": "{category}", "idChildren": 999999, "synonyms": "x"}),
    ("removesyn", {"id": "{category}", "index": 0, "synonym": "no such synonym"}),
])
def test_an_id_or_name_of_nothing_on_the_page_is_404(client, headers, page, dresses, path, body):
    body = {key: dresses["_id"] if value == "{category}" else value for key, value in body.items()}
    before = (stored(page), version(page))
    answer = call(client, headers, page, path, body)
    assert answer.status_code == 404 and answer.get_json()["message"]
    _unchanged(page, *before)


def test_another_pages_category_is_404(client, headers, page, owner, dresses):
    other = make_page(owner[0], external_id="5559999", platform=page.platform)
    before = (stored(page), version(page))
    assert call(client, headers, other, "entiteremove", {"id": dresses["_id"]}).status_code == 404
    assert call(client, headers, other, "nameentiteupdate", {"id": dresses["_id"], "name": "Mine"}).status_code == 404
    _unchanged(page, *before)


@pytest.mark.parametrize("path, body", [
    ("entities/add", {"entity": {"name": "   ", "values": []}}),
    ("entities/add", {"entity": {"name": "Sacs", "values": [{"content": ""}]}}),
    ("entities/add", {"entity": {"name": "S" * 256}}),
    ("entities/add", {"name": "Sacs"}),
    ("nameentiteupdate", {"id": "abc", "name": "X"}),
    ("nameentiteupdate", {"id": "{category}"}),
    ("entiteremove", {}),
    ("entiteremove", {"id": -1}),
    ("valuesadd", {"id": "{category}", "entity": {"content": "X", "synonyms": "not a list"}}),
    ("contentupdate", {"id": "{category}", "idChildren": "{product}"}),
    ("contentremove", {"id": "{category}"}),
    ("synonymssupdate", {"idEntity": "{category}", "idChildren": "{product}", "synonyms": []}),
    ("synonymssupdate", {"idEntity": "{category}", "idChildren": "{product}", "synonyms": [" "]}),
    ("removesyn", {"id": "{category}", "index": "first", "synonym": "rouge"}),
    ("removesyn", {"id": "{category}", "index": 0}),
])
def test_bad_input_is_422_and_changes_nothing(client, headers, page, dresses, path, body):
    ids = {"{category}": dresses["_id"], "{product}": dresses["children"][0]["_id"]}
    body = {key: ids.get(value, value) if isinstance(value, str) else value for key, value in body.items()}
    before = (stored(page), version(page))
    answer = call(client, headers, page, path, body, method="post" if path == "entities/add" else "put")
    assert answer.status_code == 422
    assert answer.get_json()["message"] == "Invalid request" and answer.get_json()["errors"]
    _unchanged(page, *before)


def test_a_team_member_changes_the_catalogue(client, page, dresses, signed_in):
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member)
    answer = call(client, member_headers, page, "valuesadd", {"id": dresses["_id"], "entity": {"content": "Jupe"}})
    assert "Jupe" in [child["content"] for child in _data(answer)[0]["children"]]


def test_another_team_gets_403_on_every_call(client, page, dresses, signed_in):
    _stranger, stranger_headers, _ = signed_in("Sonia", "Stranger")
    before = (stored(page), version(page))
    assert listed(client, stranger_headers, page).status_code == 403
    calls = [("entities/add", {"entity": {"name": "Sacs"}}), ("nameentiteupdate", {"id": dresses["_id"], "name": "X"}),
             ("entiteremove", {"id": dresses["_id"]}), ("valuesadd", {"id": dresses["_id"], "entity": {"content": "X"}}),
             ("contentupdate", {"id": dresses["_id"], "idChildren": dresses["children"][0]["_id"], "productName": "X"}),
             ("contentremove", {"id": dresses["_id"], "productName": "Robe rouge"}),
             ("synonymssupdate", {"idEntity": dresses["_id"], "idChildren": dresses["children"][0]["_id"],
                                  "synonyms": "x"}),
             ("removesyn", {"id": dresses["_id"], "index": 0, "synonym": "rouge"})]
    for path, body in calls:
        answer = call(client, stranger_headers, page, path, body, method="post" if path == "entities/add" else "put")
        assert answer.status_code == 403, path
        assert answer.get_json()["code"] == "page_not_in_team"
    _unchanged(page, *before)


def test_a_page_of_the_other_network_is_not_reached(client, headers, page, dresses):
    """/pages/ names a Facebook page, /pagesInsta/ an Instagram account: the same id on the other network is no
    page of the team."""
    other_prefix = "pagesInsta" if page.platform == "facebook" else "pages"
    answer = client.put(f"/api/v1/secure/{other_prefix}/entiteremove/{page.external_id}", json={"id": dresses["_id"]},
                        headers=headers)
    assert answer.status_code == 403


def test_without_a_session_it_is_401(client, page):
    assert listed(client, {}, page).status_code == 401
    assert call(client, {}, page, "entiteremove", {"id": 1}).status_code == 401


def test_products_keep_their_page(client, headers, page, dresses):
    """Product.page_id is what the matcher and the duplicate check read: it is the category's page."""
    assert {product.page_id for product in session.query(Product).all()} == {page.id}
