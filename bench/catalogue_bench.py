"""Benchmark of the catalogue's CSV import (goal: 5,000 products in under 5 seconds) and export.

The whole call is measured as a user makes it: a multipart POST of the file through the app (JWT check, team check,
parsing and checking every line, the multi-row inserts, the answer with the whole catalogue), in this process
through Flask's test client, against a throwaway PostgreSQL database (SQLite when no server answers), dropped at the
end. Each round imports into a fresh page; a last round imports the exported file back (every product already
there: nothing to add). Prints the figures; asserts nothing.

Run: .venv/bin/python bench/catalogue_bench.py [--products 5000] [--rounds 3]
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.services import drop_database, fresh_database  # noqa: E402

SYNONYMS_PER_PRODUCT = 3
PRODUCTS_PER_CATEGORY = 50


def catalogue_file(products: int) -> bytes:
    lines = ["category,product,synonyms"]
    for number in range(products):
        synonyms = "|".join(f"alias {number} {letter}" for letter in "abc"[:SYNONYMS_PER_PRODUCT])
        lines.append(f"Category {number // PRODUCTS_PER_CATEGORY},Product {number},{synonyms}")
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--products", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()

    name = f"autoreply_catalogue_bench_{os.getpid()}"
    with tempfile.TemporaryDirectory() as scratch:
        url = fresh_database(name, Path(scratch))
        try:
            run(url, options.products, options.rounds)
        finally:
            from app.database import dispose_engines

            dispose_engines()
            drop_database(url, name)


def run(url: str, products: int, rounds: int) -> None:
    from flask_jwt_extended import create_access_token

    from app import create_app
    from app.database import session, upgrade_schema
    from app.models import SocialPage, User

    upgrade_schema(url)
    app = create_app({"DATABASE_URL": url})
    client = app.test_client()
    body = catalogue_file(products)
    print(f"database: {url.split(':', 1)[0]}; file: {products} products, {products * SYNONYMS_PER_PRODUCT} synonyms, "
          f"{products // PRODUCTS_PER_CATEGORY} categories, {len(body) / 1024:.0f} KiB")
    with app.app_context():
        user = User(facebook_id="900000001", first_name="Bench")
        session.add(user)
        session.flush()
        pages = [SocialPage(platform="facebook", external_id=str(800000000 + number), owner_id=user.id)
                 for number in range(rounds)]
        session.add_all(pages)
        session.commit()
        headers = {"Authorization": f"Bearer {create_access_token(identity=str(user.id))}"}
        external_ids = [page.external_id for page in pages]

    def post(page_id: str, content: bytes) -> float:
        started = time.perf_counter()
        answer = client.post(f"/api/v1/secure/pages/catalogue/import/{page_id}", headers=headers,
                             data={"file": (io.BytesIO(content), "catalogue.csv")}, content_type="multipart/form-data")
        elapsed = time.perf_counter() - started
        if answer.status_code != 200:
            raise SystemExit(f"import refused: {answer.status_code} {answer.get_data(as_text=True)[:300]}")
        return elapsed

    timings = [post(page_id, body) for page_id in external_ids]
    print(f"import of {products} new products: median {statistics.median(timings):.2f} s, "
          f"max {max(timings):.2f} s over {rounds} rounds (goal: under 5 s)")

    started = time.perf_counter()
    exported = client.get(f"/api/v1/secure/pages/catalogue/export/{external_ids[0]}", headers=headers)
    print(f"export of {products} products: {time.perf_counter() - started:.2f} s, {len(exported.data) / 1024:.0f} KiB")
    print(f"import of the export again (nothing new): {post(external_ids[0], exported.data):.2f} s")


if __name__ == "__main__":
    main()
