"""Language accuracy of a matcher on held-out comments: Modern Standard Arabic against Tunisian in Arabic script on
the real corpora's held-out splits (nlp/corpora.py: MLMA's Arabic tweets should read `ar`, TSAC's Arabic-script
comments `tn`, OLID's English tweets `en`), and on the held-out shop comments, by language, with the short ones
(five words or fewer) in Latin letters apart: there Arabizi is told from French and English with the fewest clues."""
import re
from collections import Counter
from pathlib import Path

from nlp import corpora, normalize, training

SHOP_HELDOUT = Path(__file__).resolve().parent / "data" / "comments_heldout.jsonl"
SHORT_WORDS = 5
_ARABIC = re.compile(r"[\u0600-\u06FF]")
_LATIN = re.compile(r"[A-Za-z]")


def in_arabic_script(text: str) -> bool:
    """More Arabic letters than Latin ones."""
    return len(_ARABIC.findall(text)) > len(_LATIN.findall(text))


def corpus_sets() -> dict[str, tuple[list[str], str]]:
    """Held-out texts of each real corpus and the language they are written in."""
    return {
        "MLMA Arabic tweets": ([example["text"] for example in corpora.split(corpora.mlma("ar"), True)
                                if in_arabic_script(example["text"])], "ar"),
        "TSAC Arabic script": ([example["text"] for example in corpora.split(corpora.tsac(), True)
                                if in_arabic_script(example["text"])], "tn"),
        "OLID English tweets": ([example["text"] for example in corpora.split(corpora.olid(), True)], "en"),
    }


def shop_sets(path: Path = SHOP_HELDOUT) -> dict[str, list[tuple[str, str]]]:
    """Held-out shop comments (text, language) by language, and the short Latin-letter ones by language."""
    sets: dict[str, list[tuple[str, str]]] = {}
    for example in training.read_jsonl(path):
        text, lang = example["text"], example["lang"]
        sets.setdefault(f"shop {lang}", []).append((text, lang))
        if lang in ("en", "fr", "tn") and not _ARABIC.search(text) and len(normalize.tokens(text)) <= SHORT_WORDS:
            sets.setdefault(f"shop short Latin {lang}", []).append((text, lang))
    return sets


def evaluate(matcher) -> dict[str, dict]:
    """Per set: comments, the share whose language is right, and the languages found."""
    labelled = {name: [(text, lang) for text in texts] for name, (texts, lang) in corpus_sets().items()}
    labelled |= dict(sorted(shop_sets().items()))
    figures = {}
    for name, examples in labelled.items():
        languages = [(matcher.match(text).language, lang) for text, lang in examples]
        found = Counter(language for language, _ in languages)
        right = sum(language == lang for language, lang in languages)
        figures[name] = {"comments": len(examples), "accuracy": right / len(examples) if examples else 1.0,
                         "found": dict(found.most_common())}
    return figures


def format_report(figures: dict[str, dict]) -> str:
    rows = ["language, held-out (real corpora, then shop comments):", f"{'set':<26}{'n':>6}{'right':>8}  found"]
    for name, row in figures.items():
        found = " ".join(f"{lang}:{count}" for lang, count in row["found"].items())
        rows.append(f"{name:<26}{row['comments']:>6}{row['accuracy']:>8.3f}  {found}")
    return "\n".join(rows)
