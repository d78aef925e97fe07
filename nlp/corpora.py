"""The real public comment corpora shipped in nlp/data/corpora/ (OLID, MLMA, TSAC: nlp/data/corpora/README.md), read
as examples {"text", "group", "corpus", "abusive"} and split once for all: a comment is held out when a hash of its
text says so, so the split needs no stored list and never moves. Training and every threshold choice read only
`split(..., heldout=False)`; `python -m nlp evaluate` reads only the held-out part."""
import csv
import hashlib
from pathlib import Path

from nlp.training import DATA_DIR

CORPORA_DIR = DATA_DIR / "corpora"
# One comment in five is held out.
HELDOUT_SHARE = 5
# MLMA's `sentiment` joins every annotator's label; `normal` alone is the only one that says nothing hostile.
MLMA_NORMAL = "normal"
# The moderation goal's language groups: English (OLID and MLMA's English tweets), Arabic (MLMA's Arabic tweets) and
# Tunisian (TSAC, Tunisian TV and radio pages' comments, both scripts: sentiment, not offence, so none is gold abusive
# here; the Tunisian abuse the engine must hide is in nlp/data/moderation/).
GROUPS = ("en", "ar", "tn")


def heldout(text: str) -> bool:
    """True for the comments no training or threshold choice may see."""
    return int(hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:8], 16) % HELDOUT_SHARE == 0


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def olid() -> list[dict]:
    examples = []
    for part in ("train", "val"):
        texts = _lines(CORPORA_DIR / "olid" / f"datasets_offensive_{part}_text.txt")
        labels = _lines(CORPORA_DIR / "olid" / f"datasets_offensive_{part}_labels.txt")
        examples += [{"text": text.strip(), "group": "en", "corpus": "olid", "abusive": label.strip() == "1"}
                     for text, label in zip(texts, labels)]
    return examples


def mlma(language: str) -> list[dict]:
    name = "en_dataset_with_stop_words.csv" if language == "en" else "ar_dataset.csv"
    with (CORPORA_DIR / "mlma" / name).open(encoding="utf-8", newline="") as handle:
        return [{"text": row["tweet"].strip(), "group": language, "corpus": f"mlma_{language}",
                 "abusive": row["sentiment"] != MLMA_NORMAL} for row in csv.DictReader(handle)]


def tsac() -> list[dict]:
    return [{"text": text.strip(), "group": "tn", "corpus": "tsac", "abusive": False}
            for part in ("pos", "neg") for text in _lines(CORPORA_DIR / "tsac" / f"train_{part}.txt")]


def every() -> list[dict]:
    """Every labelled comment of the three corpora, empty lines and repeats of a text left out."""
    seen, examples = set(), []
    for example in olid() + mlma("en") + mlma("ar") + tsac():
        if example["text"] and example["text"] not in seen:
            seen.add(example["text"])
            examples.append(example)
    return examples


def split(examples: list[dict], heldout_part: bool) -> list[dict]:
    return [example for example in examples if heldout(example["text"]) == heldout_part]
