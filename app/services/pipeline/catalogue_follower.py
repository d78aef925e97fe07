"""A page's changed catalogue read, compared and indexed by a process of its own at the lowest priority
(`python -m app.services.pipeline.catalogue_follower`), for the drain's matchers (matcher_store.MatcherStore.ready).

Done by a thread of the worker, that work shared the worker's CPU and its interpreter's lock with the drain: while
20,000 products (80,000 rows) were read and compared with the matcher's, the batches of the other pages' comments in
that process took 0.3 to 0.8 s instead of 0.03 to 0.06 s (bench/noisy_neighbour.py, load average 7). The child reads
the catalogue on a connection of its own and writes two answers on stdout, pickled: first the change as a layer on
the old index (the changed products and their small index, nlp/product_delta.py) or ("too_large",); then the new
catalogue's entries and full index. The worker only unpickles them (index_builder.unpickled).
"""
from __future__ import annotations

import functools
import logging
import os
import pickle
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from types import SimpleNamespace

from app.services.pipeline import follower_sharing
from app.services.pipeline.index_builder import NICENESS, ROOT, unpickled

log = logging.getLogger(__spec__.name)  # its module's name, also when run with -m
# The page's comments wait for the first answer: below the worker's own processes, above the full build.
FIRST_NICENESS = 10


def follow(database_url: str, page_id: int, page_born: datetime, version: int,
           base_entries: dict) -> Iterator[tuple]:
    """The child's answers in turn: ("layer", changed, delta index, V) or ("too_large", V), then ("full", entries,
    index, V), for the page's catalogue at version V, `version` or later. Closing the iterator early stops the
    child."""
    child = subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             cwd=ROOT)  # its errors go to the worker's own log
    try:
        entries = pickle.dumps(base_entries, pickle.HIGHEST_PROTOCOL)
        child.stdin.write(pickle.dumps((database_url, page_id, page_born.isoformat(), version, entries),
                                       pickle.HIGHEST_PROTOCOL))
        child.stdin.close()
        for _ in range(2):
            try:
                child.stdout.peek(1)  # the answer begun: the collector is paused only while it is read
                yield unpickled(child.stdout)
            except EOFError:
                raise ChildProcessError(f"the catalogue follower of page {page_id} ended with {child.wait()}") \
                    from None
    finally:
        child.kill()  # done (it exits by itself) or no longer wanted
        child.wait()
        child.stdout.close()


def main() -> None:
    os.setpriority(os.PRIO_PROCESS, 0, FIRST_NICENESS)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    database_url, page_id, page_born, version, entries = pickle.load(sys.stdin.buffer)
    catalogue = _Catalogue(database_url, page_id, version)
    change = follower_sharing.Change.of_this_host(database_url, page_id, page_born, lambda: catalogue.found) or \
        follower_sharing.Alone()
    out = sys.stdout.buffer
    out.write(change.layer(entries, lambda: _layer(catalogue, entries)))
    out.flush()
    os.setpriority(os.PRIO_PROCESS, 0, NICENESS)  # the old or layered matcher answers meanwhile
    out.write(change.full(lambda: _full(catalogue)))
    out.flush()


class _Catalogue:
    """The page's catalogue, read when an answer is first made here, and the version it was read at."""

    def __init__(self, database_url: str, page_id: int, version: int):
        self.database_url, self.page_id, self.asked = database_url, page_id, version

    @functools.cached_property
    def found(self) -> int:
        """The page's catalogue version as this follower starts, the one asked or a later one: the change it shares
        with the host's other followers (follower_sharing). The followers of an import and of a synonym added a moment
        after it, started apart, both find the synonym's and read the catalogue once between them."""
        from app.database import init_engine, session

        init_engine(self.database_url)
        found = _version(self.page_id)
        session.remove()
        return max(self.asked, found or 0)

    @functools.cached_property
    def read(self) -> tuple[int, dict]:
        """(version, products). A change raises the version in the transaction that makes it: the same version
        before and after the read (each statement sees what is committed when it runs) means that no change came in
        between, and the answers are that version's. A later one than asked (an import, then a synonym a moment
        later) spares the worker a follower for it (matcher_store.MatcherStore)."""
        from app.database import init_engine, session
        from app.services.catalogue_read import page_catalogue

        init_engine(self.database_url)
        before = _version(self.page_id)
        products = page_catalogue(self.page_id)
        version = before if before is not None and _version(self.page_id) == before else self.asked
        session.remove()
        return version, products


def _version(page_id: int) -> int:
    from sqlalchemy import select

    from app.database import session
    from app.models import SocialPage

    return session.scalar(select(SocialPage.catalogue_version).where(SocialPage.id == page_id))


def _layer(catalogue: _Catalogue, entries: bytes) -> bytes:
    from nlp import product_delta

    version, products = catalogue.read
    # layered() only copies the matcher it is given and reads its `products`: the worker's index is not needed here.
    layered = product_delta.layered(SimpleNamespace(products=None), pickle.loads(entries), products)
    first = ("too_large",) if layered is None else ("layer", layered.products.changed, layered.products.delta)
    return pickle.dumps((*first, version), pickle.HIGHEST_PROTOCOL)


def _full(catalogue: _Catalogue) -> bytes:
    from nlp import product_delta
    from nlp.products import ProductIndex

    started = time.monotonic()
    version, products = catalogue.read
    full = pickle.dumps(("full", product_delta.entries(products), ProductIndex(products), version),
                        pickle.HIGHEST_PROTOCOL)
    log.info("page %s at catalogue version %s: full index built in %.1f s", catalogue.page_id, version,
             time.monotonic() - started)
    return full


if __name__ == "__main__":
    main()
