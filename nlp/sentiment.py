"""Negative comments (complaints, insults, scam accusations) in en, fr, ar and tn, for the hide-negative
option: the global model's calibrated negativity head, plus the shipped insult lexicons when present."""
import re
from functools import lru_cache

from nlp import catalogue, intents, normalize, training
from nlp.said_of import said_of_oneself

# Chosen by grouped cross-validation (nlp/data/cross_validate.py) on issue 21's training split, head or lexicon:
# precision / recall 0.77 / 0.75 at 0.5, 0.84 / 0.71 at 0.6, 0.91 / 0.67 at 0.7, the same F1 from 0.6 up. A
# negative comment may be hidden, so 0.7, the lowest threshold whose precision reaches the 0.90 the product
# promises; the lexicons carry much of the recall. After issue 21's rounds 26 to 28 the same rule gives 0.8:
# 0.87 / 0.72 at 0.7, 0.89 / 0.70 at 0.75, 0.90 / 0.68 at 0.8.
# With the former dev comments in training, 0.7 reaches 0.90 in all (0.90 / 0.82) but not in English (0.86); 0.8 is
# the lowest where every language does (nlp/data/README.md).
NEGATIVE_THRESHOLD = 0.8
# A complaint that also asks ("you raised the price, how much is it now?") reads less negative to the head than one
# that asks nothing: its question words are those of the many calm questions. Comments the intent model reads as
# asking need less: cross-validation (issue 21, 4 / 5 folds, silent ones at 0.8) gave precision / recall in all
# 0.937 / 0.781 and 0.957 / 0.808 at 0.8, 0.928 / 0.803 and 0.948 / 0.831 at 0.65, 0.925 / 0.817 and 0.943 / 0.841 at
# 0.6, 0.916 / 0.830 and 0.936 / 0.848 at 0.55; 0.6 is the lowest where every language keeps 0.90 on both fold counts
# (English 0.888 at 0.55 on 4 folds). After rounds 38 to 42 (nlp/data/README.md) French falls under 0.90 on all rows,
# the comments written to sound negative without being so included (0.88 / 0.84 and 0.89 / 0.86 at 0.8 / 0.6; 0.91 /
# 0.81 at 0.85 everywhere, which costs every language five points of recall): left as it is, written down there.
# After rounds 43 to 45, with more French complaints and look-alikes, French is back at 0.90 and 0.92 on all rows.
ASKING_NEGATIVE_THRESHOLD = 0.6
_lexicon: tuple[frozenset[str], frozenset[str]] | None = None
# The longest entry of the negative lexicons, in words ("still waiting for my refund"): a run of words any longer is
# never compared, so an entry longer than this would never match (tests/nlp/test_nlp_sentiment.py).
PHRASE_WORDS = 5
# "mouch khayba" (not bad), "pas nul", "not fake", "jamais nul": a negator right before a lexicon word turns it into
# praise, and so it does across a "been" ("j'ai pas été déçue"). The model's negative head still reads "never
# disappointed" as a complaint (nlp/data/README.md).
NEGATORS = frozenset({"not", "pas", "mouch", "mech", "mich", "موش", "مش", "ليس", "never", "jamais"})
# Normalisation shortens runs of three letters or more; a doubled letter ("voleeurs", "merdde") is a typo too, so
# the lexicon and the comment are compared with every run of one letter written once.
_LETTER_RUN = re.compile(r"(\w)\1+")


@lru_cache(maxsize=50_000)
def single_letters(text: str) -> str:
    """Cached: the same few thousand words make most comments, and a regex per word would cost ten times the
    lexicon lookup itself."""
    return _LETTER_RUN.sub(r"\1", text)


# "been" as the lexicon reads a comment's words (their letter runs single).
BEEN = frozenset(single_letters(word) for word in ("been", "ete"))
# Words that judge a person, which customers also say of themselves while asking for help ("je suis nulle en couture,
# vous faites les retouches ?", "I'm useless at sewing, do you do alterations?"): said so, they complain of nothing.
# "je suis déçue" stays a complaint.
SELF_JUDGED = frozenset(single_letters(word) for word in (
    "nul", "nulle", "useless", "stupid", "idiot", "idiote", "bete", "con", "conne", "ghbi", "غبي"))


def lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """Words and phrases that make a comment negative on their own (nlp/data/lexicons/negative*.txt),
    and the words they start with."""
    global _lexicon
    if _lexicon is None:
        entries = frozenset(single_letters(entry) for entry in catalogue.lexicon_phrases("negative*.txt"))
        _lexicon = entries, frozenset(entry.split()[0] for entry in entries)
    return _lexicon


def in_lexicon(tokens: list[str]) -> bool:
    """True when a word or a run of up to PHRASE_WORDS words of the comment is a negative lexicon entry, not right
    after a negator, and not a judging word the writer says of themselves."""
    entries, starts = lexicon()
    written, tokens = tokens, [single_letters(token) for token in tokens]
    return any(" ".join(tokens[start:start + size]) in entries
               for start, token in enumerate(tokens)
               if token in starts and not negated(tokens, start)
               and not (token in SELF_JUDGED and said_of_oneself(written, start))
               for size in range(1, PHRASE_WORDS + 1))


def negated(tokens: list[str], start: int) -> bool:
    """A negator right before tokens[start], or before a "been" right before it."""
    if start == 0:
        return False
    return tokens[start - 1] in NEGATORS or (start > 1 and tokens[start - 1] in BEEN and tokens[start - 2] in NEGATORS)


def from_scores(scores: dict[str, float], tokens: list[str]) -> bool:
    """Negativity of a comment already scored by the model: the lower threshold when it asks one of the catalogue's
    intents, whichever intents an agent answers."""
    return from_scores_asking(scores, tokens, bool(intents.select(scores, None, training.THRESHOLD, tokens)))


def from_scores_asking(scores: dict[str, float], tokens: list[str], asks: bool) -> bool:
    """`from_scores` for a caller that already knows whether the comment `asks` (the matcher's `intents.asked`)."""
    threshold = ASKING_NEGATIVE_THRESHOLD if asks else NEGATIVE_THRESHOLD
    return scores.get(training.NEGATIVE, 0.0) >= threshold or in_lexicon(tokens)


def is_negative(text: str) -> bool:
    """True when the comment is a complaint, an insult or otherwise hostile."""
    tokens = normalize.tokens(text)
    model = intents.model()
    return from_scores(model.calibrated_scores(model.decisions(tokens)), tokens)
