"""The catalogue's CSV import and export (docs/contracts.md "Catalogue"): every bad line reported with its number and
reason and nothing imported then; a good file added in one go; formula cells neutralised on export and the export
importing back unchanged; 403 for another team."""
from __future__ import annotations

import csv
import io

from app.services.catalogue_read import page_catalogue
from tests.api.catalogue_support import (PREFIX, SECURE, add_category, headers, make_page, owner,  # noqa: F401
                                         page, stored, version)


def _import(client, headers, page, content, filename="catalogue.csv"):
    raw = content.encode() if isinstance(content, str) else content
    return client.post(f"{SECURE}/{PREFIX[page.platform]}/catalogue/import/{page.external_id}", headers=headers,
                       data={"file": (io.BytesIO(raw), filename)}, content_type="multipart/form-data")


def _export(client, headers, page):
    return client.get(f"{SECURE}/{PREFIX[page.platform]}/catalogue/export/{page.external_id}", headers=headers)


def test_a_good_file_adds_categories_products_and_synonyms(client, headers, page):
    before = version(page)
    answer = _import(client, headers, page, "category,product,synonyms\n"
                                            "Robes,Robe rouge,rouge|robe rg\n"
                                            "Robes,Robe bleue,\n"
                                            "\n"
                                            "Sacs,Sac cabas,cabas\n")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["imported"] == {"categories": 2, "products": 3, "synonyms": 3}
    assert [category["name"] for category in answer.get_json()["data"]] == ["Robes", "Sacs"]
    assert stored(page) == {"Robes": {"Robe rouge": ["rouge", "robe rg"], "Robe bleue": []},
                            "Sacs": {"Sac cabas": ["cabas"]}}
    assert version(page) == before + 1


def test_every_bad_line_is_reported_and_nothing_is_imported(client, headers, page):
    add_category(client, headers, page, "Sacs", {"Sac cabas": []})
    before = (stored(page), version(page))
    answer = _import(client, headers, page, "category,product,synonyms\n"
                                            "Robes,Robe rouge,rouge\n"
                                            ",Robe verte,\n"
                                            "Robes,,vert\n"
                                            "Robes,Robe rouge,\n"
                                            "Robes,Sac cabas,\n"
                                            "Robes,Jupe,a,b\n"
                                            f"Robes,{'J' * 256},\n"
                                            "Robes,Robe bleue,bleu\n")
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["code"] == "badLines" and body["message"]
    assert body["lines"] == [
        {"line": 3, "reason": "The category is empty", "code": "categoryEmpty", "values": {}},
        {"line": 4, "reason": "The product is empty", "code": "productEmpty", "values": {}},
        {"line": 5, "reason": "This product already exists! (line 2)", "code": "productTwice", "values": {"first": 2}},
        {"line": 6, "reason": "This product already exists! (in another category)", "code": "productElsewhere",
         "values": {}},
        {"line": 7, "reason": "Expected 3 columns (category, product, synonyms), found 4", "code": "columns",
         "values": {"found": 4}},
        {"line": 8, "reason": "The product is longer than 255 characters", "code": "tooLong",
         "values": {"field": "product", "max": 255}},
    ]
    assert (stored(page), version(page)) == before


def test_a_file_that_is_not_utf8_or_holds_no_product_is_refused(client, headers, page):
    for content, reason, code in [("Robes,Robe \xe9t\xe9,\n".encode("latin-1"), "The file is not UTF-8 text", "notUtf8"),
                                  ("category,product,synonyms\n\n", "The file holds no product line", "noProduct")]:
        answer = _import(client, headers, page, content)
        assert answer.status_code == 422
        assert answer.get_json()["lines"] == [{"line": 0, "reason": reason, "code": code, "values": {}}]
    assert stored(page) == {}


def test_a_file_of_more_than_20000_products_is_refused(client, headers, page):
    answer = _import(client, headers, page, "".join(f"C,P{number},\n" for number in range(20_001)))
    assert answer.status_code == 422
    assert answer.get_json()["lines"] == [{"line": 0, "reason": "The file holds more than 20000 products",
                                           "code": "tooMany", "values": {"max": 20000}}]
    assert stored(page) == {}


def test_no_file_is_422(client, headers, page):
    answer = client.post(f"{SECURE}/{PREFIX[page.platform]}/catalogue/import/{page.external_id}", headers=headers,
                         data={}, content_type="multipart/form-data")
    assert answer.status_code == 422 and answer.get_json()["errors"]["files"]["file"]


def test_a_known_product_of_the_same_category_gets_the_synonyms_it_lacks(client, headers, page):
    add_category(client, headers, page, "Robes", {"Robe rouge": ["rouge"]})
    answer = _import(client, headers, page, "Robes,robe rouge,Rouge|carmin\nROBES,Robe bleue,\n")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["imported"] == {"categories": 0, "products": 1, "synonyms": 1}
    assert stored(page) == {"Robes": {"Robe rouge": ["rouge", "carmin"], "Robe bleue": []}}


def test_a_french_spreadsheets_semicolons_are_read(client, headers, page):
    answer = _import(client, headers, page, "Catégorie;Produit;Synonymes\nRobes;Robe rouge;rouge|rg\nSacs;Sac;\n")
    assert answer.status_code == 200, answer.get_json()
    assert stored(page) == {"Robes": {"Robe rouge": ["rouge", "rg"]}, "Sacs": {"Sac": []}}


def test_export_neutralises_formula_cells(client, headers, page):
    add_category(client, headers, page, "=Robes", {"+Robe": ["-moins", "ok"], "@sac": ["=1+1"], "Jupe, plissée": []})
    answer = _export(client, headers, page)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    text = answer.get_data(as_text=True)
    assert text.startswith("\ufeff")
    assert list(csv.reader(io.StringIO(text.lstrip("\ufeff")))) == [
        ["category", "product", "synonyms"],
        ["'=Robes", "'+Robe", "'-moins|ok"],
        ["'=Robes", "'@sac", "'=1+1"],
        ["'=Robes", "Jupe, plissée", ""],
    ]


def test_an_export_imports_back_unchanged(client, headers, page, owner):
    add_category(client, headers, page, "=Robes", {"+Robe": ["-moins", "ok"], "Robe bleue": []})
    add_category(client, headers, page, "Sacs", {"Sac, cabas": ["cabas"]})
    exported = _export(client, headers, page).get_data()
    catalogue = stored(page)
    answer = _import(client, headers, page, exported)
    assert answer.status_code == 200 and answer.get_json()["imported"] == {"categories": 0, "products": 0,
                                                                           "synonyms": 0}
    other = make_page(owner[0], external_id="5550777", platform=page.platform)
    assert _import(client, headers, other, exported).status_code == 200
    assert stored(other) == catalogue == {"=Robes": {"+Robe": ["-moins", "ok"], "Robe bleue": []},
                                          "Sacs": {"Sac, cabas": ["cabas"]}}


def test_another_team_gets_403(client, page, headers, signed_in):
    add_category(client, headers, page, "Robes", {"Robe rouge": []})
    _stranger, stranger_headers, _ = signed_in("Sonia", "Stranger")
    assert _export(client, stranger_headers, page).status_code == 403
    answer = _import(client, stranger_headers, page, "Sacs,Sac,\n")
    assert answer.status_code == 403 and answer.get_json()["code"] == "page_not_in_team"
    assert stored(page) == {"Robes": {"Robe rouge": []}}


def test_a_file_of_20000_products_is_added_whole_with_the_characters_a_copy_stream_escapes(client, headers, owner):
    """The largest file allowed, streamed to PostgreSQL by COPY (database.copy_rows), whose text format gives the
    backslash, `\\N` and the tab meanings of their own: every name and synonym reads back as written. (One network:
    the import does not depend on it.)"""
    page = make_page(owner[0])
    odd = {"Sac \\N cabas": ["\\N", "c:\\sacs\\cabas"], "Robe 🌸 وردة": ["robe\\tfleur", "فستان 🌸"]}
    lines = ["category,product,synonyms"] + [f'Cadeaux,"{name}",{"|".join(synonyms)}' for name, synonyms in odd.items()]
    lines += [f"Lot {number // 500},Article {number},art {number}|a{number}" for number in range(20_000 - len(odd))]
    answer = _import(client, headers, page, "\n".join(lines) + "\n")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["imported"] == {"categories": 41, "products": 20_000, "synonyms": 40_000}
    catalogue = {category["name"]: {product["name"]: product["synonyms"] for product in category["products"]}
                 for category in page_catalogue(page.id)["categories"]}  # what the matcher reads
    assert catalogue["Cadeaux"] == odd
    assert catalogue["Lot 39"]["Article 19997"] == ["art 19997", "a19997"]
    assert sum(len(products) for products in catalogue.values()) == 20_000
