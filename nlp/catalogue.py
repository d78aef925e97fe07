"""A page's product catalogue seen by the product matcher: every product name and synonym as an entry of
normalised tokens, and the word lists that keep short and common words from matching on their own."""
import sys
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from nlp import normalize

LEXICON_DIR = Path(__file__).resolve().parent / "data" / "lexicons"
MIN_TOKEN = 3
# Function words of the four languages: never a product on their own, however a catalogue spells them.
_STOPWORDS = """
les des une pour avec dans sur par pas est sont vous nous ils elle mon ton son mes tes ses cette ces qui que quoi
comment combien quel quelle quels svp stp merci bonjour salut oui non tres plus moins aussi bien tout tous chez
encore deja the and you your for with this that are have has can what how much many please thanks hello yes not
any from its our their was were will would there here chnowa chneya chnia famma fama mta3 mtaa mte3 mtea bech
nheb nhab andek andkom barcha yeser kifech qadeh bqadeh qadech bqadech hedha hedhi hadha hedi ama wala ken
هذا هذه هاذا هاذي في من على عن الى كم هل ما ماذا انا انت انتم عندكم عندك كان مع او لا نعم شنوة شنية قداش بقداش
فما برشا
"""
# Arabic glues the article and some prepositions to the noun ("الفستان", "بالفستان").
_ARABIC_PREFIXES = ("وال", "بال", "فال", "كال", "لل", "ال")
_PREFIX_INITIALS = frozenset(prefix[0] for prefix in _ARABIC_PREFIXES)


def lexicon_phrases(pattern: str) -> frozenset[str]:
    """Entries of the shipped lexicons matching `pattern`, normalised, a phrase's words joined by spaces."""
    phrases = set()
    for path in sorted(LEXICON_DIR.glob(pattern)):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                phrases.add(" ".join(normalize.tokens(line)))
    return frozenset(phrases - {""})


def lexicon_words(pattern: str) -> frozenset[str]:
    """Every word of the lexicon entries matching `pattern`."""
    return frozenset(word for phrase in lexicon_phrases(pattern) for word in phrase.split())


# The shipped per-language stop word lists join ours (they hold fillers like "svp", "brabi" and generic
# words like "taille" that a shop's catalogue may still use inside a longer name).
STOPWORDS: frozenset[str] = (frozenset(word for entry in _STOPWORDS.split() for word in normalize.tokens(entry))
                              | lexicon_words("stopwords*.txt"))


@lru_cache(maxsize=50_000)
def product_token(token: str) -> str:
    """A token as the product matcher compares it: Arabic article and glued prepositions removed."""
    if token[:1] not in _PREFIX_INITIALS:
        return token
    for prefix in _ARABIC_PREFIXES:
        if token.startswith(prefix) and len(token) - len(prefix) >= 3:
            return token[len(prefix):]
    return token


def product_tokens(raw_tokens: list[str]) -> list[str]:
    """The word tokens of a normalised text (no "?", emojis or markers), prefixes removed."""
    return [product_token(token) for token in raw_tokens if token[0].isalnum()]


def informative(token: str) -> bool:
    """Tokens that may propose a product: long enough and not a function word."""
    return len(token) >= MIN_TOKEN and token not in STOPWORDS and not token.isdigit()


class Entry(NamedTuple):
    """One spelling of a product (its name or a synonym), tokenised; two spellings of a product with the same
    tokens are one entry (the first kept)."""
    product: int
    tokens: tuple[str, ...]
    spelling: str = ""
    synonym: bool = False


class _SpellingTokens:
    """Product tokens of catalogue spellings, normalised one space-separated chunk at a time: a catalogue repeats
    the same few hundred words across thousands of names, and normalisation never joins two chunks, so each
    distinct chunk is normalised once per build."""

    def __init__(self):
        self._chunks: dict[str, list[str]] = {}
        # Variants of a product often repeat a synonym word for word.
        self._spellings: dict[str, tuple[str, ...]] = {}

    def __call__(self, spelling: str) -> tuple[str, ...]:
        found = self._spellings.get(spelling)
        if found is None:
            chunks = self._chunks
            tokens: list[str] = []
            for chunk in spelling.split():
                known = chunks.get(chunk)
                if known is None:
                    known = chunks[chunk] = [sys.intern(token) for token in product_tokens(normalize.tokens(chunk))]
                tokens += known
            found = self._spellings[spelling] = tuple(tokens)
        return found


def flatten(catalogue: dict) -> tuple[list[tuple[str, str]], list[Entry]]:
    """Products as (name, category) and all their spellings; blank names and synonyms are skipped."""
    products: list[tuple[str, str]] = []
    entries: list[Entry] = []
    spelling_tokens = _SpellingTokens()
    for category in catalogue.get("categories") or []:
        for product in category.get("products") or []:
            name = str(product.get("name") or "").strip()
            if not name:
                continue
            products.append((name, str(category.get("name") or "")))
            seen: set[tuple[str, ...]] = set()
            for spelling in sorted({name, *map(str, product.get("synonyms") or [])}):
                tokens = spelling_tokens(spelling)
                if tokens and tokens not in seen:
                    seen.add(tokens)
                    entries.append(Entry(len(products) - 1, tokens, spelling, spelling != name))
    return products, entries
