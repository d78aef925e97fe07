"""The features of a normalised comment: character and word n-grams and intent cue words. One function serves both scikit-learn at training time
(as the vectorizer's analyzer) and the compact scorer at run time, so both see exactly the same terms."""

from nlp.keywords import cue_features

CHAR_SIZES = (1, 2, 3, 4)
# A comment yields a few cue features against a hundred character n-grams; repeating each cue (sublinear
# tf makes 6 repeats weigh 1 + ln 6, about 2.8) lets the few examples per cue word carry over to the others.
CUE_REPEAT = 6


def char_ngrams(words: list[str]) -> list[str]:
    """Character 1-4-grams inside each word padded with spaces (scikit-learn's char_wb)."""
    grams = []
    extend = grams.extend
    for word in words:
        padded = f" {word} "
        length = len(padded)
        for size in CHAR_SIZES:
            if size > length:
                break
            extend([padded[start:start + size] for start in range(length - size + 1)])
    return grams


def word_ngrams(words: list[str]) -> list[str]:
    """Word unigrams and bigrams, marked so they never collide with character n-grams."""
    unigrams = ["w:" + word for word in words]
    bigrams = [f"b:{first} {second}" for first, second in zip(words, words[1:])]
    return unigrams + bigrams


def analyze(normalized: str) -> list[str]:
    """All features of a normalised comment (its tokens joined by spaces)."""
    words = normalized.split()
    return char_ngrams(words) + word_ngrams(words) + cue_features(words) * CUE_REPEAT
