"""Builds products_phone.jsonl: the products of products_phone_catalogue.json named in comments with the typing slips
people make on phones, the kind of each slip in the `error` field: two letters swapped, a letter doubled or dropped,
a neighbouring key hit (AZERTY for French and Tunisian, QWERTY for English), French accents missing together with
another slip, Arabizi written with other digits or letters (3/a, 7/h, 9/q, 5/kh, ch/sh, ou/w), and in Arabic script a
letter dropped, doubled or swapped. Each product is named once as the catalogue writes it and twice misspelt for
each of its spellings (name and synonyms); comments naming no product, with words near product words, measure false
hits. Seeded by the text, so the file is the same on every run. `products_phone` is read as a held-out set: nothing
is tuned on it (tuning uses products_dev).
Run: .venv/bin/python nlp/data/build_products_phone.py"""
import hashlib
import json
import random
import re
import unicodedata
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
CATALOGUE = DATA_DIR / "products_phone_catalogue.json"
OUTPUT = DATA_DIR / "products_phone.jsonl"
TEMPLATES = {
    "fr": ["{p} dispo svp ?", "bonjour c combien {p}", "vous avez encore {p} ?",
           "je veux commander {p} livraison sfax", "{p} prix stp 😍"],
    "en": ["how much is the {p}?", "is the {p} still available", "do you ship the {p} to sousse", "{p} price pls"],
    "tn": ["9adeh {p}?", "famma {p} mazel?", "n7eb na5ou {p} brabi", "{p} bkadech"],
    "ar": ["بقداش {p}؟", "{p} متوفر؟", "نحب {p} من فضلكم", "كم سعر {p}"],
}
NONE = ["la robe bleue est encore dispo ?", "c'est pour un cadeau, vous faites des paquets ?",
        "le salon est magnifique",
        "combien la livraison à bizerte", "vous avez des chaussures pointure 39 ?", "how much is shipping to tunis",
        "do you sell phones?", "nice perfume collection", "famma 7ajet jdod ?", "9adeh el livraison l sfax",
        "mazel famma promo ?", "بقداش التوصيل لسوسة", "عندكم شي جديد ؟", "الكنبة هاذي زوينة", "كم سعر التوصيل",
        "j'adore vos coussins", "is the scooter shop open sunday", "bghit nchri parfum l ommi", "الشامبو هذا باهي",
        "le café est offert ?"]
NEIGHBOURS = {
    "azerty": ["azertyuiop", "qsdfghjklm", "wxcvbn"],
    "qwerty": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
}
# Arabizi spellings of one sound: the digit or the letters, ch or sh, ou or w or u.
ARABIZI = [("3", "a"), ("7", "h"), ("9", "q"), ("9", "k"), ("5", "kh"), ("kh", "5"), ("ch", "sh"), ("ou", "w"),
           ("ou", "u"), ("th", "dh")]
_ARABIC = re.compile(r"[\u0600-\u06FF]")


def rng_for(text: str) -> random.Random:
    return random.Random(int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16))


def neighbour(letter: str, layout: str, rng: random.Random) -> str:
    for row in NEIGHBOURS[layout]:
        if letter in row:
            index = row.index(letter)
            near = [row[i] for i in (index - 1, index + 1) if 0 <= i < len(row)]
            return rng.choice(near)
    return letter


def slip(word: str, kind: str, layout: str, rng: random.Random) -> str:
    """One typing slip in a word (never its first letter: people see the start of what they type)."""
    position = rng.randrange(1, len(word) - 1)
    if kind == "swap":
        return word[:position] + word[position + 1] + word[position] + word[position + 2:]
    if kind == "double":
        return word[:position] + word[position] + word[position:]
    if kind == "drop":
        return word[:position] + word[position + 1:]
    return word[:position] + neighbour(word[position], layout, rng) + word[position + 1:]


def strip_accents(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


def arabizi(text: str, rng: random.Random) -> str | None:
    """Another Arabizi spelling of a text, or None when it has none of the usual letters."""
    options = [(old, new) for old, new in ARABIZI if old in text]
    if not options:
        return None
    old, new = rng.choice(options)
    return text.replace(old, new, 1)


def misspell(spelling: str, lang: str, rng: random.Random) -> tuple[str, str]:
    """The spelling with a slip, and the slip's kind."""
    words = spelling.split()
    long_words = [index for index, word in enumerate(words) if len(word) >= 4 and not any(c.isdigit() for c in word)]
    kinds = ["swap", "double", "drop", "key"]
    if lang == "fr" and strip_accents(spelling) != spelling:
        kinds.append("accents")
    if lang == "tn" and arabizi(spelling, rng):
        kinds.append("arabizi")
    if lang == "ar":
        kinds.remove("key")
    kind = rng.choice(kinds)
    if kind == "arabizi":
        return arabizi(spelling, rng), kind
    if kind == "accents":
        words = strip_accents(spelling).split()
    if not long_words:
        return (" ".join(words), kind) if kind == "accents" else (spelling, "")
    index = rng.choice(long_words)
    slip_kind = rng.choice(["swap", "double", "drop", "key"]) if kind == "accents" else kind
    layout = "qwerty" if lang == "en" else "azerty"
    words[index] = slip(words[index], "drop" if lang == "ar" and slip_kind == "key" else slip_kind, layout, rng)
    return " ".join(words), kind


def language_of(spelling: str, number: int) -> str:
    """The catalogue lists each product as: French name, English, Arabic script, Arabizi."""
    if _ARABIC.search(spelling):
        return "ar"
    return ("fr", "en", "ar", "tn")[min(number, 3)]


def rows() -> list[dict]:
    shop = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    found = []
    for category in shop["categories"]:
        for product in category["products"]:
            spellings = [product["name"], *product["synonyms"]]
            for number, spelling in enumerate(spellings):
                lang = language_of(spelling, number)
                rng = rng_for(spelling)
                if number == 0:
                    found.append({"text": rng.choice(TEMPLATES[lang]).format(p=spelling.lower()), "lang": lang,
                                  "products": [product["name"]], "spelling": "correct", "error": ""})
                for _ in range(2):
                    wrong, kind = misspell(spelling.lower(), lang, rng)
                    if kind and wrong != spelling.lower():
                        found.append({"text": rng.choice(TEMPLATES[lang]).format(p=wrong), "lang": lang,
                                      "products": [product["name"]], "spelling": "misspelt", "error": kind})
    found += [{"text": text, "lang": "ar" if _ARABIC.search(text) else "fr", "products": [], "spelling": "none",
               "error": ""} for text in NONE]
    return found


def main() -> None:
    found = rows()
    OUTPUT.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in found), encoding="utf-8")
    print(f"{OUTPUT.name}: {len(found)} comments")


if __name__ == "__main__":
    main()
