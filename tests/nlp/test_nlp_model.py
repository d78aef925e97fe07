"""The compact scorer must give exactly what scikit-learn gives, and the cache must serve the same model."""
import numpy as np

from nlp import normalize, training


def test_compact_model_scores_equal_scikit_learn_scores():
    # The export is what is checked, not the fit: every sixteenth training comment (all languages and intents) gives
    # the same kinds of vocabulary and classifiers to export, in a small part of the full fit's CPU.
    examples = training.read_jsonl(training.TRAIN_FILE)[::16]
    estimators = training.fit_estimators(examples, ["price", "delivery", "size"])
    compact = training.compact(estimators)
    texts = ["prix et livraison?", "بقداش", "9adeh soumha l robe el ka7la?", "what size for 60 kg", "merci 😍"]
    normalized = [normalize.normalize(text) for text in texts]
    matrix = estimators["vectorizer"].transform(normalized)
    for row, text in enumerate(normalized):
        scores = compact.calibrated_scores(compact.decisions(text.split()))
        for name, classifier in estimators["binary"].items():
            expected = classifier.predict_proba(matrix[row])[0, 1]
            assert np.isclose(scores[name], expected, atol=1e-4), (text, name)
        assert compact.language(compact.decisions(text.split())) == estimators["languages"].predict(matrix[row])[0]


def test_two_builds_of_the_same_data_are_the_same_model():
    # A machine that builds the model again must get the one every figure and test was measured on: unseeded, the
    # SVM's solver visited the rows in another order each time and the weights differed from one build to the next.
    examples = training.read_jsonl(training.TRAIN_FILE)[::16]
    first, second = (training.compact(training.fit_estimators(examples, ["price", "delivery"])) for _ in range(2))
    assert np.array_equal(first.weights, second.weights) and np.array_equal(first.intercepts, second.intercepts)
    assert first.calibrated == second.calibrated


def test_model_is_cached_by_data_and_code_and_reloads_identically(model, tmp_path):
    path = training.cache_dir() / f"model-{training.cache_key()}.pkl"
    assert path.exists()
    reloaded = type(model).load(path)
    words = normalize.tokens("dispo en noir ? combien la livraison")
    assert reloaded.calibrated_scores(reloaded.decisions(words)) == model.calibrated_scores(model.decisions(words))


def test_cache_key_changes_with_the_training_data(tmp_path):
    changed = tmp_path / "train.jsonl"
    changed.write_bytes(training.TRAIN_FILE.read_bytes() + b'{"text": "x", "lang": "en", "intents": []}\n')
    assert training.cache_key(changed) != training.cache_key()
