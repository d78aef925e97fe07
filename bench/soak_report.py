"""The soak's figures (bench/soak.py), counted from the outside once the traffic has drained: events in, replies
out, lost and duplicated at the sandbox, latencies, each process's memory over time, the processes' log errors,
and the product's own account of what it did not send."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import psutil
from sqlalchemy import text

from app.database import session
from bench.load import percentile
from bench.soak_traffic import Owners, Traffic
from tests.fixtures.effect_tally import tally

GROWTH_FLAG = 1.2  # last third's mean RSS over the first third's: above this, the process is flagged
EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Timeout)\b.*:")


def memory_report(samples: list[tuple[float, dict[str, int]]]) -> list[str]:
    names = sorted({name for _, sample in samples for name in sample})
    lines, third = [], max(1, len(samples) // 3)
    minutes = [int((at - samples[0][0]) // 60) for at, _ in samples]
    minute_marks = [sample for index, sample in enumerate(samples) if not index or minutes[index] != minutes[index - 1]]
    for name in names:
        series = [sample.get(name, 0) for _, sample in samples]
        first, last = _mean(series[:third]), _mean(series[-third:])
        growth = last / first if first else 0.0
        flag = "  GROWING" if growth > GROWTH_FLAG else ""
        timeline = " ".join(f"{sample.get(name, 0) / 2**20:.0f}" for _, sample in minute_marks)
        lines.append(f"memory {name}: peak {max(series) / 2**20:.0f} MiB, first third {first / 2**20:.0f} MiB, last "
                     f"third {last / 2**20:.0f} MiB (x{growth:.2f}){flag}; per minute (MiB): {timeline}")
    return lines


def _mean(values: list[int]) -> float:
    values = [value for value in values if value]
    return sum(values) / len(values) if values else 0.0


def log_errors(scratch: Path) -> list[str]:
    """Per log file: how many exceptions and warnings the process wrote, and the three most frequent (numbers cut)."""
    lines = []
    for path in sorted(scratch.glob("*.log")):
        text_lines = path.read_text(errors="replace").splitlines()
        problems = [line for line in text_lines if EXCEPTION_LINE.match(line) or "WARNING/" in line or "ERROR/" in line]
        if problems:
            shapes = Counter(re.sub(r"\d+", "N", line.split("] ", 1)[-1])[:160] for line in problems)
            lines.append(f"log {path.stem}: {len(problems)} exception or warning lines; most frequent: "
                         + " | ".join(f"({count}x) {shape}" for shape, count in shapes.most_common(3)))
    return lines


def measured(traffic: Traffic) -> list[str]:
    return [comment_id for comment_id in traffic.typed if comment_id not in traffic.warm_up]


def why_lost(comment_ids: list[str]) -> list[str]:
    """The product's own account of what it did not send: actions by kind, state and error."""
    session.rollback()
    rows = session.execute(text("SELECT kind, state, left(coalesce(error, ''), 90), count(*) FROM planned_actions "
                                "WHERE comment_id = ANY(:ids) AND state <> 'done' GROUP BY 1, 2, 3 ORDER BY 4 DESC"),
                           {"ids": comment_ids}).all()
    return [f"unsent: {count} x {kind} {state} {error}" for kind, state, error, count in rows[:10]]


def report(args, traffic: Traffic, owner: Owners, events: list, samples: list, waited: float, replays: bool) -> bool:
    """Prints the figures; True when nothing was lost or duplicated."""
    comment_ids = measured(traffic)
    counted = tally(traffic.admin.effects(), comment_ids, typed=traffic.typed)
    waits = {"immediate": [], "delayed": []}
    for comment_id in comment_ids:
        if comment_id in counted.replied_at:
            waits[traffic.page_of[comment_id]].append(counted.replied_at[comment_id] - traffic.typed[comment_id])
    replies_out = len(counted.replied_at)
    print(f"setup: {psutil.cpu_count()} cores, load average now "
          + " ".join(f"{value:.2f}" for value in psutil.getloadavg())
          + f"; {args.minutes:g} min at {args.rate:g} comments/s with {args.burst} every {args.burst_every:g} s; "
            f"a fault every {args.fault_every:g} min ({len(events)} faults)")
    print(f"events in: {len(comment_ids)} comments typed (type errors {traffic.type_errors}), "
          f"{len(traffic.webhook_seconds)} duplicate webhooks POSTed (statuses {dict(traffic.webhook_statuses)})")
    for kind, statuses in owner.statuses.items():
        print(f"owner {kind}: {dict(statuses)}")
    if not replays:
        print("owner replay: skipped (see the notice above)")
    print(f"replies out: {replies_out} private replies; drain after the traffic {waited:.0f} s")
    print(f"lost {counted.lost_total} {dict(counted.lost)}, duplicated {counted.duplicated_total} "
          f"{dict(counted.duplicated)}, stray effects {counted.stray}")
    print(f"webhook answer p50 {percentile(traffic.webhook_seconds, 0.5) * 1000:.0f} ms p99 "
          f"{percentile(traffic.webhook_seconds, 0.99) * 1000:.0f} ms; dashboard read p99 "
          f"{percentile(owner.read_seconds, 0.99) * 1000:.0f} ms")
    for name, values in waits.items():
        print(f"typed-to-private-reply ({name} page) p50 {percentile(values, 0.5):.1f} s p99 "
              f"{percentile(values, 0.99):.1f} s max {max(values, default=0):.1f} s")
    for line in memory_report(samples) + log_errors(traffic.product.scratch):
        print(line)
    if counted.lost_total and traffic.product.database_url.startswith("postgresql"):
        for line in why_lost(comment_ids):
            print(line)
    print(f"SUMMARY soak {args.minutes:g} min: in {len(comment_ids)} out {replies_out} lost {counted.lost_total} "
          f"duplicated {counted.duplicated_total} | webhook p99 {percentile(traffic.webhook_seconds, 0.99) * 1000:.0f}"
          f" ms | typed-to-reply p99 {percentile(waits['immediate'], 0.99):.1f} s (immediate) "
          f"{percentile(waits['delayed'], 0.99):.1f} s (delayed 3 s)")
    return not counted.lost_total and not counted.duplicated_total
