"""Link detection for the anti-spam option: URLs with or without a scheme, link shorteners and the usual
disguises of a domain ("site dot com", "site[.]com", "site . com", "hxxp", spaced-out "w w w")."""
import re
import unicodedata

_TLDS = ("com|net|org|info|biz|io|co|me|ly|gl|gd|cc|tv|ws|to|gg|be|fr|tn|ma|dz|eu|de|uk|us|ca|ru|tk|ml|ga|cf|"
         "xyz|top|site|online|shop|store|link|click|live|app|page|club|vip|pro|win|cam|icu|website|space|at|in")
_SCHEME = re.compile(r"\b(?:h\s*[tx]\s*[tx]\s*p\s*s?\s*:\s*/\s*/|w\s*w\s*w\s*\.)", re.IGNORECASE)
_DOMAIN = re.compile(rf"(?<![\w@.])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:{_TLDS})(?![a-z0-9])"
                     r"(?!\.[a-z])(?:[/:?#]\S*)?", re.IGNORECASE)
_STRONG_TLDS = "com|net|org|info|ly|tn|fr|shop|store|site|online|xyz|io"
# Disguised dots: "(.)", "[dot]", "{point}", " dot ", "نقطة" between two words, and dots padded by spaces.
_BRACKETED_DOT = re.compile(r"\s*[\[({<]\s*(?:\.|dot|point|نقطة)\s*[\])}>]\s*", re.IGNORECASE)
_SPOKEN_DOT = re.compile(rf"(?<=\w)\s+(?:dot|point|نقطة|دوت)\s+(?=(?:{_STRONG_TLDS}|كوم)\b)", re.IGNORECASE)
_SPACED_DOT = re.compile(rf"(?<=\w)(?:\s+[.。․]\s*|[.。․]\s+)(?=(?:{_STRONG_TLDS})(?![\w'’]))", re.IGNORECASE)
_SHORTENER = re.compile(r"\b(?:bit\s*\.?\s*ly|tinyurl|goo\s*\.?\s*gl|ow\s*\.\s*ly|t\s*\.\s*co|is\s*\.\s*gd|cutt\s*\.?\s*ly"
                        r"|rb\s*\.\s*gy|shorturl|rebrand\s*\.?\s*ly|wa\s*\.\s*me|t\s*\.\s*me)\s*/\s*\w+",
                        re.IGNORECASE)
# Every spelling above needs one of these; most comments have none and are settled by this one search.
_MAYBE_LINK = re.compile(r"[./:。․]|dot|point|نقطة|دوت", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def _undisguise(text: str) -> str:
    text = _BRACKETED_DOT.sub(".", text)
    text = _SPOKEN_DOT.sub(".", text)
    text = _SPACED_DOT.sub(".", text)
    return text.replace("كوم", "com")


def has_link(text: str) -> bool:
    """True when the comment carries a web address in any of its usual or disguised spellings."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    if not _MAYBE_LINK.search(text):
        return False
    if _SCHEME.search(text) or _SHORTENER.search(text):
        return True
    return bool(_DOMAIN.search(_EMAIL.sub(" ", _undisguise(text))))
