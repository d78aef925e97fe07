import numpy as np

from nlp import arrays


def test_counted_gives_what_numpy_unique_gives_on_sorted_values():
    generator = np.random.default_rng(7)
    for size in (1, 2, 5, 300):
        ordered = np.sort(generator.integers(0, 12, size))
        distinct, counts = arrays.counted(ordered)
        expected_distinct, expected_counts = np.unique(ordered, return_counts=True)
        assert distinct.tolist() == expected_distinct.tolist()
        assert counts.tolist() == expected_counts.tolist()


def test_counted_on_nothing_is_nothing():
    distinct, counts = arrays.counted(np.array([], np.intp))
    assert len(distinct) == 0 and len(counts) == 0
