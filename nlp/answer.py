"""The private message an agent sends for a match: the product answer of the best intent that has one for
a product named in the comment, else that intent's generic answer; personalisation tags filled, at most
640 characters and 3 buttons, and no buttons on Instagram (the permission is missing there).

An answer (generic or product) has its default text and may have versions in the comment languages the engine
detects (`answers`: {"fr"|"en"|"ar"|"tn": text}). The version in the comment's language is sent, else the default
text. A Tunisian comment (Arabic script or Arabizi) falls back to the Arabic version before the default: every
Tunisian reads Modern Standard Arabic, taught at school. The reverse does not hold: an Arabic comment may come from
anywhere in the Arab world, where Tunisian dialect (often in Latin letters) is not understood, so it gets the
default. Which answer (product or generic) is chosen first, as before; then its language: a product's price in
the default language says more than a generic answer in the comment's. Buttons are the default answer's."""
from dataclasses import dataclass, field

from nlp import normalize

MAX_CHARACTERS = 640
MAX_BUTTONS = 3
INSTAGRAM = frozenset({"instagram", "insta", "ig"})
LANGUAGES = ("fr", "en", "ar", "tn")  # the languages an answer may be written in: those nlp/language.py detects
# The versions tried for a comment's language, in order, before the default text.
FALLBACKS = {"fr": ("fr",), "en": ("en",), "ar": ("ar",), "tn": ("tn", "ar")}


@dataclass
class Answer:
    text: str
    buttons: list[dict] = field(default_factory=list)
    intent: str = ""
    product: str | None = None
    language: str = ""  # the version sent (one of LANGUAGES), "" for the default text


def fill_tags(text: str, names: dict) -> str:
    """Replace ##FIRST_NAME## ##LAST_NAME## ##FULL_NAME## ##PAGE_NAME## (missing names become empty)."""
    first = str(names.get("first_name") or "").strip()
    last = str(names.get("last_name") or "").strip()
    values = {"##FIRST_NAME##": first, "##LAST_NAME##": last, "##FULL_NAME##": f"{first} {last}".strip(),
              "##PAGE_NAME##": str(names.get("page_name") or "").strip()}
    for tag, value in values.items():
        if not value:
            # "Hello ##FIRST_NAME##, ..." without a first name reads "Hello, ...".
            text = text.replace(" " + tag, "").replace(tag + " ", "")
        text = text.replace(tag, value)
    return text


def shorten(text: str) -> str:
    """At most 640 characters, cut at a word boundary with an ellipsis when too long."""
    if len(text) <= MAX_CHARACTERS:
        return text
    cut = text[:MAX_CHARACTERS - 1]
    if " " in cut[MAX_CHARACTERS // 2:]:
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip() + "…"


def _product_answer(config: dict, product_names: list[str]) -> tuple[dict | None, str | None]:
    """The intent's answer for the first named product it has one for."""
    answers = {normalize.normalize(str(entry.get("product") or "")): entry
               for entry in config.get("products") or [] if str(entry.get("answer") or "").strip()}
    for name in product_names:
        entry = answers.get(normalize.normalize(name))
        if entry is not None:
            return entry, name
    return None, None


def in_language(default: str, versions: dict | None, language: str) -> tuple[str, str]:
    """The text for a comment in `language` and the version it is ("" for the default)."""
    for candidate in FALLBACKS.get(language, ()):
        text = str((versions or {}).get(candidate) or "")
        if text.strip():
            return text, candidate
    return default, ""


def compose(match, intents_config: list[dict], platform: str, names: dict) -> Answer | None:
    """The answer for a match, or None when no intent of the match has an answer configured."""
    if not match.matched:
        return None
    configs = {config.get("name"): config for config in intents_config or []}
    product_names = [hit.name for hit in match.products]
    for intent in match.intents:
        config = configs.get(intent.name)
        if config is None:
            continue
        entry, product = _product_answer(config, product_names)
        source = entry if entry is not None else config
        default = str(source.get("answer" if entry is not None else "generic_answer") or "")
        if not default.strip():
            continue
        template, language = in_language(default, source.get("answers"), match.language)
        buttons = [] if str(platform).lower() in INSTAGRAM else list(source.get("buttons") or [])[:MAX_BUTTONS]
        return Answer(shorten(fill_tags(template, names or {})), buttons, intent.name, product, language)
    return None
