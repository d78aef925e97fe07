"""Finding what an agent missed, from the comments it did not answer (or answered without naming a product):

- synonyms (app/services/proposals_synonyms.py): words close to a product's name (edit distance; accents, case
  and Arabizi digits are already one spelling after nlp.normalize; Arabic and Latin spellings meet on their
  consonants), or met where a product is expected ("price of the X", "prix du X", "9adeh el X", "بكم X"), in
  every script;
- intents the agent lacks: comments the full intent model (every intent of the catalogue) places above its
  threshold in an intent the agent does not have, grouped by that intent;
- phrasings: clusters of similar comments no intent understands (TF-IDF on character n-grams, cosine similarity,
  greedy clustering around the comment with the most neighbours).

A candidate is kept only when at least MIN_COMMENTERS different people wrote its comments, so one fan's habit
(or one fan commenting ten times) never becomes a proposal. Pure functions over the comments, the agent's intent
names and the page's catalogue; storing and deciding is app/services/proposals.py.
"""
from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np

from app.services.intent_catalogue import PRICE, QUIZ
from app.services.proposals_candidates import Candidate, Context, Missed
from app.services.proposals_synonyms import synonyms
from nlp import Match, intents, normalize

MIN_COMMENTERS = 2
# The most comments behind one proposal that are kept as its evidence (the count is kept whole).
EVIDENCE_KEPT = 200
PHRASING_SIMILARITY = 0.5
PHRASING_MAX_COMMENTS = 1000


def find(comments: list[Missed], context: Context) -> list[Candidate]:
    """Every candidate backed by enough commenters, synonyms first, then intents, then phrasings."""
    read = [(comment, context.full_matcher.match(comment.text)) for comment in comments]
    read = [(comment, match) for comment, match in read if not match.has_link]
    found = synonyms(read, context) + _intents(read, context)
    covered = {id(comment) for candidate in found if candidate.kind == "intent" for comment in candidate.evidence}
    found += _phrasings([(comment, match) for comment, match in read
                         if not comment.matched and id(comment) not in covered and not match.silent
                         and not match.intents], context)
    return [candidate for candidate in found if candidate.commenters >= MIN_COMMENTERS]


# --- intents ---------------------------------------------------------------------------------------------------

def _intents(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
    groups: dict[str, Candidate] = {}
    languages: dict[str, Counter] = defaultdict(Counter)
    for comment, match in read:
        if comment.matched or match.silent:
            continue
        lacking = next((intent.name for intent in match.intents if intent.name not in context.agent_intents), None)
        if lacking is None or lacking not in context.addable_intents:
            continue
        key = f"intent:{context.agent_id}:{lacking}"
        groups.setdefault(key, Candidate("intent", key, lacking, lacking)).evidence.append(comment)
        languages[key][match.language] += 1
    for key, candidate in groups.items():
        candidate.details = {"language": "en" if languages[key].most_common(1)[0][0] == "en" else "fr"}
    return sorted(groups.values(), key=lambda candidate: -candidate.commenters)


# --- phrasings -------------------------------------------------------------------------------------------------

def _phrasings(read: list[tuple[Missed, Match]], context: Context) -> list[Candidate]:
    """Clusters of similar comments no intent understands: each seeded by the comment with the most similar
    others still unclustered."""
    read = read[-PHRASING_MAX_COMMENTS:]
    texts = [normalize.normalize(comment.text) for comment, _match in read]
    if len(read) < MIN_COMMENTERS or not any(text.strip() for text in texts):
        return []
    from sklearn.feature_extraction.text import TfidfVectorizer  # training-time library: loaded only here

    vectors = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True).fit_transform(texts)
    similar = (vectors @ vectors.T).toarray() >= PHRASING_SIMILARITY
    free = np.ones(len(read), dtype=bool)
    found = []
    while free.any():
        neighbours = (similar & free).sum(axis=1) * free  # taken comments seed nothing
        seed = int(np.argmax(neighbours))
        members = np.flatnonzero(similar[seed] & free).tolist()
        if len(members) < MIN_COMMENTERS:
            break
        free[members] = False
        # The closest intent, when the model leans towards one at all (half its threshold): a hint, not a match.
        guesses = Counter(match.candidates[0].name for _comment, match in (read[row] for row in members)
                          if match.candidates and match.candidates[0].score >= (match.threshold or 0) / 2)
        found.append(Candidate("phrasing", f"phrasing:{context.agent_id}:{texts[seed]}", read[seed][0].text,
                               guesses.most_common(1)[0][0] if guesses else None,
                               details={"normalised": [texts[row] for row in members]},
                               evidence=[read[row][0] for row in members]))
    return found


def addable(agent_intents: frozenset[str], price_allowed: bool) -> frozenset[str]:
    """The intents the wizard would let this agent add (Quiz stays alone; Price only where the page allows it)."""
    if QUIZ in agent_intents:
        return frozenset()
    refused = {QUIZ} | (set() if price_allowed else {PRICE})
    return frozenset(intents.NAMES - agent_intents - refused)
