"""Builds comments_heldout.jsonl from the hand-written comments in heldout/*.txt: the independent set the engine
is measured on. Unlike the training sources, nothing is varied or split: each line is one comment as written,
labelled by the rules of README.md, and the file it comes from names its language group (en, fr, ar, tn_latin,
tn_arabic, mixed). Nothing that trains the model reads these files.
Run: python nlp/data/build_heldout.py
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_comments  # noqa: E402  (a sibling module, not a package)

DATA_DIR = Path(__file__).resolve().parent
HELDOUT_DIR = DATA_DIR / "heldout"
HELDOUT_FILE = DATA_DIR / "comments_heldout.jsonl"


def read_heldout() -> list[dict]:
    """Every held-out comment with its labels and its language group (the source file's name)."""
    return [{**build_comments.to_record(item), "group": Path(item["origin"].split(":")[0]).stem}
            for item in build_comments.read_labelled(sorted(HELDOUT_DIR.glob("*.txt")))]


def main() -> None:
    items = read_heldout()
    texts = [item["text"] for item in items]
    repeated = sorted({text for text in texts if texts.count(text) > 1})
    if repeated:
        raise SystemExit(f"written twice: {repeated}")
    with HELDOUT_FILE.open("w", encoding="utf-8") as out:
        for item in items:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(items)} held-out comments")


if __name__ == "__main__":
    main()
