"""Abuse: insults, slurs, obscenity, hate and threats, in English, French, Arabic and Tunisian (both scripts), told
apart from complaints about the shop (nlp/sentiment.py). A comment is abusive when a word or phrase of the abuse
lexicons is in it as nlp/abuse_lexicon.py reads them (not where its words name no one), or when the abuse model
scores it ABUSIVE_THRESHOLD or more, reading it without those words that name no one. The model
(nlp/moderation_training.py) is a logistic regression over words, their letter n-grams and word pairs (the abuse
head's weighted by naive Bayes ratios when fitted), kept as a plain dict of weights: a comment costs a few dict
look-ups a word, for both heads at once (`both_heads`)."""
import math
from array import array
from dataclasses import dataclass, field
from itertools import repeat

from nlp import normalize
from nlp.abuse_lexicon import lexicon, masked_insult

# Chosen on the corpora's training part by 4-fold cross-validation (nlp/data/moderation/cross_validate.py;
# nlp/data/README.md, "Moderation"), never on their held-out comments: the lowest threshold whose precision reaches
# 0.855 in both scripts, the same (0.55) for Arabic-script and Latin comments.
ABUSIVE_THRESHOLD = 0.55
# The model's two heads: abuse, and chatter (real comments of the corpora and shop comments that ask nothing, against
# shop comments that ask). Chatter silences a comment whose intents the intent model would answer.
ABUSIVE, CHATTER = "abusive", "chatter"
HEADS = (ABUSIVE, CHATTER)
CHATTER_THRESHOLD = 0.8
# Letter n-grams of a word, with its edges marked: "<kalb>" gives "<ka", "kal", ..., "lb>".
GRAMS = (3, 4, 5)
WORD_CACHE = 50_000


def word_features(word: str) -> list[str]:
    marked = f"<{word}>"
    return [f"w:{word}"] + [marked[start:start + size] for size in GRAMS
                            for start in range(len(marked) - size + 1)]


def features(tokens: list[str]) -> list[str]:
    """Every feature of a comment's normalised tokens, repeated as often as it occurs."""
    return [feature for token in tokens for feature in word_features(token)] + pair_features(tokens)


def pair_features(tokens: list[str]) -> list[str]:
    return [f"p:{first} {second}" for first, second in zip(tokens, tokens[1:])]


@dataclass
class Model:
    """The fitted weights by feature and the intercept; features are counted and the sum divided by the square
    root of their number, as the training scaled them."""
    weights: dict[str, float | complex]
    intercept: float | complex
    _words: dict = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict:
        # Pickled, a complex number is a call to build it: as two arrays of floats the cached model loads in about
        # 0.13 s instead of 0.2 (a worker's start).
        values = self.weights.values()
        return {"features": list(self.weights), "real": array("d", (weight.real for weight in values)),
                "imag": array("d", (weight.imag for weight in values)), "intercept": self.intercept}

    def __setstate__(self, state: dict) -> None:
        weights = state["real"] if isinstance(state["intercept"], float) else map(complex, state["real"], state["imag"])
        self.__init__(weights=dict(zip(state["features"], weights)), intercept=state["intercept"])

    def _word(self, word: str) -> tuple[float | complex, int]:
        """A word's summed weight and feature count, cached: the same few thousand words make most comments."""
        found = self._words.get(word)
        if found is None:
            if len(self._words) >= WORD_CACHE:
                self._words.clear()
            terms = word_features(word)
            found = self._words[word] = (sum(map(self.weights.get, terms, repeat(0.0))), len(terms))
        return found

    def score(self, tokens: list[str]) -> float:
        """The probability that the comment is what the head tells (abusive, chatter)."""
        return _probability(self.decision(tokens))

    def decision(self, tokens: list[str]) -> float | complex:
        """The linear decision on the comment's features."""
        total, count = 0.0, 0
        for token in tokens:
            weight, terms = self._word(token)
            total += weight
            count += terms
        weights = self.weights
        for first, second in zip(tokens, tokens[1:]):
            total += weights.get(f"p:{first} {second}", 0.0)
            count += 1
        return self.intercept + (total / math.sqrt(count) if count else 0.0)


def _probability(decision: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(min(decision, 50.0), -50.0)))


def both_heads(heads: dict[str, Model]) -> Model:
    """The abuse and chatter heads as one model whose weights are complex numbers, the abuse head's the real part and
    the chatter head's the imaginary part: a comment's features are looked up once for both heads (one dict instead of
    two, each new word's letter n-grams once) and the same sums add both. A match reads both heads on most comments,
    and looking its features up cost as much as the intent model's (nlp/data/README.md, "Speed")."""
    abuse, chatter = heads[ABUSIVE], heads[CHATTER]
    weights = {feature: complex(weight, 0.0) for feature, weight in abuse.weights.items()}
    for feature, weight in chatter.weights.items():
        weights[feature] = weights.get(feature, 0j) + complex(0.0, weight)
    return Model(weights=weights, intercept=complex(abuse.intercept, chatter.intercept))


_model: Model | None = None


def model() -> Model:
    """The cached model, both heads in one (`python -m nlp train` builds it; nlp/moderation_training.py)."""
    global _model
    if _model is None:
        from nlp import moderation_training

        _model = moderation_training.load()
    return _model


def use_model(replacement: Model) -> None:
    global _model
    _model = replacement


@dataclass(frozen=True)
class Reading:
    """What moderation reads in a comment. `abusive`: it insults, threatens, is obscene or hateful. `chatter`: it
    reads as the talk of social networks that asks a shop nothing (a tweet on politics, a comment on a TV show),
    however much it borrows a question's words."""
    abusive: bool
    chatter: bool


def read(text: str, tokens: list[str]) -> Reading:
    """Moderation's reading of a comment, its text and its normalised tokens."""
    words = lexicon()
    spelt = words.spelt(tokens)
    decision = model().decision(words.without_other_senses(tokens, spelt))
    abusive = words.hit(tokens, spelt) or masked_insult(text) or _probability(decision.real) >= ABUSIVE_THRESHOLD
    return Reading(abusive=abusive, chatter=_probability(decision.imag) >= CHATTER_THRESHOLD)


def is_abusive(text: str) -> bool:
    """True when the comment insults, threatens, is obscene or hateful."""
    return read(text or "", normalize.tokens(text or "")).abusive
