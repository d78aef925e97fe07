"""A matcher brought up to date with a catalogue change without rebuilding its product index.

Building a page's product index costs seconds on a large catalogue (nlp/product_tables.py). A change of a few
products (a synonym added, a product renamed) is instead read through a layer: the full index of the catalogue as it
was, with the changed products' hits left out, plus a small index of the changed products alone, built in
milliseconds. Past KEPT_CHANGES changed products the caller rebuilds the full index in its own time and swaps it in,
the layer answering until then; a smaller layer is kept, and the next change is layered on the same full index.
"""
from __future__ import annotations

import copy
from collections import defaultdict

from nlp.matcher import Matcher
from nlp.products import ProductHit, ProductIndex, best_hits

# Past this many changed products a layer is no cheaper than a rebuild: the caller keeps the old matcher instead.
MOST_CHANGED = 500
# Up to this many changed products a layer answers for good: reading it costs a comment about 5 % more than the full
# index, while rebuilding a 20,000-product index after each synonym an owner adds cost a host seconds of CPU, in which
# the other pages' replies slowed (docs/architecture.md, "Matchers follow catalogue changes").
KEPT_CHANGES = 50


def entries(catalogue: dict) -> dict[tuple[str, str], tuple[str, ...]]:
    """Each product of a catalogue, as (name, category) -> its synonyms: what a change is compared on."""
    return {(str(product.get("name") or "").strip(), str(category.get("name") or "")):
            tuple(sorted(map(str, product.get("synonyms") or [])))
            for category in catalogue.get("categories") or [] for product in category.get("products") or []}


class LayeredIndex:
    """The products of `base` minus `changed`, plus those of `delta`: `find` reads like a `ProductIndex`."""

    def __init__(self, base: ProductIndex, changed: set[tuple[str, str]], delta: ProductIndex):
        self.base, self.changed, self.delta = base, changed, delta

    def find(self, words: list[str]) -> list[ProductHit]:
        # Read as one catalogue: a changed product's reading competes with the others' for the same comment words
        # (merged after each index had kept its own best, "la robe 7" also found "Robe 3", alone in its layer).
        readings = defaultdict(list)
        for reading, products in self.base.readings(words).items():
            readings[reading] += [read for read in products if self.base.products[read[1]] not in self.changed]
        for reading, products in self.delta.readings(words).items():
            readings[reading] += products
        return best_hits({reading: products for reading, products in readings.items() if products}, words)


def kept(changed: set) -> bool:
    """Whether a layer of these changed products answers for good, no full index rebuilt behind it."""
    return len(changed) <= KEPT_CHANGES


def layered(base: Matcher, base_entries: dict, catalogue: dict) -> Matcher | None:
    """`base` answering for `catalogue` (whose full index `base_entries` describes as it was), or None when more
    than MOST_CHANGED products changed. Products added, removed or whose synonyms changed are the changed ones."""
    now = entries(catalogue)
    changed = {key for key in base_entries.keys() | now.keys() if base_entries.get(key) != now.get(key)}
    if len(changed) > MOST_CHANGED:
        return None
    delta = {"categories": [{"name": category, "products": [{"name": name, "synonyms": list(now[(name, category)])}]}
                            for name, category in sorted(changed) if (name, category) in now]}
    matcher = copy.copy(base)  # the intent model and the agent's intents are shared; only the products differ
    matcher.products = LayeredIndex(base.products, changed, ProductIndex(delta))
    return matcher
