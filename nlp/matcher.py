"""An agent's matcher: the global intent model filtered to the agent's intents, its page's product index,
negativity and links, all read from one normalisation of the comment; plus a small per-process cache so
workers and the chat simulator build a matcher once per agent version."""
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from nlp import catalogue, intents, language, moderation, normalize, sentiment, spam
from nlp.intents import IntentScore
from nlp.products import ProductHit, ProductIndex

# How many of the model's best intents a match keeps to explain itself.
CANDIDATES = 3


@dataclass
class Match:
    text: str
    language: str
    intents: list[IntentScore] = field(default_factory=list)
    products: list[ProductHit] = field(default_factory=list)
    negative: bool = False  # abusive or a complaint: what "hide negative comments" hides
    abusive: bool = False  # insult, hate, obscenity or threat (nlp/moderation.py); a complaint when only negative
    has_link: bool = False
    # For explaining a decision: the model's best intents whether the agent has them or not, the score an
    # intent needs, and whether the comment read as one that asks nothing (praise, thanks, tags).
    candidates: list[IntentScore] = field(default_factory=list)
    threshold: float | None = None
    silent: bool = False

    @property
    def matched(self) -> bool:
        return bool(self.intents)

    def to_dict(self) -> dict:
        """The JSON shape of the command line and of the log events."""
        return {"text": self.text, "language": self.language,
                "intents": [{"name": intent.name, "score": intent.score} for intent in self.intents],
                "products": [{"name": hit.name, "category": hit.category, "score": hit.score}
                             for hit in self.products],
                "negative": self.negative, "abusive": self.abusive, "has_link": self.has_link}


class Matcher:
    """Matches comments for one agent. Thread-safe to share: `match` only reads."""

    def __init__(self, intent_names: list[str], product_catalogue: dict):
        unknown = sorted(set(intent_names) - intents.NAMES)
        if unknown:
            raise ValueError(f"unknown intents: {', '.join(unknown)}")
        self.intents = frozenset(intent_names)
        self.model = intents.model()
        self.products = ProductIndex(product_catalogue)

    def match(self, text: str) -> Match:
        tokens = normalize.tokens(text or "")
        decisions = self.model.decisions(tokens)
        scores = self.model.calibrated_scores(decisions)
        ranking = intents.ranked(scores)
        # What the comment asks whatever the agent answers: it sets the negative threshold for every agent alike.
        asked = intents.asked(scores, ranking, self.model.threshold, tokens)
        moderated = moderation.read(text or "", tokens)
        # Real chatter borrows a question's words ("Can you take that to the bank?"): when it would be answered, it
        # silences the comment.
        chatter = bool(asked) and moderated.chatter
        if chatter:
            asked = []
        abusive = moderated.abusive
        return Match(
            text=text,
            language=language.detect(tokens, self.model, decisions),
            # A link does not silence a question: hiding links is the page's anti-spam switch
            # (app/services/pipeline/drain.py).
            intents=[intent for intent in asked if intent.name in self.intents],
            products=self.products.find(catalogue.product_tokens(tokens)),
            negative=abusive or sentiment.from_scores_asking(scores, tokens, bool(asked)),
            abusive=abusive,
            has_link=spam.has_link(text or ""),
            candidates=intents.best(ranking, CANDIDATES),
            threshold=self.model.threshold,
            silent=chatter or intents.is_silent(scores, tokens),
        )


def build_matcher(intent_names: list[str], product_catalogue: dict) -> Matcher:
    """An agent's matcher from its intent names and its page's catalogue
    (`{"categories":[{"name","products":[{"name","synonyms":[...]}]}]}`)."""
    return Matcher(list(intent_names), product_catalogue or {})


class MatcherCache:
    """Matchers by a caller's key (say agent id and version), least recently used dropped first.
    `get(key, load)` calls `load()` -> (intent names, catalogue) only on a miss."""

    def __init__(self, size: int = 64):
        self.size = size
        self._matchers: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, load: Callable[[], tuple[list[str], dict]]) -> Matcher:
        with self._lock:
            if key in self._matchers:
                self._matchers.move_to_end(key)
                return self._matchers[key]
        matcher = build_matcher(*load())
        with self._lock:
            self._matchers[key] = matcher
            while len(self._matchers) > self.size:
                self._matchers.popitem(last=False)
        return matcher

    def __len__(self) -> int:
        return len(self._matchers)
