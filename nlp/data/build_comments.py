"""Builds comments_train.jsonl from the hand-written sentences in sources/.

Each hand-written sentence is kept as written and gets noisy variants (typos, elongations, accents
removed, emoji, a tagged friend, "svp"); the noise is seeded by the sentence itself, so the output is
deterministic. Near-duplicates are grouped, so that cross-validation keeps a whole group in one fold.
Run: python nlp/data/build_comments.py
"""
import hashlib
import json
import random
import re
import sys
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz
from scipy.spatial.distance import cdist as distance_matrix

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the nlp package, for script_cross
import noise  # noqa: E402  (a sibling module, not a package)
import script_cross  # noqa: E402

DATA_DIR = Path(__file__).resolve().parent
SOURCES_DIR = DATA_DIR / "sources"
LANGS = {"en", "fr", "ar", "tn"}
NEAR_DUPLICATE_RATIO = 88
LETTER_CLASSES = 32  # letters counted together by their code point modulo this, for near_pairs' second bound


def parse_header(line: str, origin: str) -> dict:
    """`[fr price,delivery neg link v=2]`: language, intents ('-' for none), flags, variants per line."""
    fields = line.strip()[1:-1].split()
    lang, intents = fields[0], fields[1]
    if lang not in LANGS:
        raise ValueError(f"{origin}: unknown language {lang!r}")
    header = {"lang": lang, "intents": [] if intents == "-" else intents.split(","),
              "negative": False, "has_link": False, "variants": 1}
    for flag in fields[2:]:
        if flag == "neg":
            header["negative"] = True
        elif flag == "link":
            header["has_link"] = True
        elif flag.startswith("v="):
            header["variants"] = int(flag[2:])
        else:
            raise ValueError(f"{origin}: unknown flag {flag!r}")
    return header


def parse_item(line: str, header: dict, origin: str) -> dict:
    """`text | p:product; other product | i:price | neg | link | nolink | nocross`; fields after the text override
    the header."""
    text, *notes = [part.strip() for part in line.split(" | ")]
    item = {"text": text, "lang": header["lang"], "intents": list(header["intents"]), "products": [],
            "negative": header["negative"], "has_link": header["has_link"], "variants": header["variants"],
            "cross": True}
    for note in notes:
        if note.startswith("p:"):
            item["products"] = [name.strip() for name in note[2:].split(";")]
        elif note.startswith("i:"):
            item["intents"] = [] if note[2:] == "-" else note[2:].split(",")
        elif note in ("neg", "link"):
            item["negative" if note == "neg" else "has_link"] = True
        elif note == "nolink":
            item["has_link"] = False
        elif note == "nocross":  # its crossed script came out as a held-out comment (tests/nlp/test_nlp_heldout.py)
            item["cross"] = False
        else:
            raise ValueError(f"{origin}: unknown note {note!r}")
    return item


def read_sources() -> list[dict]:
    """Every hand-written sentence of sources/*.txt, with its labels and origin."""
    return read_labelled(sorted(SOURCES_DIR.glob("*.txt")))


def read_labelled(paths: list[Path]) -> list[dict]:
    """Every sentence of files in the source format, with its labels and origin ("file.txt:line")."""
    items = []
    for path in paths:
        header = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            origin = f"{path.name}:{number}"
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("["):
                header = parse_header(line, origin)
                continue
            item = parse_item(line, header, origin)
            item["origin"] = origin
            items.append(item)
    return items


def expand(item: dict, tunisian: tuple[str, ...]) -> list[dict]:
    """The sentence itself plus its noisy variants, all distinct; a Tunisian sentence also in the other script."""
    rng = random.Random(hashlib.sha256(item["text"].encode()).hexdigest())
    texts = [item["text"]]
    # Tunisian in Arabic script, the group the training sentences hold fewest of, gets one noisy variant more.
    variants = item["variants"] + (item["lang"] == "tn" and noise.is_arabic_script(item["text"]))
    for _ in range(variants * 6):
        if len(texts) > variants:
            break
        variant = noise.make_variant(item, rng)
        if variant not in texts:
            texts.append(variant)
    crossed = script_cross.cross(item["text"], tunisian) if item["lang"] == "tn" and item["cross"] else None
    if crossed and crossed not in texts:
        texts.append(crossed)
    return [{**item, "text": text} for text in texts]


def comparable(text: str) -> str:
    """Text reduced for near-duplicate detection: no tags, accents, case, punctuation or elongation."""
    text = noise.strip_accents(re.sub(r"@\w+(\s[A-Z]\w+)?", " ", text)).lower()
    text = re.sub(r"(.)\1+", r"\1", text)
    return " ".join(re.findall(r"\w+", text))


def group_near_duplicates(rows: list[dict]) -> list[int]:
    """Union-find over rows: same sentence, or near-identical text after reduction, share a group."""
    parent = list(range(len(rows)))

    def find(index):
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    by_origin = {}
    for index, row in enumerate(rows):
        parent[find(index)] = find(by_origin.setdefault(row["origin"], index))
    # A text that reduces like an earlier one joins it here, and only distinct texts are compared (34,000 of the
    # 45,000 training comments: 0.6 of the pairs). Emoji-only comments reduce to nothing; their likeness is their
    # origin, already grouped above.
    first_of = {}
    for index, row in enumerate(rows):
        reduced = comparable(row["text"])
        if reduced:
            parent[find(index)] = find(first_of.setdefault(reduced, index))
    distinct = list(first_of)
    for left, right in near_pairs(distinct):
        parent[find(first_of[distinct[left]])] = find(first_of[distinct[right]])
    return [find(index) for index in range(len(rows))]


def near_pairs(texts: list[str], others: list[str] | None = None, block: int = 256):
    """Pairs of indexes (i, j) whose texts score at least NEAR_DUPLICATE_RATIO, i in `texts` and j in `others` (in
    `texts` itself when None, where a pair may come both ways and each text comes with itself), comparing only texts
    that could.

    `fuzz.ratio` is 100 * (1 - distance / (a + b)) for lengths a <= b, where the distance counts the letters
    inserted or deleted to turn one text into the other. Two bounds rule most pairs out before it is computed:
    - the distance is at least b - a, so a pair can reach the ratio only when b <= a * (100 + (100 - ratio)) / ratio.
      Texts sorted by length are taken a block at a time with the others of such lengths (within one list, those
      from the block's first up: every pair is met from the block of its shorter text).
    - the distance is at least the sum over letters of the difference of their counts in the two texts (a letter
      one text has more of must be deleted or inserted), and still at least that sum with letters counted together in
      LETTER_CLASSES classes. scipy's `cdist` takes those sums for a whole block at once.
    Only the pairs left (about 52,000 of the 187 million in reach for the 34,000 distinct training comments) are
    scored: 19 -> 4 s of CPU, the same pairs."""
    rows = _ByLength(texts)
    columns, partners = (rows, texts) if others is None else (_ByLength(others), others)
    stretch = (200 - NEAR_DUPLICATE_RATIO) / NEAR_DUPLICATE_RATIO
    most_apart = (100 - NEAR_DUPLICATE_RATIO) / 100  # the largest distance allowed, as a share of a + b
    for start in range(0, len(rows.order), block):
        stop = min(start + block, len(rows.order))
        first = start if others is None else int(np.searchsorted(columns.lengths, rows.lengths[start] / stretch - 1))
        reach = int(np.searchsorted(columns.lengths, int(rows.lengths[stop - 1] * stretch) + 1, side="right"))
        apart = distance_matrix(rows.counts[start:stop], columns.counts[first:reach], "cityblock")
        sums = rows.lengths[start:stop, None] + columns.lengths[None, first:reach]
        for left, right in zip(*(part.tolist() for part in np.nonzero(apart <= most_apart * sums + 1e-9))):
            row, column = rows.order[start + left], columns.order[first + right]
            if fuzz.ratio(texts[row], partners[column], score_cutoff=NEAR_DUPLICATE_RATIO):
                yield row, column


class _ByLength:
    """Texts' indexes sorted by length, with their lengths and their letters' counts in LETTER_CLASSES classes."""

    def __init__(self, texts: list[str]):
        self.order = sorted(range(len(texts)), key=lambda index: len(texts[index]))
        self.lengths = np.array([len(texts[index]) for index in self.order], dtype=np.int64)
        self.counts = np.array([np.bincount(np.frombuffer(texts[index].encode("utf-32-le"), np.uint32)
                                            % LETTER_CLASSES, minlength=LETTER_CLASSES)
                                for index in self.order], dtype=np.float64).reshape(len(texts), LETTER_CLASSES)


def group_hashes(rows: list[dict], groups: list[int], salt: str = "") -> list[int]:
    """Each row's number drawn from the hash of its group's first sentence, so a group always lands together."""
    first_text = {}
    for row, group in zip(rows, groups):
        first_text.setdefault(group, row["text"])
    return [int(hashlib.sha256((salt + first_text[group]).encode()).hexdigest(), 16) for group in groups]


def to_record(row: dict) -> dict:
    return {key: row[key] for key in ("text", "lang", "intents", "products", "negative", "has_link")}


def labelled_rows() -> list[dict]:
    """Every sentence and its variants, each text once, in the order of the sources."""
    rows, seen = [], set()
    items = read_sources()
    tunisian = tuple(item["text"] for item in items if item["lang"] == "tn")
    for item in items:
        for row in expand(item, tunisian):
            if row["text"] not in seen:
                seen.add(row["text"])
                rows.append(row)
    return rows


def main() -> None:
    rows = labelled_rows()
    with open(DATA_DIR / "comments_train.jsonl", "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(to_record(row), ensure_ascii=False) + "\n")
    print(f"{len(rows)} comments, {len(set(group_near_duplicates(rows)))} groups")


if __name__ == "__main__":
    main()
