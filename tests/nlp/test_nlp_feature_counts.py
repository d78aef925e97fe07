"""The models count their training features with nlp/feature_counts.py instead of scikit-learn's vectorizers: the
vocabulary and the matrix must be scikit-learn's to the last stored number, in the same order (liblinear adds a row's
values in the order they are stored, so another order would make another model)."""
import numpy as np
from sklearn.feature_extraction.text import CountVectorizer

from nlp import feature_counts, features, moderation, moderation_training, normalize, training

SAMPLE = training.read_jsonl(training.TRAIN_FILE)[::20]


def same_vocabulary(ours: dict, theirs: dict) -> bool:
    """The same features, numbers and order (a helper, so a failure does not diff two lists of 30,000 pairs)."""
    return list(ours.items()) == list(theirs.items())


def same_matrix(ours, theirs) -> bool:
    return all(np.array_equal(getattr(ours, part), getattr(theirs, part)) for part in ("indptr", "indices", "data")) \
        and ours.dtype == theirs.dtype and ours.shape == theirs.shape


def test_intent_features_are_counted_as_scikit_learn_counts_them():
    texts = [normalize.normalize(example["text"]) for example in SAMPLE]
    vectorizer = CountVectorizer(analyzer=features.analyze, min_df=training.MIN_DF, dtype=np.float32)
    theirs = vectorizer.fit_transform(texts)
    words = [text.split() for text in texts]
    vocabulary, ours = feature_counts.counted(((each, features.sequence_features(each)) for each in words),
                                              features.word_features, training.MIN_DF, np.float32)
    assert same_vocabulary(vocabulary, vectorizer.vocabulary_)
    assert same_matrix(ours, theirs)


def test_abuse_features_are_counted_as_scikit_learn_counts_them():
    texts = [example["text"] for example in SAMPLE]
    tokens = [moderation_training.tokens_read(text) for text in texts]
    vectorizer = CountVectorizer(analyzer=moderation.features, min_df=moderation_training.MIN_COUNT)
    theirs = vectorizer.fit_transform(tokens)
    vocabulary, ours = feature_counts.counted(((each, moderation.pair_features(each)) for each in tokens),
                                              moderation.word_features, moderation_training.MIN_COUNT)
    assert same_vocabulary(vocabulary, vectorizer.vocabulary_)
    assert same_matrix(ours, theirs)


def test_the_fitted_vectorizer_transforms_comments_into_the_rows_it_was_fitted_on():
    vectorizer, matrix = training.tf_idf(SAMPLE)
    again = vectorizer.transform([normalize.normalize(example["text"]) for example in SAMPLE])
    assert again.shape == matrix.shape and abs(again - matrix).max() < 1e-6
