"""The catalogue followers' answers shared by the worker children of one host (catalogue_follower.py).

Each worker child that drains a page's comments follows the page's catalogue change with a process of its own: with
two children, tenant A's import of 20,000 products was read, compared, indexed and pickled twice, about 3 s of CPU
each, beside the other tenants' comments (bench/noisy_neighbour.py). The worker's parent makes a folder for its
children's followers (FOLDER_ENV, set before the pool's children are forked). A follower writes each answer there
(the layer for the matcher entries it was given, the change's full index), and a follower of the same change waits
for the one at work and copies its answers instead of doing the work again:

- the first follower of a change (page, the catalogue version it finds as it starts, the one asked or a later one)
  takes the change's lock and holds it until its full index is written; the others wait for that lock, then copy the
  full index (or build it, if the first one was stopped);
- a layer is shared by the followers given the same entries (a digest of them): its lock is held while it is made.

Nobody waits for the change's lock while holding a layer's, so no two followers wait for each other. The answers are
needed only while the children's followers run: files older than KEEP_SECONDS go when a full index is written.
"""
from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger(__name__)
FOLDER_ENV = "CATALOGUE_FOLLOWERS_DIR"
KEEP_SECONDS = 300


def open_folder() -> None:
    """The folder this worker's children's followers share (called by the worker's parent before it forks them)."""
    os.environ[FOLDER_ENV] = tempfile.mkdtemp(prefix="catalogue-followers-")


def close_folder() -> None:
    folder = os.environ.pop(FOLDER_ENV, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def name(database_url: str, page_id: int, page_born: str, version: int) -> str:
    """What a change's files are named by. SQLite reuses a page's id: its row's creation tells two pages apart."""
    where = hashlib.blake2b(f"{database_url}|{page_born}".encode(), digest_size=8).hexdigest()
    return f"{page_id}.{version}.{where}"


class Change:
    """One catalogue change's answers in the shared folder: (page, its row's creation, version, database)."""

    def __init__(self, folder: Path, database_url: str, page_id: int, page_born: str, version: int):
        self.folder = folder
        self.name = name(database_url, page_id, page_born, version)
        # The first follower of the change takes its lock here and makes the full index; released when it ends.
        self._change_lock = open(folder / f"{self.name}.lock", "wb")
        try:
            fcntl.flock(self._change_lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pass  # another follower holds it: full() waits for its answer

    @classmethod
    def of_this_host(cls, database_url: str, page_id: int, page_born: str,
                     version: Callable[[], int]) -> "Change | None":
        """The change's shared answers, named by `version()`: read only when there is a folder to share."""
        folder = os.environ.get(FOLDER_ENV)
        if not folder or not os.path.isdir(folder):
            return None  # a follower started outside a worker (a test's drain): nothing to share
        try:
            return cls(Path(folder), database_url, page_id, page_born, version())
        except OSError as error:  # the folder no longer writable: this follower works alone
            log.warning("catalogue followers cannot share %s: %s", folder, error)
            return None

    def layer(self, entries: bytes, make: Callable[[], bytes]) -> bytes:
        """The layer on `entries` (pickled): another follower's, else made here and left for the others."""
        path = self.folder / f"{self.name}.{hashlib.blake2b(entries, digest_size=8).hexdigest()}.layer"
        with _locked(path.with_suffix(".layer-lock")):
            return _read(path) or _written(path, make())

    def full(self, make: Callable[[], bytes]) -> bytes:
        """The change's full index (pickled): once the first follower is done with it, its own; else made here."""
        fcntl.flock(self._change_lock, fcntl.LOCK_EX)  # at once for the first follower
        path = self.folder / f"{self.name}.full"
        answer = _read(path)
        if answer is not None:
            log.info("%s: full index taken from another follower of this host", self.name)
            return answer
        answer = _written(path, make())
        _forget_old(self.folder)
        return answer


class Alone:
    """A follower with no other follower to share with: it makes its answers."""

    def layer(self, _entries: bytes, make: Callable[[], bytes]) -> bytes:
        return make()

    def full(self, make: Callable[[], bytes]) -> bytes:
        return make()


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "wb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:  # not there (yet, or no more), or not readable: made here
        return None


def _written(path: Path, answer: bytes) -> bytes:
    """`answer`, left at `path` for the other followers when it can be (a full disk only costs them the work)."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(answer)
        os.replace(partial, path)  # whole or not there: a follower stopped midway leaves no half answer
    except OSError as error:
        log.warning("could not leave %s to the other catalogue followers: %s", path.name, error)
        partial.unlink(missing_ok=True)
    return answer


def _forget_old(folder: Path) -> None:
    too_old = time.time() - KEEP_SECONDS
    for path in folder.iterdir():
        try:
            if path.stat().st_mtime < too_old:
                path.unlink()
        except OSError:
            pass  # another follower removed it first, or it is not a file of ours
