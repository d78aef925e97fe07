"""A page's catalogue as a CSV file: one line per product, `category,product,synonyms` with the synonyms
separated by `|` (docs/contracts.md "Catalogue").

Export neutralises every cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
return) by putting a `'` before it; import takes that `'` off again, so an exported file imports back unchanged.
A name that itself starts with `'` gets one more on export, so that import does not take off its own.

Import checks every line first and reports each bad one with its number and reason; with any bad line nothing
changes. A quote never closed is a bad line of its own (the lines after it would be read as one product's name; a
quoted cell over several lines that is closed is one cell, its line breaks spaces). A good file is added in one
transaction (with the catalogue version raise): categories the page does not have yet are created, products new to
the page are added with their synonyms, and a product the page already has in the same category gets the synonyms
it lacks, so importing an export again changes nothing. The products and synonyms are streamed by COPY on PostgreSQL
(database.copy_rows), not one ORM flush per row: 20,000 products load in about a second (bench/catalogue_bench.py).
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from functools import cached_property

from sqlalchemy import insert, select

from app.database import copy_rows, session
from app.models import Category, Product, SocialPage, Synonym
from app.services import catalogue
from app.services.catalogue import NAME_MAX, clean, same

HEADER = ("category", "product", "synonyms")
HEADERS = (HEADER, ("catégorie", "produit", "synonymes"))  # a first line that is a header, not a product
SYNONYM_SEPARATOR = "|"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NEUTRALISER = "'"
BOM = "\ufeff"
# Four times the 5,000-product goal: a 1 MB body of tiny lines would otherwise be 150,000 products in one request.
MAX_PRODUCTS = 20_000


@dataclass
class BadLine:
    """A refused line: its number (0: the file as a whole), the reason in English, and the reason's code with its
    values, which the screens translate."""
    line: int
    reason: str
    code: str
    values: dict = field(default_factory=dict)


class BadFile(Exception):
    """The file's bad lines (line 0: the file as a whole); nothing was imported."""

    def __init__(self, lines: list[BadLine]):
        super().__init__(f"{len(lines)} bad line(s)")
        self.lines = lines


@dataclass
class Row:
    line: int
    category: str
    product: str
    synonyms: list[str] = field(default_factory=list)

    # The spellings the row is compared by (catalogue.same), worked out once: a 20,000-line file compares each row
    # five times or more.
    @cached_property
    def product_key(self) -> str:
        return same(self.product)

    @cached_property
    def category_key(self) -> str:
        return same(self.category)


# --- export ----------------------------------------------------------------------------------------------------

def neutralised(cell: str) -> str:
    return NEUTRALISER + cell if cell.startswith((*FORMULA_STARTS, NEUTRALISER)) else cell


def export(page: SocialPage) -> str:
    """The page's categories (default ones left out) as CSV text, a header first, with a BOM for spreadsheets."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for category in catalogue.categories(page):
        for product in category["children"]:
            writer.writerow([neutralised(category["name"]), neutralised(product["content"]),
                             neutralised(SYNONYM_SEPARATOR.join(product["synonyms"]))])
    return BOM + out.getvalue()


# --- import ----------------------------------------------------------------------------------------------------

def restored(cell: str) -> str:
    """A cell as written before export neutralised it."""
    if cell.startswith(NEUTRALISER) and cell[1:].startswith((*FORMULA_STARTS, NEUTRALISER)):
        cell = cell[1:]
    return clean(cell)


def decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadFile([BadLine(0, "The file is not UTF-8 text", "notUtf8")]) from None


def parse(text: str) -> tuple[list[Row], list[BadLine]]:
    """The file's product lines, and every line that is not one."""
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first_line and "," not in first_line else ","  # a French spreadsheet's CSV
    rows, bad = [], []
    lines = io.StringIO(text, newline="").readlines()  # as the reader counts them
    reader = csv.reader(lines, delimiter=delimiter)
    line = 1  # the line the next record starts on
    try:
        for cells in reader:
            first, last, line = line, reader.line_num, reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            if first == 1 and tuple(cell.strip().casefold() for cell in cells) in HEADERS:
                continue
            left_open = last == len(lines) and _quote_left_open(lines[first - 1:], delimiter)
            row = _unclosed_quote(first, last) if left_open else _row(first, cells)
            (rows.append(row) if isinstance(row, Row) else bad.append(row))
    except csv.Error as error:
        bad.append(BadLine(line, f"Unreadable CSV: {error}", "unreadable"))
    if not rows and not bad:
        bad.append(BadLine(0, "The file holds no product line", "noProduct"))
    if len(rows) > MAX_PRODUCTS:
        bad.append(BadLine(0, f"The file holds more than {MAX_PRODUCTS} products", "tooMany", {"max": MAX_PRODUCTS}))
    return rows, bad


def _quote_left_open(record_lines: list[str], delimiter: str) -> bool:
    """Whether the file's last record ends inside a quoted cell. The lenient reader takes the rest of the file as that
    cell (its lines would be one product's name); the strict one says so, but also refuses what the lenient one
    rightly takes (`"Robe" ,x`), so it reads only this record."""
    try:
        for _cells in csv.reader(record_lines, delimiter=delimiter, strict=True):
            pass
    except csv.Error as error:
        return "unexpected end of data" in str(error)
    return False


def _unclosed_quote(first: int, last: int) -> BadLine:
    return BadLine(first, f"A quote opened on this line is never closed (the file ends on line {last})",
                   "unclosedQuote", {"last": last})


def _row(line: int, cells: list[str]) -> Row | BadLine:
    if len(cells) not in (2, 3):
        return BadLine(line, f"Expected 3 columns (category, product, synonyms), found {len(cells)}", "columns",
                       {"found": len(cells)})
    category, product = restored(cells[0]), restored(cells[1])
    synonyms = [restored(value) for value in (cells[2].split(SYNONYM_SEPARATOR) if len(cells) == 3 else [])]
    if not category:
        return BadLine(line, "The category is empty", "categoryEmpty")
    if not product:
        return BadLine(line, "The product is empty", "productEmpty")
    for label, value in (("category", category), ("product", product), *(("synonym", s) for s in synonyms)):
        if len(value) > NAME_MAX:
            return BadLine(line, f"The {label} is longer than {NAME_MAX} characters", "tooLong",
                           {"field": label, "max": NAME_MAX})
        if "\x00" in value:  # no database text holds it (PostgreSQL refuses it outright)
            return BadLine(line, f"The {label} holds a NUL character", "nulCharacter", {"field": label})
    return Row(line, category, product, catalogue.distinct(synonyms))


def import_csv(page: SocialPage, raw: bytes) -> dict:
    """Check then add the file's products (see the module's text); the counts of what was added."""
    rows, bad = parse(decode(raw))
    added: dict = {}
    catalogue.change(page, _add_rows, rows, bad, added)
    return added


def _add_rows(page: SocialPage, rows: list[Row], bad: list[BadLine], added: dict) -> None:
    categories = {same(name): (category_id, is_default) for category_id, name, is_default in session.execute(
        select(Category.id, Category.name, Category.is_default).where(Category.page_id == page.id))}
    products = {same(content): (product_id, category_id) for product_id, category_id, content in session.execute(
        select(Product.id, Product.category_id, Product.content).where(Product.page_id == page.id))}
    bad = bad + _conflicts(rows, categories, products)
    if bad:
        raise BadFile(sorted(bad, key=lambda bad_line: bad_line.line))

    new_categories = list(dict.fromkeys(row.category for row in rows if row.category_key not in categories))
    if new_categories:
        created = session.execute(insert(Category).returning(Category.id, Category.name),
                                  [{"page_id": page.id, "name": name, "is_default": False} for name in new_categories])
        categories.update({same(name): (category_id, False) for category_id, name in created})

    new_rows = [row for row in rows if row.product_key not in products]
    copy_rows(Product, [{"category_id": categories[row.category_key][0], "page_id": page.id, "content": row.product}
                        for row in new_rows])
    synonyms = _missing_synonyms([row for row in rows if row.product_key in products], products)
    if new_rows:  # their ids, read back: a page names a product once (_conflicts)
        new_ids = {same(content): product_id for product_id, content in session.execute(
            select(Product.id, Product.content).where(Product.page_id == page.id))}
        synonyms += [{"product_id": new_ids[row.product_key], "value": value} for row in new_rows
                     for value in row.synonyms]
    copy_rows(Synonym, synonyms)
    added.update(categories=len(new_categories), products=len(new_rows), synonyms=len(synonyms))


def _conflicts(rows: list[Row], categories: dict, products: dict) -> list[BadLine]:
    """Every line's product is new to the page or already in that same category, and named once in the file."""
    bad, first_line = [], {}
    for row in rows:
        seen = first_line.setdefault(row.product_key, row.line)
        category = categories.get(row.category_key)
        if seen != row.line:
            bad.append(BadLine(row.line, f"{catalogue.PRODUCT_EXISTS} (line {seen})", "productTwice", {"first": seen}))
        elif category is not None and category[1]:
            bad.append(BadLine(row.line, catalogue.CATEGORY_EXISTS, "categoryExists"))
        elif row.product_key in products and (category is None or products[row.product_key][1] != category[0]):
            bad.append(BadLine(row.line, f"{catalogue.PRODUCT_EXISTS} (in another category)", "productElsewhere"))
    return bad


def _missing_synonyms(rows: list[Row], products: dict) -> list[dict]:
    ids = [products[row.product_key][0] for row in rows]
    held = {(product_id, same(value)) for product_id, value in session.execute(
        select(Synonym.product_id, Synonym.value).where(Synonym.product_id.in_(ids)))} if ids else set()
    return [{"product_id": product_id, "value": value}
            for product_id, row in zip(ids, rows) for value in row.synonyms if (product_id, same(value)) not in held]
