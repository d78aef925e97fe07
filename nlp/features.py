"""The n-gram features of a normalised comment. One function serves both scikit-learn at training time
(as the vectorizer's analyzer) and the compact scorer at run time, so both see exactly the same terms."""

CHAR_SIZES = (2, 3, 4, 5)


def char_ngrams(words: list[str]) -> list[str]:
    """Character 2-5-grams inside each word padded with spaces (scikit-learn's char_wb)."""
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
    return char_ngrams(words) + word_ngrams(words)
