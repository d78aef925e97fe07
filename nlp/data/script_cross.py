"""Tunisian sentences rewritten in the other script: an Arabizi sentence in Arabic letters, an Arabic-script one in
Arabizi, word by word, each word replaced by the commonest word of the other script with the same consonant
skeleton (`nlp/skeleton.py`) among the Tunisian source sentences. Words with no such twin (French loanwords,
numbers, emoji) stay as they are, as they do when Tunisians switch script. The training comments hold fewer
Tunisian comments in Arabic script than in Arabizi; crossing them lets each script learn from the other's."""
from collections import Counter, defaultdict
from functools import lru_cache

import noise  # a sibling module of the builder, which puts nlp/data on the path
from nlp import normalize
from nlp.skeleton import skeleton

# Short words with no skeleton, written the same way in every sentence.
FUNCTION_WORDS = {"w": "و", "fi": "في", "ya": "يا", "li": "لي", "b": "ب", "ken": "كان", "kan": "كان"}
FUNCTION_WORDS_IN_ARABIZI = {arabic: latin for latin, arabic in FUNCTION_WORDS.items()}
# A crossed sentence is kept only when this share of its words found a twin; otherwise it is mostly the original.
MIN_CROSSED_SHARE = 0.5
# A skeleton shared by several words ("hd": hedha, hedhi, wahed) names none of them: its commonest word must make at
# least this share of the skeleton's occurrences to stand as the twin.
MIN_TWIN_SHARE = 0.6
# A one-word comment ("yahbel") crossed is only that word's commonest spelling: nothing the other script lacks.
MIN_WORDS = 2


def is_arabic(token: str) -> bool:
    return noise.ARABIC_LETTER.search(token) is not None


@lru_cache(maxsize=1)
def twins(sentences: tuple[str, ...]) -> dict[bool, dict[str, str]]:
    """For each script (True: Arabic), each skeleton's commonest word among the sentences."""
    counts = {True: defaultdict(Counter), False: defaultdict(Counter)}
    for sentence in sentences:
        for token in normalize.tokens(sentence):
            if key := skeleton(token):
                counts[is_arabic(token)][key][token] += 1
    return {script: {key: word for key, words in by_key.items()
                     for word, count in words.most_common(1) if count >= MIN_TWIN_SHARE * words.total()}
            for script, by_key in counts.items()}


def cross(text: str, sentences: tuple[str, ...]) -> str | None:
    """The sentence in the other script, or None when too few of its words have a twin there."""
    tokens = normalize.tokens(text)
    words = [token for token in tokens if token.isalpha()]
    if len(words) < MIN_WORDS:
        return None
    to_arabic = sum(map(is_arabic, words)) * 2 < len(words)
    other = twins(sentences)[to_arabic]
    crossed, replaced = [], 0
    for token in tokens:
        twin = other.get(skeleton(token)) if token.isalpha() else None
        if twin is None:
            twin = (FUNCTION_WORDS if to_arabic else FUNCTION_WORDS_IN_ARABIZI).get(token)
        replaced += twin is not None
        crossed.append(twin or token)
    if replaced < MIN_CROSSED_SHARE * len(words):
        return None
    return " ".join(crossed)
