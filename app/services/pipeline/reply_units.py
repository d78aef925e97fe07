"""A drained batch's draw on its owners' monthly replies (app/services/billing/limits.py), taken as late as it can be.

The draw updates the owner's one counter row, which stays locked until the batch commits: two batches of the same
owner's comments, whichever worker or host runs them, wait for each other from that update to the commit. So the draw
is the batch's last statement before COMMIT (`take_all`), all of an owner's replies at once: the counter is held for
one round trip and the commit, not for the batch's writes (bench/README.md#scaleout_benchpy-workers-on-separate-hosts).
When an owner's plan has fewer replies left than the batch wants, nothing is drawn (PlanShort): the drain rolls the
batch back and decides it again with the replies drawn first (`take_first`), which grants what is left and refuses
the rest (plan_limit), so the plan is never overstepped and a rolled-back batch draws nothing.
"""
from __future__ import annotations

from collections import defaultdict

from app.services.billing import limits


class PlanShort(Exception):
    """An owner's plan had fewer replies left than the batch wanted: nothing was drawn."""


def take_all(decided: list) -> None:
    """Draw every answered comment's reply (Decided items, app/services/pipeline/drain.py), or raise PlanShort."""
    for owner_id, items in _wanting(decided):
        if not limits.take_all_replies(owner_id, len(items)):
            raise PlanShort(owner_id)


def take_first(decided: list) -> None:
    """Draw what each owner's plan has left for the batch; the comments past it are refused."""
    for owner_id, items in _wanting(decided):
        granted, refusal = limits.take_replies(owner_id, len(items))
        for item in items[granted:]:
            item.decision = item.decision.refused(refusal)


def _wanting(decided: list) -> list[tuple[int | None, list]]:
    """The answered comments by owner, in owner order: batches lock the counters in one order, never in a cycle."""
    wanting = defaultdict(list)
    for item in decided:
        if item.decision.answered:
            wanting[item.page.owner_id].append(item)
    return sorted(wanting.items(), key=lambda pair: (pair[0] is None, pair[0] or 0))
