"""The --delays phase of bench/pipeline_bench.py: comments spread over three pages (immediate; exactly 3 s; exactly
5 s with a public reply), counted at the sandbox. For the delayed pages the figure is due-to-sent: from the private
reply's due time (its planned row) to the sandbox's record of the call, so the delay itself is not counted; for the
immediate page, posted-to-sent. With faults, the same figures for the comments posted after the last fault."""
from __future__ import annotations

import json
from calendar import timegm
from pathlib import Path

from sqlalchemy import select

from app.database import session
from app.models import PlannedAction, SocialPage
from bench.load import HttpClient, percentile
from bench.phases import _drain, _finished_replies, _replies_by_comment, post_under_faults
from bench.shop import PRICE_QUESTIONS, open_shop

# (label, delay in ms or None for immediate, public reply)
PAGES = (("immediate", None, False), ("exactly 3 s", 3000, False), ("exactly 5 s + public reply", 5000, True))
EXPIRED_LINES = ("expired in the queue unrun", "Discarding revoked task")


def open_delay_shops(settings: dict, sandbox_url: str, web_url: str) -> list[tuple[str, object]]:
    shops = []
    for label, delay_ms, public_reply in PAGES:
        shop = open_shop(settings, sandbox_url, web_url)
        page = session.scalars(select(SocialPage).where(SocialPage.external_id == shop.page_id)).one()
        if delay_ms is not None:
            page.delay_mode, page.delay_times_ms = "Exactly", [delay_ms]
        page.public_reply_enabled, page.public_reply_message = public_reply, "Merci, réponse en privé !"
        session.commit()
        shops.append((label, shop))
    return shops


def measure_delays(product, shops: list, args, faults=None) -> dict:
    """Post args.comments at args.rate round-robin over the pages (faults beside them when given), wait for every
    private reply, then each page's figures."""
    client = HttpClient("127.0.0.1", product.sandbox_port)
    posted: dict[int, tuple[str, str]] = {}  # index -> (page label, comment id)

    def post_comment(index: int):
        label, shop = shops[index % len(shops)]
        body = json.dumps({"post_id": shop.post_id, "message": PRICE_QUESTIONS[index % len(PRICE_QUESTIONS)],
                           "from": {"id": str(6_220_934_400_000_000 + index), "name": f"Fan {index}"}}).encode()

        def call() -> int:
            status, answer = client.request("POST", "/__admin/comments", body, {"Content-Type": "application/json"})
            if status == 201:
                posted[index] = (label, json.loads(answer)["id"])
            return status
        return call

    finished_before = _finished_replies()
    timings, injected = post_under_faults([post_comment(index) for index in range(args.comments)], args, faults)
    settled = _drain(_finished_replies, finished_before + len(posted), args.drain_seconds)
    replies = _replies_by_comment(shops[0][1].admin.effects())
    due = _due_times([comment_id for _label, comment_id in posted.values()])
    last_fault = injected[-1][0] if injected else None
    pages = {}
    for label, _shop in shops:
        figures, after = [], []
        for index, (page_label, comment_id) in posted.items():
            if page_label != label or not replies.get(comment_id):
                continue
            start = timings[index].started if due.get(comment_id) is None or label == PAGES[0][0] \
                else due[comment_id]
            figures.append(max(replies[comment_id][0] - start, 0.0))
            if last_fault is not None and timings[index].started >= last_fault:
                after.append(figures[-1])
        pages[label] = {"count": len(figures), "p50": percentile(figures, 0.5), "p99": percentile(figures, 0.99),
                        "max": max(figures, default=0.0), "after_fault_p99": percentile(after, 0.99) if after
                        else None}
    comment_ids = [comment_id for _label, comment_id in posted.values()]
    return {"posted": len(posted), "settled": settled, "pages": pages, "faults": [what for _at, what in injected],
            "lost": sum(1 for comment_id in comment_ids if not replies.get(comment_id)),
            "duplicated": sum(1 for comment_id in comment_ids if len(replies.get(comment_id, [])) > 1),
            "expired": _expired_in_logs(product.scratch)}


def _due_times(comment_ids: list[str]) -> dict[str, float]:
    """Each private reply's due time (epoch seconds; the rows keep naive UTC)."""
    session.rollback()
    rows = session.execute(select(PlannedAction.comment_id, PlannedAction.due_at).where(
        PlannedAction.comment_id.in_(comment_ids), PlannedAction.kind == "private_reply"))
    return {comment_id: timegm(due_at.timetuple()) + due_at.microsecond / 1e6 for comment_id, due_at in rows}


def _expired_in_logs(scratch: Path) -> int:
    """Beat messages the workers dropped unrun (each logs one line)."""
    return sum(sum(1 for line in path.read_text(errors="replace").splitlines() if EXPIRED_LINES[0] in line)
               for path in scratch.glob("*.log"))


def report_delays(args, result: dict) -> None:
    ms = 1000
    faults = f" under faults ({', '.join(result['faults'])})" if result["faults"] else ""
    print(f"(d) delays: {result['posted']} comments at {args.rate:.0f}/s over {len(result['pages'])} pages{faults}, "
          f"all finished {result['settled']}")
    for label, page in result["pages"].items():
        what = "posted->sent" if label == PAGES[0][0] else "due->sent"
        after = f", after the last fault p99 {page['after_fault_p99'] * ms:.0f} ms" \
            if page["after_fault_p99"] is not None else ""
        print(f"(d) {label}: {page['count']} replies, {what} p50 {page['p50'] * ms:.0f} ms p99 "
              f"{page['p99'] * ms:.0f} ms max {page['max'] * ms:.0f} ms{after}")
    delayed = [page["p99"] for label, page in result["pages"].items() if label != PAGES[0][0]]
    print(f"SUMMARY delays due->sent p99 {max(delayed, default=0.0) * ms:.0f} ms (goal < 2000) | beat messages "
          f"expired unrun {result['expired']} | lost={result['lost']} duplicated={result['duplicated']}")
