"""A page's full product index built in a process of its own, at the lowest CPU priority, and handed back pickled
(`python -m app.services.pipeline.index_builder` reads the catalogue on stdin and writes the index on stdout).

Built in a thread of the worker's own process, the index (about 0.65 s of Python for a catalogue of 20,000 products,
more on a busy machine) held the interpreter's lock: the drain deciding the other pages' comments and the sender
writing their outcomes waited for it between any two of their statements, so a catalogue import of one tenant
showed in another tenant's reply times. Out of process, the worker only pickles the catalogue and unpickles the index
(about a tenth of the build), and the build's CPU goes last on a busy machine (nice 19).
"""
from __future__ import annotations

import io
import logging
import os
import pickle
import subprocess
import sys

from app.config import ROOT

# The matching engine is imported where it is used: the catalogue follower imports this module, and a follower that
# copies another one's answers (follower_sharing.py) needs none of it.
log = logging.getLogger(__name__)
NICENESS = 19
# Far above a build of the largest catalogue at nice 19 on a busy machine; past it the build is made in-process.
TIMEOUT_SECONDS = 300


def build(catalogue: dict):
    """The catalogue's full index (nlp.products.ProductIndex), built by a child process; in this process if the child
    cannot run or fails."""
    from nlp.products import ProductIndex

    try:
        done = subprocess.run([sys.executable, "-m", __name__], input=pickle.dumps(catalogue, pickle.HIGHEST_PROTOCOL),
                              capture_output=True, timeout=TIMEOUT_SECONDS, check=True, cwd=ROOT)
        return unpickled(io.BytesIO(done.stdout))
    except (OSError, subprocess.SubprocessError, pickle.UnpicklingError, EOFError) as error:
        stderr = getattr(error, "stderr", None) or b""
        log.warning("the product index builder process failed (%s %s); building in this process", error,
                    stderr.decode(errors="replace")[-500:])
        return ProductIndex(catalogue)


def unpickled(stream):
    """The next object pickled on `stream`, unpickled with the collector paused and the interpreter handed over between
    two reads. pickle.load holds the interpreter's lock from start to end: a full index of 20,000 products, 0.1 s at
    best and 0.25 to 0.5 s with the collector's passes, kept every other thread of the worker (the drain deciding
    other pages' comments) waiting that long."""
    from nlp import garbage_collector

    with garbage_collector.paused():
        return pickle.Unpickler(_HandingOver(stream)).load()


class _HandingOver:
    """`stream` read through Python calls. A thread running Python code gives the lock to a thread that has waited for
    it 5 ms (sys.getswitchinterval), at the next call: once a pickle frame (64 KB) here, where pickle's reads on a
    file object are C calls that never do."""

    def __init__(self, stream):
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        return self._stream.read(size)

    def readinto(self, buffer) -> int:
        return self._stream.readinto(buffer)

    def readline(self) -> bytes:
        return self._stream.readline()


def main() -> None:
    from nlp.products import ProductIndex

    os.setpriority(os.PRIO_PROCESS, 0, NICENESS)
    catalogue = pickle.load(sys.stdin.buffer)
    sys.stdout.buffer.write(pickle.dumps(ProductIndex(catalogue), pickle.HIGHEST_PROTOCOL))


if __name__ == "__main__":
    main()
