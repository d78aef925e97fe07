"""Text a database column can hold, whichever database: PostgreSQL refuses a NUL character outright, and a lone
surrogate (JSON can carry one as "\\ud800") encodes in no charset, so neither database driver can send it."""
from __future__ import annotations


def storable(text: str) -> bool:
    return "\x00" not in text and (text.isascii() or _encodes(text))


def cleaned(text: str) -> str:
    """`text` without NUL characters and with each lone surrogate made U+FFFD, the replacement character (two
    halves of one pair, side by side, are joined into their character instead)."""
    text = text.replace("\x00", "")
    if storable(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _encodes(text: str) -> bool:
    # One C-speed pass: UTF-8 encoding fails exactly on an unpaired surrogate.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
