"""Counting on the small arrays of one comment: numpy's own np.unique and np.diff are Python wrappers whose
overhead costs more than the work on a few hundred numbers, so the hot paths (the model's features, the product
names a comment may hold) count runs of equal values directly."""
import numpy as np


def counted(ordered: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of a sorted array and how many times each occurs (np.unique with return_counts)."""
    size = len(ordered)
    edges = np.empty(size + 1, bool)
    edges[0] = edges[size] = True
    np.not_equal(ordered[1:], ordered[:-1], out=edges[1:size])
    starts = edges.nonzero()[0]
    return ordered.take(starts[:-1]), np.subtract(starts[1:], starts[:-1])
