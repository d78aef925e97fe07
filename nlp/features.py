"""The features of a normalised comment: character and word n-grams, intent cue words and words under a negation.
The same functions serve scikit-learn at training time (as the vectorizer's analyzer) and the compact scorer at run
time, so both see exactly the same terms; they are split per word and per pair of neighbouring words so the scorer
can cache each part."""
from nlp.keywords import phrase_cues, word_cues
from nlp.skeleton import skeleton

CHAR_SIZES = (1, 2, 3, 4)
# A comment yields a few cue features against a hundred character n-grams; repeating each cue (sublinear
# tf makes 6 repeats weigh 1 + ln 6, about 2.8) lets the few examples per cue word carry over to the others.
CUE_REPEAT = 6
# Each word's consonant skeleton ("s:") and the skeletons of each pair of words ("t:") let a Tunisian sentence in
# one script teach the model the other ("nekri" and "نكري" are both "nkr"), and merge spelling variants in every
# language. Chosen by grouped cross-validation (nlp/data/README.md, issue 21): macro F1 / must-not-answer answered
# 0.869 / 1.5% -> 0.873 / 1.7% on 4 folds and 0.868 / 1.8% -> 0.876 / 1.4% on 5; single-word skeletons alone gave
# 0.870 / 1.5%, and adding the spelling key of products (nlp/spelling.py) as a feature 0.870 / 1.8%.


def word_features(word: str) -> list[str]:
    """Character 1-4-grams of the word padded with spaces (scikit-learn's char_wb), the word itself
    (marked so it never collides with a character n-gram), its skeleton and its cue features."""
    padded = f" {word} "
    length = len(padded)
    grams = [padded[start:start + size] for size in CHAR_SIZES for start in range(length - size + 1)]
    grams.append("w:" + word)
    consonants = skeleton(word)
    if consonants:
        grams.append("s:" + consonants)
    grams.extend(word_cues(word) * CUE_REPEAT)
    return grams


def pair_features(pair: tuple[str, str]) -> list[str]:
    """The word bigram of two neighbouring words and, when both have one, the bigram of their skeletons."""
    first, second = pair
    found = [f"b:{first} {second}"]
    first_skeleton, second_skeleton = skeleton(first), skeleton(second)
    if first_skeleton and second_skeleton:
        found.append(f"t:{first_skeleton} {second_skeleton}")
    return found


# Words under a negation are features of their own ("n:"), so "never disappoint" and "personne ne vous arrive à la
# cheville" stop reading as complaints. Wider than the lexicon's negators (nlp/sentiment.py), which only cancel the
# word right after them: "no", "ma", "لا" also open a complaint ("ma wselnich"). Chosen by grouped cross-validation
# (nlp/data/README.md, issue 21): 0.900 / 1.1% -> 0.901 / 1.0% on 4 folds, 0.903 / 0.8% unchanged on 5, negative
# precision / recall 0.93 / 0.78 -> 0.94 / 0.78 and 0.95 / 0.80 -> 0.96 / 0.81.
NEGATION_WORDS = frozenset({"not", "never", "no", "t", "ne", "n", "pas", "jamais", "mouch", "mech", "mich", "ma",
                            "موش", "مش", "ما", "لا", "لم", "لن", "ليس"})
NEGATION_SCOPE = 3


def negated_features(words: list[str]) -> list[str]:
    """Each word within NEGATION_SCOPE words after a negator, marked: "never disappoint" is not "disappoint"."""
    return [f"n:{words[index]}" for start, word in enumerate(words) if word in NEGATION_WORDS
            for index in range(start + 1, min(start + 1 + NEGATION_SCOPE, len(words)))
            if words[index] not in NEGATION_WORDS and words[index].isalpha()]


def phrase_features(words: list[str]) -> list[str]:
    """The cue phrases of two or three words, repeated like the cue words, and the words under a negation."""
    return phrase_cues(words) * CUE_REPEAT + negated_features(words)


def sequence_features(words: list[str]) -> list[str]:
    """Word bigrams, skeleton bigrams and cue phrases: the features that span more than one word."""
    pairs = [feature for pair in zip(words, words[1:]) for feature in pair_features(pair)]
    return pairs + phrase_features(words)


def analyze(normalized: str) -> list[str]:
    """All features of a normalised comment (its tokens joined by spaces)."""
    words = normalized.split()
    grams = [gram for word in words for gram in word_features(word)]
    return grams + sequence_features(words)
