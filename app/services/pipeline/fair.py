"""Fair draining: one page's comments, or one slow matcher, never hold the other pages' comments of a batch.

- A batch is taken from the inbox round-robin across pages: each page's oldest comment, then each page's second, and
  so on, so a page with a thousand waiting comments takes one slot in each round like a page with one.
- Each page has a share of a batch's time (PAGE_SECONDS). A page past it decides nothing more in that batch: its
  comments not reached stay in the inbox, the page is set aside by this process's general drains for ASIDE_SECONDS,
  and its own task (ingest.drain_page) carries on with them. The other pages' comments of the batch are decided.
- A batch stops deciding after BATCH_SECONDS whoever spent them: what is left is read again by the next batch.

So a page costs the others of a batch at most one comment's decision past its share (at worst the first build of
its matcher in that process, seconds for a catalogue of 20,000 products), once per ASIDE_SECONDS per process.
"""
from __future__ import annotations

import time
from collections import defaultdict

from sqlalchemy import func, select

from app import queue
from app.database import session
from app.models import InboxEvent

PAGE_SECONDS = 0.5
BATCH_SECONDS = 2.0
ASIDE_SECONDS = 10.0
_aside_until: dict[str, float] = {}


def set_aside() -> set[str]:
    """The pages (external ids) this process's general drains leave to their own task for now."""
    now = time.monotonic()
    for page in [page for page, until in _aside_until.items() if until <= now]:
        del _aside_until[page]
    return set(_aside_until)


def round_robin_ids(limit: int, failed: set[int], page: str | None, aside: set[str]) -> list[int]:
    """Up to `limit` unprocessed comments, round-robin across pages (rank of a comment in its page's queue, then
    age). Read without locks (window functions take none); the caller locks what it can of them."""
    rank = func.row_number().over(partition_by=InboxEvent.page_external_id,
                                  order_by=(InboxEvent.received_at, InboxEvent.id)).label("rank")
    waiting = select(InboxEvent.id, InboxEvent.received_at, rank).where(InboxEvent.processed_at.is_(None))
    if failed:
        waiting = waiting.where(InboxEvent.id.not_in(failed))
    if page is not None:
        waiting = waiting.where(InboxEvent.page_external_id == page)
    if aside:
        waiting = waiting.where(InboxEvent.page_external_id.not_in(aside))
    waiting = waiting.subquery()
    return list(session.scalars(select(waiting.c.id).order_by(waiting.c.rank, waiting.c.received_at, waiting.c.id)
                                .limit(limit)))


class Shares:
    """The time each page spent in the current batch, and the pages that went past their share."""

    def __init__(self):
        self.started = time.monotonic()
        self.spent: dict[str, float] = defaultdict(float)
        self.slow: set[str] = set()

    def may_decide(self, page: str) -> bool:
        return page not in self.slow and time.monotonic() < self.started + BATCH_SECONDS

    def spend(self, page: str, since: float) -> None:
        self.spent[page] += time.monotonic() - since
        if self.spent[page] > PAGE_SECONDS:
            self.slow.add(page)


def hand_over(slow: set[str], own_page: str | None) -> None:
    """The slow pages of a general drain's batch carry on in their own task; a page's own drain keeps its page."""
    for page in slow - {own_page}:
        if page not in _aside_until:
            queue.enqueue(queue.INGEST_PAGE, page)
        _aside_until[page] = time.monotonic() + ASIDE_SECONDS


def forget_aside() -> None:
    """Share batches with every page again (a test's pages reuse the sandbox's ids of the one before)."""
    _aside_until.clear()
