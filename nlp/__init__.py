"""The matching engine: a comment's language, intents, products, negativity and links, and the answer
an agent sends. Pure Python on numpy, scikit-learn (training only) and rapidfuzz; imports nothing of
the rest of the product."""
from nlp.intents import IntentScore
from nlp.matcher import Match, Matcher, MatcherCache, build_matcher
from nlp.products import ProductHit

__all__ = ["IntentScore", "Match", "Matcher", "MatcherCache", "ProductHit", "build_matcher"]
