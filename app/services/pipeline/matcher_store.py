"""This process's matchers, one per (agent version, page), following the page's catalogue changes without ever
building a product index on the comment path once the page has a matcher here.

A catalogue change raises the page's catalogue_version. The drain asks ready() first: the change is then read,
compared and indexed by a process of its own (catalogue_follower.py) whose answers threads of this one put in, first
the old matcher with the changed products layered on it (nlp/product_delta.py), then the new catalogue's full index
unless the layer is small enough to be kept (product_delta.kept: the next change is layered on the same full index);
the page's comments wait in the inbox until the first is in, and no comment of another page waits for any of it.
get() (the chat simulator, the replay) reads and layers a change at once and has the full index built by a process of
its own (index_builder.py). A change too large to layer keeps the old matcher answering until its full index is in.
Only a page's very first comment in a process builds on the comment path. Another page's matcher is never dropped
nor rebuilt by a change: entries are per page, and only the least recently used ones go when the store is full.
"""
from __future__ import annotations

import copy
import logging
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterator

from app.services.pipeline import index_builder
from nlp import Matcher, build_matcher, product_delta
from nlp.products import ProductIndex

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Current:
    """The matcher answering for `version` of the catalogue, and the full build it layers on (itself when full)."""
    version: int
    matcher: Matcher
    base: Matcher
    base_entries: dict
    intent_names: tuple[str, ...]


class MatcherStore:
    def __init__(self, size: int, build_index: Callable[[dict], ProductIndex] = index_builder.build):
        self.size = size
        self._build_index = build_index
        self._entries: OrderedDict = OrderedDict()
        # The latest catalogue version asked of each owner: an older build still waiting is skipped.
        self._wanted: dict = {}
        # A change too large to layer on a given full build: (version, that build), so the catalogue is not read again
        # for every comment; once another full build is in, the change is layered on it.
        self._too_large: dict = {}
        # Catalogue versions being read apart for ready(); and those whose reading apart failed, which get() reads
        # on the comment path again (its failure is then the comment's, counted and given up like any).
        self._following: dict = {}
        self._follow_failed: dict = {}
        self._lock = threading.Lock()
        # One build at a time: a build is computing, and two at once would only share the same cores.
        self._builder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matcher-build")
        # Waits for the first answer of a change read apart: a thread of its own, never behind a build.
        self._follower = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matcher-follow")

    def ready(self, owner, version: int, follow: Callable[[dict], Iterator[tuple]],
              touched: Callable[[int], set | None] | None = None,
              products: Callable[[set], dict] | None = None) -> bool:
        """Whether get() answers for catalogue `version` at once. A change whose record names the few products it
        touched (`touched(since version)`, then `products(named)` as they are now: catalogue_changes.py) is layered
        here and now. Any other is read, compared and indexed by a process of its own (`follow(base entries)`:
        catalogue_follower.py), whose layer a thread of this one puts in: False, and the drain leaves the page's
        comments to a later batch rather than have the other pages' comments wait for that work (0.5 to 1 s for
        20,000 products on a busy machine). A first build, and a change too large to layer (the old matcher
        answers), are ready."""
        with self._lock:
            current = self._entries.get(owner)
            if current is None or self._follow_failed.get(owner) == version or self._answered(owner, version):
                return True
            if self._following.get(owner, 0) >= version:
                return False
            followed = owner in self._following
        if not followed and touched is not None and self._layered_now(owner, current, version, touched, products):
            return True
        with self._lock:
            if self._following.get(owner, 0) >= version:
                return False
            self._following[owner] = version
        self._follower.submit(self._follow_apart, owner, current, version, follow)
        return False

    def _layered_now(self, owner, current: Current, version: int, touched: Callable[[int], set | None],
                     products: Callable[[set], dict]) -> bool:
        """The changes since the matcher's version layered on its full index from the products they touched, when
        each change has its record and those products with the ones already layered stay a layer that is kept
        (product_delta.kept): no follower, and the page's comment is decided in this batch."""
        changed = touched(current.version)
        if changed is None:
            return False
        if current.matcher is not current.base:
            changed |= current.matcher.products.changed  # the layer it answers with, relative to the same full index
        if not product_delta.kept(changed):
            return False
        layer = product_delta.LayeredIndex(current.base.products, changed, ProductIndex(products(changed)))
        self._put(owner, Current(version, _with_products(current.base, layer), current.base, current.base_entries,
                                 current.intent_names))
        return True

    def _follow_apart(self, owner, current: Current, version: int, follow: Callable[[dict], Iterator[tuple]]) -> None:
        """The child's first answer put in (the layered matcher, or the old one kept for a change too large); its
        full index taken in by the build thread. The answers are for the version the child read, `version` or a
        later one: a change read with the one before it needs no child of its own."""
        asked = version
        try:
            with self._lock:
                if self._answered(owner, version):
                    return  # an earlier change's child read this one too
            answers = follow(current.base_entries)
            first = next(answers)
            version = max(version, first[-1])
            if first[0] == "layer":
                layer = product_delta.LayeredIndex(current.base.products, first[1], first[2])
                self._put(owner, Current(version, _with_products(current.base, layer), current.base,
                                         current.base_entries, current.intent_names))
            with self._lock:
                if first[0] == "too_large":
                    self._too_large[owner] = (version, current.base)
                self._wanted[owner] = max(version, self._wanted.get(owner, 0))
                later = self._following.get(owner, 0) > version
            if later or (first[0] == "layer" and product_delta.kept(first[1])):
                # A later change waits to be read (an import, then a synonym): only its full index is built. A layer
                # small enough to be kept wants none: the child is stopped before it spends seconds building one.
                answers.close()
            else:
                self._builder.submit(self._take_full, owner, version, current, answers)
        except Exception:  # the database away, say: the comment path reads it again and fails as a comment does
            log.exception("following the catalogue of %s at version %s apart failed", owner, version)
            with self._lock:
                self._follow_failed[owner] = version
        finally:
            with self._lock:
                if asked <= self._following.get(owner, 0) <= version:  # not a later change's, still to be read
                    del self._following[owner]

    def _take_full(self, owner, version: int, current: Current, answers: Iterator[tuple]) -> None:
        try:
            with self._lock:
                if self._wanted.get(owner, 0) > version:
                    return  # a later change came meanwhile: its own full index follows
            _full, entries, index, _read = next(answers)
        except Exception:  # the layered or old matcher keeps answering
            log.exception("the full index of %s at catalogue version %s failed", owner, version)
            return
        finally:
            answers.close()
        matcher = _with_products(current.base, index)
        self._put(owner, Current(version, matcher, matcher, entries, current.intent_names), newest=True)

    def _answered(self, owner, version: int) -> bool:
        """Whether this process's matcher of `owner` answers catalogue `version` (under the lock)."""
        current = self._entries.get(owner)
        return current is not None and (current.version >= version or
                                        self._too_large.get(owner) == (version, current.base))

    def get(self, owner, version: int, intent_names: Callable[[], list[str]],
            catalogue: Callable[[], dict]) -> Matcher:
        """The matcher for `owner` (agent version and page) at catalogue `version`; the loaders are called only
        when this process has no matcher for the owner yet, or its catalogue changed."""
        with self._lock:
            current = self._entries.get(owner)
            if current is not None:
                self._entries.move_to_end(owner)
                if self._answered(owner, version):
                    return current.matcher
        if current is None:
            names, products = tuple(intent_names()), catalogue()
            matcher = build_matcher(list(names), products)
            self._put(owner, Current(version, matcher, matcher, product_delta.entries(products), names))
            return matcher
        return self._follow(owner, current, version, catalogue())

    def _follow(self, owner, current: Current, version: int, products: dict) -> Matcher:
        """The owner's matcher for a changed catalogue now (layered, or the old one), its full build started."""
        layered = product_delta.layered(current.base, current.base_entries, products)
        if layered is not None:
            self._put(owner, Current(version, layered, current.base, current.base_entries, current.intent_names))
        with self._lock:
            if layered is None:
                self._too_large[owner] = (version, current.base)
            if self._wanted.get(owner, 0) >= version:
                return layered or current.matcher  # its build is already coming
            self._wanted[owner] = version
            if layered is not None and product_delta.kept(layered.products.changed):
                return layered  # answers for good: no build behind it
        self._builder.submit(self._build, owner, version, current.base, current.intent_names, products)
        return layered or current.matcher

    def _build(self, owner, version: int, base: Matcher, names: tuple[str, ...], products: dict) -> None:
        with self._lock:
            if self._wanted.get(owner, 0) > version:
                return  # a later change came while this one waited: its own build follows
        try:
            matcher = _with_products(base, self._build_index(products))
        except Exception:  # a thread's failure is nobody's to catch: the layered or old matcher keeps answering
            log.exception("building the matcher of %s at catalogue version %s failed", owner, version)
            return
        # Unless a later change is already answering (its own build follows).
        self._put(owner, Current(version, matcher, matcher, product_delta.entries(products), names), newest=True)

    def _put(self, owner, current: Current, newest: bool = False) -> None:
        with self._lock:
            known = self._entries.get(owner)
            if newest and known is not None and known.version > current.version:
                return
            self._entries[owner] = current
            self._entries.move_to_end(owner)
            if current.matcher is current.base:
                self._too_large.pop(owner, None)  # a change too large for the old build is layered on this one
            while len(self._entries) > self.size:
                gone, _ = self._entries.popitem(last=False)
                for known in (self._wanted, self._too_large, self._follow_failed):
                    known.pop(gone, None)

    def __len__(self) -> int:
        return len(self._entries)


def _with_products(base: Matcher, products) -> Matcher:
    matcher = copy.copy(base)  # the intent model and the agent's intents are shared; only the products differ
    matcher.products = products
    return matcher
