"""Checks the shipped comments against their format and minimum counts, and prints the counts.

Exit status 1 and one line per problem when something is missing; the engine's tests call `problems()`.
Run: python nlp/data/check_counts.py
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
LANGS = ("en", "fr", "ar", "tn")
KEYS = {"text", "lang", "intents", "products", "negative", "has_link"}
ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")
MINIMUM = {"per_intent": 90, "per_intent_lang": 18, "per_intent_tn_script": 4, "no_intent": 450,
           "no_intent_lang": 60, "multi_intent": 120, "negative": 150, "negative_lang": 15,
           "negative_asking": 20, "has_link": 100, "with_products": 300}


def load() -> list[dict]:
    with open(DATA_DIR / "comments_train.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def known_names() -> tuple[set, set]:
    intents = {entry["name"] for entry in json.loads((DATA_DIR / "intents_catalogue.json").read_text("utf-8"))}
    catalogue = json.loads((DATA_DIR / "catalogue_demo.json").read_text("utf-8"))
    products = {product["name"] for category in catalogue["categories"] for product in category["products"]}
    return intents, products


def format_problems(rows: list[dict], intents: set, products: set) -> list[str]:
    found = []
    for number, row in enumerate(rows, 1):
        if set(row) != KEYS or row["lang"] not in LANGS or not row["text"].strip():
            found.append(f"row {number}: bad keys, language or empty text: {row}")
        elif set(row["intents"]) - intents or set(row["products"]) - products:
            found.append(f"row {number}: unknown intent or product: {row}")
        elif len(row["intents"]) > 3 or len(set(row["intents"])) != len(row["intents"]):
            found.append(f"row {number}: more than three or repeated intents: {row}")
    return found


def counts(rows: list[dict]) -> dict:
    """Counters keyed by what the minimums speak of."""
    result = {"intent_lang": Counter(), "intent": Counter(), "tn_script": Counter(), "no_intent_lang": Counter(),
              "negative_lang": Counter(), "overall": Counter()}
    for row in rows:
        for intent in row["intents"]:
            result["intent"][intent] += 1
            result["intent_lang"][intent, row["lang"]] += 1
            if row["lang"] == "tn":
                script = "arabic" if ARABIC_LETTER.search(row["text"]) else "latin"
                result["tn_script"][intent, script] += 1
        if not row["intents"]:
            result["no_intent_lang"][row["lang"]] += 1
        if row["negative"]:
            result["negative_lang"][row["lang"]] += 1
        overall = result["overall"]
        overall["no_intent"] += not row["intents"]
        overall["multi_intent"] += len(row["intents"]) >= 2
        overall["negative"] += row["negative"]
        overall["negative_asking"] += row["negative"] and bool(row["intents"])
        overall["has_link"] += row["has_link"]
        overall["with_products"] += bool(row["products"])
    return result


def minimum_problems(found: dict, intents: set) -> list[str]:
    problems_found = []
    def need(what, value, minimum):
        if value < minimum:
            problems_found.append(f"{what}: {value} < {minimum}")
    for intent in sorted(intents):
        need(intent, found["intent"][intent], MINIMUM["per_intent"])
        for lang in LANGS:
            need(f"{intent}/{lang}", found["intent_lang"][intent, lang], MINIMUM["per_intent_lang"])
        for script in ("latin", "arabic"):
            need(f"{intent}/tn {script}", found["tn_script"][intent, script], MINIMUM["per_intent_tn_script"])
    for lang in LANGS:
        need(f"no intent/{lang}", found["no_intent_lang"][lang], MINIMUM["no_intent_lang"])
        need(f"negative/{lang}", found["negative_lang"][lang], MINIMUM["negative_lang"])
    for key in ("no_intent", "multi_intent", "negative", "negative_asking", "has_link", "with_products"):
        need(key, found["overall"][key], MINIMUM[key])
    return problems_found


def duplicate_problems(rows: list[dict]) -> list[str]:
    """A text labelled twice would weigh double in training and could carry two different labels."""
    repeated = Counter(row["text"] for row in rows)
    return [f"labelled twice: {text!r}" for text, times in sorted(repeated.items()) if times > 1]


def problems() -> list[str]:
    """Every problem with the shipped data; empty when it meets its format and minimums."""
    intents, products = known_names()
    rows = load()
    return format_problems(rows, intents, products) + duplicate_problems(rows) + minimum_problems(counts(rows), intents)


def print_counts() -> None:
    intents, _ = known_names()
    rows = load()
    found = counts(rows)
    print(f"{'intent':<16}" + "".join(f"{lang:>6}" for lang in LANGS) + f"{'tn-lat':>8}{'tn-ar':>7}{'total':>7}")
    for intent in sorted(intents):
        print(f"{intent:<16}" + "".join(f"{found['intent_lang'][intent, lang]:>6}" for lang in LANGS)
              + f"{found['tn_script'][intent, 'latin']:>8}{found['tn_script'][intent, 'arabic']:>7}"
              + f"{found['intent'][intent]:>7}")
    print(f"{'(no intent)':<16}" + "".join(f"{found['no_intent_lang'][lang]:>6}" for lang in LANGS))
    print(f"{'(negative)':<16}" + "".join(f"{found['negative_lang'][lang]:>6}" for lang in LANGS))
    print(", ".join(f"{key} {value}" for key, value in found["overall"].items()))
    print(f"{len(rows)} labelled comments")


def main() -> int:
    print_counts()
    found = problems()
    for problem in found:
        print("PROBLEM", problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
