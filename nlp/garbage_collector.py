"""The cyclic garbage collector paused while a large structure of acyclic objects is made (a product index built or
unpickled). Each of its passes over the whole process (the intent model's vocabulary, the other agents' indexes)
is paid again every few thousand new containers: a quarter of a 20,000-product build, and three quarters of the
same index's unpickling in a worker (0.1 s instead of 0.25 to 0.5 s)."""
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
