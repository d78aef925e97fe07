"""Abuse: insults, slurs, obscenity, hate and threats, in English, French, Arabic and Tunisian (both scripts), told
apart from complaints about the shop (nlp/sentiment.py). A comment is abusive when a word or phrase of the abuse
lexicons (nlp/data/lexicons/abusive_*.txt) is in it, not right after a negator, or when the abuse model scores it
ABUSIVE_THRESHOLD or more. The model (nlp/moderation_training.py) is a logistic regression over words, their letter
n-grams and word pairs (the abuse head's weighted by naive Bayes ratios when fitted), kept as a plain dict of weights:
a comment costs a few dict look-ups a word."""
import itertools
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from nlp import normalize
from nlp.catalogue import LEXICON_DIR, lexicon_phrases
from nlp.sentiment import single_letters

# Chosen on the corpora's training part by 4-fold cross-validation (nlp/data/moderation/cross_validate.py;
# nlp/data/README.md, "Moderation"), never on their held-out comments: the lowest threshold whose precision reaches
# 0.855 in both scripts, the same (0.55) for Arabic-script and Latin comments.
ABUSIVE_THRESHOLD = 0.55
# The model's two heads: abuse, and chatter (real comments of the corpora and shop comments that ask nothing, against
# shop comments that ask). Chatter silences a comment whose intents the intent model would answer.
ABUSIVE, CHATTER = "abusive", "chatter"
HEADS = (ABUSIVE, CHATTER)
CHATTER_THRESHOLD = 0.8
PHRASE_WORDS = 5
NEGATORS = frozenset({"not", "pas", "mouch", "mech", "mich", "موش", "مش", "ليس", "no"})
# A mild insult said of no one else is none. "I am" before it: a customer who made a mistake ("I'm such an idiot, I
# ordered the wrong size", "je suis vraiment débile", "ana ghbi") insults no one. "It is" before it, with no article
# between: a thing or a situation is meant ("c'est débile, j'ai commandé deux fois", "that's idiotic"), while "c'est un
# idiot" still names a person. A few small words may stand between. Slurs and obscenity stay abusive whoever they are
# said of.
SELF = (("i", "m"), ("i", "am"), ("im",), ("je", "suis"), ("j", "suis"), ("jsuis",), ("chui",), ("ana",))
SELF_FILLERS = frozenset({"such", "an", "a", "so", "really", "un", "une", "vraiment", "trop", "tellement"})
THING = (("c", "est"), ("cest",), ("it", "s"), ("it", "is"), ("that", "s"), ("that", "is"), ("thats",),
         ("this", "is"))
THING_FILLERS = frozenset({"so", "really", "just", "totally", "completely", "vraiment", "trop", "tellement",
                           "completement", "totalement", "carrement"})
FILLERS_AT_MOST = 2
# "I am" after it: "quel idiot je fais", "quelle conne je suis", "what an idiot i am".
SELF_AFTER = frozenset({("je", "fais"), ("je", "suis"), ("que", "je"), ("i", "am"), ("i", "m")})
MILD_INSULTS = frozenset({"idiot", "idiote", "idiots", "idiotic", "moron", "imbecile", "debile", "abruti", "abrutie",
                          "cretin", "cretine", "conne", "teube", "ghbi"})
# A word masked with asterisks by a writer who expects a filter ("c*nnasse", "f**k you", "fils de p***"), a star a
# letter, can be any one-word insult of the lexicons or a swear word that insults no one (MASKED_SWEARING). The
# comment is abusive only when every reading is: "s**t happens" can be "shit happens".
MASKED_SWEARING = frozenset({"shit", "fuck", "fucking", "damn", "hell", "crap", "merde", "putain", "bordel"})
_MASKED = re.compile(r"[^\W\d_]*(?:\*[^\W\d_]*)+")
# Masked words read and readings tried at most, whatever the comment.
MASKED_WORDS = 16
MASK_READINGS = 16
LONGEST_MASKED = 30
# An animal a comment owns, buys or sells is an animal ("el kalb mte3i mridh", "عندي حمار للبيع", "شريت فرخ دجاج"): a
# pet shop's or a livestock seller's comments name no one. Called with "ya" ("ya kalb"), or with none of these words
# near, the same animals insult.
ANIMALS = frozenset(normalize.tokens(
    "kalb kleb klab kelb kalba 7mar hmar bhim bhima bhayem 7allouf hallouf 7alalif 5anzir khanzir far5 farkh 9erda "
    "gerda 7ayawen hayawen كلب كلاب الكلب الكلاب كلبه حمار حمير الحمير بهيم بهيمه بهايم بهائم حلوف حلاليف خنزير "
    "خنازير الخنازير قرد قرود القرود قرده فرخ حيوان حيوانات"))
TRADED_BEFORE = frozenset(normalize.tokens(
    "3andi 3andna عندي عندنا nechri nchri نشري chrit chrina شريت شرينا nbi3 نبيع yebi3 يبيع"))
OWNED_AFTER = frozenset(normalize.tokens("mte3i mte3na ta3i ta3na متاعي متاعنا نتاعي للبيع bi3"))
NEAR = 3
VOCATIVES = frozenset({"ya", "يا"})
# Letter n-grams of a word, with its edges marked: "<kalb>" gives "<ka", "kal", ..., "lb>".
GRAMS = (3, 4, 5)
WORD_CACHE = 50_000


def word_features(word: str) -> list[str]:
    marked = f"<{word}>"
    return [f"w:{word}"] + [marked[start:start + size] for size in GRAMS
                            for start in range(len(marked) - size + 1)]


def features(tokens: list[str]) -> list[str]:
    """Every feature of a comment's normalised tokens, repeated as often as it occurs."""
    found = [feature for token in tokens for feature in word_features(token)]
    found += [f"p:{first} {second}" for first, second in zip(tokens, tokens[1:])]
    return found


# Words glued to an insult: Arabic's article, "and", "with the", the vocative ("العاهره", "والكلب", "ياحمار") and the
# Arabizi vocative ("ya7mar"). Stripped only when what remains is a lexicon word of three letters or more.
PREFIXES = ("وال", "بال", "فال", "لل", "ال", "يا", "و", "ya")
SHORTEST_STRIPPED = 3
SHORTEST_SINGLE = 4


class Lexicon:
    """The abuse lexicons' words and phrases (up to PHRASE_WORDS words), as the engine normalises them. A comment's
    word that is no entry's first word is read again with every run of one letter written once ("idioot", "kalbb")
    and without a glued prefix. A one-word entry is also kept with its letters single ("connard" is also "conard")
    when that leaves SHORTEST_SINGLE letters or more, so "coon" never reads "con"."""

    def __init__(self, pattern: str = "abusive_*.txt"):
        written = lexicon_phrases(pattern)
        self.entries = written | {single_letters(entry) for entry in written
                                  if " " not in entry and len(single_letters(entry)) >= SHORTEST_SINGLE}
        self.starts = frozenset(entry.split()[0] for entry in self.entries)
        self.maskable = frozenset(entry for entry in written if " " not in entry and entry.isascii()) | MASKED_SWEARING
        self._words: dict[str, str] = {}

    def word(self, token: str) -> str:
        """The token as the lexicon writes it, cached: the same few thousand words make most comments."""
        found = self._words.get(token)
        if found is None:
            if len(self._words) >= WORD_CACHE:
                self._words.clear()
            found = self._words[token] = self._spelt(token)
        return found

    def _spelt(self, token: str) -> str:
        starts = self.starts
        if token in starts:
            return token
        single = single_letters(token)
        if single in starts:
            return single
        # The prefix first: "اللحاس" is "ال" and "لحاس", not "الحاس".
        for prefix in PREFIXES:
            rest = single_letters(token[len(prefix):])
            if token.startswith(prefix) and len(rest) >= SHORTEST_STRIPPED and rest in starts:
                return rest
        return token

    def hit(self, tokens: list[str]) -> bool:
        entries, starts, word = self.entries, self.starts, self.word
        tokens = [word(token) for token in tokens]
        return any(" ".join(tokens[start:start + size]) in entries
                   for start, token in enumerate(tokens)
                   if token in starts and (start == 0 or tokens[start - 1] not in NEGATORS)
                   and not (token in MILD_INSULTS and said_of_no_one_else(tokens, start))
                   and not (token in ANIMALS and owned_or_traded(tokens, start))
                   for size in range(1, PHRASE_WORDS + 1))


def said_of_no_one_else(tokens: list[str], start: int) -> bool:
    """True when the words before tokens[start] say "I am" (SELF) or "it is" (THING), a few small words apart, or the
    two after it say "I am" (SELF_AFTER)."""
    return (_after(tokens, start, SELF, SELF_FILLERS) or _after(tokens, start, THING, THING_FILLERS)
            or tuple(tokens[start + 1:start + 3]) in SELF_AFTER)


def owned_or_traded(tokens: list[str], start: int) -> bool:
    """True when the animal at tokens[start] is one the comment owns, buys or sells, not one it calls someone."""
    if start > 0 and tokens[start - 1] in VOCATIVES:
        return False
    return not TRADED_BEFORE.isdisjoint(tokens[max(start - NEAR, 0):start]) or \
        not OWNED_AFTER.isdisjoint(tokens[start + 1:start + 1 + NEAR])


def _after(tokens: list[str], start: int, openers: tuple[tuple[str, ...], ...], fillers: frozenset[str]) -> bool:
    end = start
    while end > 0 and start - end < FILLERS_AT_MOST and tokens[end - 1] in fillers:
        end -= 1
    return any(tuple(tokens[max(end - len(opener), 0):end]) == opener for opener in openers)


@dataclass
class Model:
    """The fitted weights by feature and the intercept; features are counted and the sum divided by the square
    root of their number, as the training scaled them."""
    weights: dict[str, float]
    intercept: float
    _words: dict = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict:
        return {"weights": self.weights, "intercept": self.intercept}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)

    def _word(self, word: str) -> tuple[float, int]:
        """A word's summed weight and feature count, cached: the same few thousand words make most comments."""
        found = self._words.get(word)
        if found is None:
            if len(self._words) >= WORD_CACHE:
                self._words.clear()
            terms = word_features(word)
            found = self._words[word] = (sum(self.weights.get(term, 0.0) for term in terms), len(terms))
        return found

    def score(self, tokens: list[str]) -> float:
        """The probability that the comment is abusive."""
        total, count = 0.0, 0
        for token in tokens:
            weight, terms = self._word(token)
            total += weight
            count += terms
        weights = self.weights
        for first, second in zip(tokens, tokens[1:]):
            total += weights.get(f"p:{first} {second}", 0.0)
            count += 1
        decision = self.intercept + (total / math.sqrt(count) if count else 0.0)
        return 1.0 / (1.0 + math.exp(-max(min(decision, 50.0), -50.0)))


_models: dict[str, Model] | None = None


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    return Lexicon()


def model(head: str = ABUSIVE) -> Model:
    """A head of the cached model (`python -m nlp train` builds it; nlp/moderation_training.py)."""
    global _models
    if _models is None:
        from nlp import moderation_training

        _models = moderation_training.load()
    return _models[head]


def use_models(replacement: dict[str, Model]) -> None:
    global _models
    _models = replacement


def abusive(text: str, tokens: list[str]) -> bool:
    """True when the comment (its text and its normalised tokens) insults, threatens, is obscene or hateful."""
    return lexicon().hit(tokens) or masked_insult(text) or model().score(tokens) >= ABUSIVE_THRESHOLD


def masked_insult(text: str) -> bool:
    """True when the comment holds a lexicon insult with some of its letters written as asterisks, however it is
    read."""
    if "*" not in text:
        return False
    text = normalize.strip_marks(text.casefold())
    pieces, fits, last = [], [], 0
    for found in itertools.islice(_MASKED.finditer(text), MASKED_WORDS):
        words = _fits(found.group()) if found.group().strip("*") else []
        if words:
            pieces.append(normalize.tokens(text[last:found.start()]))
            fits.append(words)
            last = found.end()
    tail = normalize.tokens(text[last:])
    readings = itertools.islice(itertools.product(*fits), MASK_READINGS)
    return bool(fits) and all(
        lexicon().hit([token for piece, word in zip(pieces, reading) for token in (*piece, word)] + tail)
        for reading in readings)


@lru_cache(maxsize=4096)
def _fits(masked: str) -> list[str]:
    """The words the masked word can be."""
    if len(masked) > LONGEST_MASKED:
        return []
    pattern = re.compile(re.escape(masked).replace(r"\*", "[a-z]"))
    return sorted(word for word in lexicon().maskable if pattern.fullmatch(word))


def chatter(tokens: list[str]) -> bool:
    """True when the comment reads as the talk of social networks that asks a shop nothing (a tweet on politics, a
    comment on a TV show), however much it borrows a question's words."""
    return model(CHATTER).score(tokens) >= CHATTER_THRESHOLD


def is_abusive(text: str) -> bool:
    """True when the comment insults, threatens, is obscene or hateful."""
    return abusive(text or "", normalize.tokens(text or ""))
