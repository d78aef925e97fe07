"""The product's Prometheus metrics: their definitions and the one-line calls the pipeline makes.

Counters and the histogram live in each process (web, worker children). When PROMETHEUS_MULTIPROC_DIR is set
before the process starts (gunicorn, celery worker), prometheus_client writes them to files in that directory and
`/metrics` (app/metrics_export.py) adds up every process of the host. The gauges that describe the queues are not
here: they are read from the database and Redis when scraped (app/services/backlog.py).

This module imports nothing of the project, so the Graph client, the services and the workers can all call it.
"""
from __future__ import annotations

from datetime import datetime, timezone

from prometheus_client import Counter, Histogram

PREFIX = "autoreply"

COMMENTS_RECEIVED = Counter(f"{PREFIX}_comments_received", "New comments stored in the inbox", ["source"])
COMMENTS_DECIDED = Counter(f"{PREFIX}_comments_decided", "Comments the workers decided (logged)")
COMMENTS_MATCHED = Counter(f"{PREFIX}_comments_matched", "Decided comments whose text matched an intent")
ACTIONS_SENT = Counter(f"{PREFIX}_actions_sent", "Graph API effects done, by kind (private_reply, public_reply, "
                                                 "like, hide)", ["kind"])
GRAPH_ERRORS = Counter(f"{PREFIX}_graph_errors", "Failed Graph API calls by Meta's error code (http_NNN when the "
                                                 "answer had none, network when nothing answered)", ["code"])
GRAPH_PACED = Counter(f"{PREFIX}_graph_paced_seconds", "Seconds Graph calls of pages near Meta's usage limit were "
                                                       "slept (waits put off as due times are not counted)")
DUE_TO_SENT = Histogram(f"{PREFIX}_action_due_to_sent_seconds", "From an action's due time to its Graph call "
                                                                "returning done", ["kind"],
                        buckets=(0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600))
COMMENTS_SET_ASIDE = Counter(f"{PREFIX}_comments_set_aside", "Comments never decided because taking them killed "
                                                             "their worker process again and again")
PERIODIC_EXPIRED = Counter(f"{PREFIX}_periodic_expired", "Beat messages dropped unrun because they waited past their "
                                                         "expiry (the next run reads the same table)", ["task"])


def comments_received(count: int, source: str) -> None:
    if count:
        COMMENTS_RECEIVED.labels(source=source).inc(count)


def comments_decided(decisions) -> None:
    """After a batch's commit: every decision counts, the matched ones twice (decided and matched)."""
    decisions = list(decisions)
    COMMENTS_DECIDED.inc(len(decisions))
    COMMENTS_MATCHED.inc(sum(1 for decision in decisions if decision.match.matched))


def action_outcome(outcome) -> None:
    """One claimed action's outcome (app/services/actions.Outcome): counted when done, with its delay."""
    if outcome.state != "done":
        return
    kind = outcome.action.kind
    ACTIONS_SENT.labels(kind=kind).inc()
    due_at = outcome.action.due_at
    if due_at is not None:
        now = datetime.now(timezone.utc).replace(tzinfo=None)  # the models store naive UTC
        DUE_TO_SENT.labels(kind=kind).observe(max((now - due_at).total_seconds(), 0.0))


def comment_set_aside() -> None:
    COMMENTS_SET_ASIDE.inc()


def periodic_expired(task: str) -> None:
    PERIODIC_EXPIRED.labels(task=task).inc()


def graph_paced(seconds: float) -> None:
    GRAPH_PACED.inc(seconds)


def graph_error(error) -> None:
    """A typed app.graph.GraphError, counted by Meta's code."""
    if error.code is not None:
        code = str(error.code)
    else:
        code = f"http_{error.status}" if error.status else "network"
    GRAPH_ERRORS.labels(code=code).inc()
