"""The two measured phases of bench/pipeline_bench.py and the warm-up before them: signed webhooks at a fixed rate,
then comments typed at the sandbox up to their private replies, counted at the sandbox (lost, duplicated)."""
from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections import Counter

from sqlalchemy import func, select

from app.database import session
from app.models import CommentLog, InboxEvent, PlannedAction
from bench.load import HttpClient, paced, percentile
from bench.shop import PRICE_QUESTIONS

TERMINAL_STATES = ("done", "failed", "held")
STALL_SECONDS = 15.0


def warm_up(shop, comments: int = 20, timeout: float = 120.0) -> float:
    """Answer a few comments first: each worker child builds its agent's matcher once (seconds); not measured."""
    started = time.time()
    ids = {shop.admin.comment(shop.post_id, PRICE_QUESTIONS[index % len(PRICE_QUESTIONS)],
                              author={"id": str(6_120_934_300_000_000 + index), "name": "Warm Up"})["id"]
           for index in range(comments)}
    if not _wait(lambda: ids <= set(_replies_by_comment(shop.admin.effects())), timeout):
        raise SystemExit(f"warm-up: the first {comments} comments got no private reply within {timeout:.0f} s")
    return time.time() - started


def measure_webhook(product, shop, args) -> dict:
    """Phase a: signed deliveries of one new comment each (not matching any intent: no Graph call follows),
    after one unmeasured second at the same rate: a server taking traffic has its database connections open,
    its statements prepared and its threads started; a cold one spends the first half second on that."""
    count, warm = int(args.webhook_rate * args.webhook_seconds), int(args.webhook_rate)
    bodies = [_signed_delivery(product.settings, shop, f"{shop.post_suffix}_{9_000_000_000 + index}")
              for index in range(warm + count)]
    client = HttpClient("127.0.0.1", product.web_port)

    def deliver(body: tuple[bytes, dict]):
        return lambda: client.request("POST", "/api/v1/webhooks/meta", *body)[0]

    paced([deliver(body) for body in bodies[:warm]], args.webhook_rate, args.client_threads)
    _drain(lambda: -_unprocessed(), 0, args.drain_seconds)
    bodies = bodies[warm:]

    cpu_before = product.cpu_seconds()
    started = time.time()
    timings = paced([deliver(body) for body in bodies], args.webhook_rate, args.client_threads)
    sent_seconds = time.time() - started
    cpu_sending = _cpu_ms_per(product, cpu_before, count)
    drained = _drain(lambda: -_unprocessed(), 0, args.drain_seconds)
    seconds = [timing.seconds for timing in timings]
    return {"count": count, "errors": sum(timing.status != 200 for timing in timings),
            "cpu_ms_while_sending": cpu_sending, "cpu_ms_per_comment": _cpu_ms_per(product, cpu_before, count),
            "rate": count / sent_seconds, "p50": percentile(seconds, 0.5), "p99": percentile(seconds, 0.99),
            "max": max(seconds), "lag_p99": percentile([t.started - t.due for t in timings], 0.99),
            "ingested_per_second": count / (time.time() - started) if drained else None}


def _signed_delivery(settings: dict, shop, comment_id: str) -> tuple[bytes, dict]:
    change = {"field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": comment_id,
                                         "post_id": shop.post_id, "parent_id": shop.post_id,
                                         "from": {"id": "6120934499999999", "name": "Bench Fan"},
                                         "created_time": int(time.time()), "message": "Bravo pour la collection"}}
    body = json.dumps({"object": "page", "entry": [{"id": shop.page_id, "time": int(time.time()),
                                                    "changes": [change]}]}).encode()
    signature = hmac.new(settings["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    return body, {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={signature}"}


def measure_pipeline(product, shop, args) -> dict:
    """Phase b: comments typed at the sandbox (which sends the webhooks), counted as private replies there."""
    client = HttpClient("127.0.0.1", product.sandbox_port)
    posted: dict[int, str] = {}

    def post_comment(index: int):
        body = json.dumps({"post_id": shop.post_id, "message": PRICE_QUESTIONS[index % len(PRICE_QUESTIONS)],
                           "from": {"id": str(6_120_934_400_000_000 + index), "name": f"Fan {index}"}}).encode()

        def call() -> int:
            status, answer = client.request("POST", "/__admin/comments", body, {"Content-Type": "application/json"})
            if status == 201:
                posted[index] = json.loads(answer)["id"]
            return status
        return call

    cpu_before, finished_before = product.cpu_seconds(), _finished_replies()
    timings = paced([post_comment(index) for index in range(args.comments)], args.rate, args.client_threads)
    settled = _drain(_finished_replies, finished_before + len(posted), args.drain_seconds)
    replies = _replies_by_comment(shop.admin.effects())
    latencies, last_reply = [], 0.0
    for index, comment_id in posted.items():
        times = replies.get(comment_id, [])
        if times:
            latencies.append(times[0] - timings[index].started)
            last_reply = max(last_reply, times[0])
    first_post = min(timing.started for timing in timings)
    unanswered = [comment_id for comment_id in posted.values() if not replies.get(comment_id)]
    return {"posted": len(posted), "post_errors": args.comments - len(posted), "settled": settled,
            "lost": len(unanswered), "lost_why": _why_unanswered(unanswered),
            "duplicated": sum(1 for comment_id in posted.values() if len(replies.get(comment_id, [])) > 1),
            "per_second": len(latencies) / (last_reply - first_post) if latencies else 0.0,
            "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
            "max": max(latencies, default=0.0), "cpu_ms_per_comment": _cpu_ms_per(product, cpu_before, len(posted))}


def _cpu_ms_per(product, before: dict[str, float], count: int) -> dict[str, float]:
    """CPU milliseconds per item of each process since `before`."""
    return {name: 1000 * (value - before.get(name, 0.0)) / max(count, 1)
            for name, value in product.cpu_seconds().items()}


def _why_unanswered(comment_ids: list[str]) -> Counter:
    """The product's own account of the comments that got no reply, from the furthest step each one reached."""
    session.rollback()
    steps = [(InboxEvent, lambda row: "stored, not decided" if row.processed_at is None else "decided, no log"),
             (CommentLog, lambda row: f"logged, not answered: {row.skip_reason}"),
             (PlannedAction, lambda row: f"private reply {row.state}: {row.error or ''}"[:120])]
    reasons = dict.fromkeys(comment_ids, "webhook never stored")
    for model, describe in steps:
        query = select(model).where(model.comment_id.in_(comment_ids))
        if model is PlannedAction:
            query = query.where(PlannedAction.kind == "private_reply")
        for row in session.scalars(query):
            reasons[row.comment_id] = describe(row)
    return Counter(reasons.values())


def _replies_by_comment(effects: list[dict]) -> dict[str, list[float]]:
    replies: dict[str, list[float]] = {}
    for effect in effects:
        if effect["kind"] == "private_reply":
            replies.setdefault(effect["comment_id"], []).append(effect["at"])
    return replies


def _unprocessed() -> int:
    session.rollback()
    return session.scalar(select(func.count()).select_from(InboxEvent).where(InboxEvent.processed_at.is_(None)))


def _finished_replies() -> int:
    session.rollback()
    return session.scalar(select(func.count()).select_from(PlannedAction).where(
        PlannedAction.kind == "private_reply", PlannedAction.state.in_(TERMINAL_STATES)))


def _drain(progress, target: int, seconds: float) -> bool:
    """Wait until progress() reaches target; give up after `seconds`, or sooner when it stops moving."""
    deadline = time.monotonic() + seconds
    last, moved_at = progress(), time.monotonic()
    while last < target and time.monotonic() < min(deadline, moved_at + STALL_SECONDS):
        time.sleep(0.5)
        current = progress()
        if current != last:
            last, moved_at = current, time.monotonic()
    return last >= target


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.25)
    return condition()
