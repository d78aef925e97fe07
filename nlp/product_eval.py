"""Product precision and recall on a labelled products file, split by how the comment spells the product
(correctly, misspelt, or naming none). Each file comes with its own catalogue (`<name>_catalogue.json` beside
`<name>.jsonl`): `products_heldout` is the final figure and is never used to tune, `products_dev` is for tuning;
`products_phone` (nlp/data/build_products_phone.py) names products with phone typing slips, each comment saying which
(`error`), and is never used to tune either."""
import json
from collections import Counter, defaultdict
from pathlib import Path

from nlp import catalogue, normalize
from nlp.products import ProductIndex

DATA_DIR = Path(__file__).resolve().parent / "data"
HELDOUT = DATA_DIR / "products_heldout.jsonl"
DEV = DATA_DIR / "products_dev.jsonl"
PHONE = DATA_DIR / "products_phone.jsonl"
SPELLINGS = ("correct", "misspelt", "none")


def read(path: Path) -> tuple[list[dict], dict]:
    """The labelled comments of a products file and the catalogue they are labelled against."""
    examples = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    shop = json.loads(path.with_name(f"{path.stem}_catalogue.json").read_text(encoding="utf-8"))
    return examples, shop


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def evaluate(index: ProductIndex, examples: list[dict], field: str = "spelling") -> dict[str, dict]:
    """Per spelling kind (or another `field`, such as a slip's `error`) and "all": comments, precision, recall, and
    the comments whose products were wrong."""
    counts: dict[str, Counter] = defaultdict(Counter)
    misses: dict[str, list[str]] = defaultdict(list)
    for example in examples:
        gold = set(example["products"])
        found = {hit.name for hit in index.find(catalogue.product_tokens(normalize.tokens(example["text"])))}
        for kind in (example[field], "all"):
            counts[kind].update(comments=1, tp=len(gold & found), fp=len(found - gold), fn=len(gold - found))
        if found != gold:
            misses[example[field]].append(f"{example['text']!r}: found {sorted(found)}, expected {sorted(gold)}")
    return {kind: {"comments": count["comments"], "precision": _ratio(count["tp"], count["tp"] + count["fp"]),
                   "recall": _ratio(count["tp"], count["tp"] + count["fn"]), "misses": misses[kind]}
            for kind, count in counts.items()}


def format_report(figures: dict[str, dict], title: str) -> str:
    rows = [title, f"{'spelling':<10}{'n':>6}{'prodP':>8}{'prodR':>8}"]
    for kind in (*SPELLINGS, "all"):
        if kind in figures:
            row = figures[kind]
            rows.append(f"{kind:<10}{row['comments']:>6}{row['precision']:>8.3f}{row['recall']:>8.3f}")
    return "\n".join(rows)


def report(path: Path = HELDOUT) -> str:
    """The products tables of `python -m nlp evaluate`: the file's comments against the file's own catalogue, then
    the phone slips' set, by spelling and the misspelt ones' recall by kind of slip."""
    tables = []
    for source in (path, PHONE):
        examples, shop = read(source)
        index = ProductIndex(shop)
        title = f"products ({source.name}, its own catalogue), by spelling:"
        tables.append(format_report(evaluate(index, examples), title))
    slips = evaluate(index, [example for example in examples if example["spelling"] == "misspelt"], "error")
    tables.append("misspelt by slip, recall: " + ", ".join(f"{kind} {row['recall']:.3f} ({row['comments']})"
                                                           for kind, row in sorted(slips.items())))
    return "\n".join(tables)
