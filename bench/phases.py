"""The measured phases of bench/pipeline_bench.py and the warm-up before them: signed webhooks at a fixed rate, a
Celery no-op drain through the same worker (the yardstick the pipeline is compared to), then comments typed at the
sandbox up to their private replies, counted at the sandbox (lost, duplicated)."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
import uuid
from collections import Counter

import redis
from kombu.exceptions import OperationalError
from sqlalchemy import func, select

from app import queue, redis_keys
from app.celery_factory import make_celery
from app.config import DEFAULTS
from app.database import session
from app.models import CommentLog, InboxEvent, PlannedAction
from app.services.pipeline import actions
from bench.load import HttpClient, paced, percentile
from bench.shop import PRICE_QUESTIONS

TERMINAL_STATES = ("done", "failed", "held")
# A reply whose worker was killed mid-call stays `sending` until the stuck-sending sweep resolves it: the wait for
# progress covers that horizon, else a faults run stops counting before the product has finished its records.
STALL_SECONDS = float(DEFAULTS["STUCK_SENDING_SECONDS"]) + 2 * float(DEFAULTS["SWEEP_INTERVAL"])


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


# Celery's own built-in task, registered in every app: it returns its arguments and does nothing else.
NOOP_TASK = "celery.accumulate"


def measure_noop_drain(product, tasks: int, timeout: float = 180.0) -> dict:
    """Phase n: `tasks` no-op Celery tasks queued first on a queue of their own, then drained by the product's worker
    (same Redis, same settings: prefork -c 2, late acks, prefetch 1), which is told to consume that queue. A ping
    queued behind them says when the last one ran. What the machine can do per second for Celery alone, right now:
    the pipeline's throughput is printed as a ratio to it, which drifts far less than either figure."""
    celery = make_celery(product.settings)
    queue_name, token = f"bench-noop-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with celery.producer_or_acquire() as producer:
        for _ in range(tasks):
            celery.send_task(NOOP_TASK, queue=queue_name, producer=producer)
        celery.send_task(queue.PING, args=[token], queue=queue_name, producer=producer)
    answer = redis_keys.PING_ANSWER.format(token=token)
    cpu_before, started = product.cpu_seconds(), time.time()
    _tell_worker(celery, "add_consumer", queue_name)
    if not _wait(lambda: product.redis.exists(answer), timeout):
        raise SystemExit(f"no-op drain: {tasks} tasks not drained within {timeout:.0f} s")
    seconds = time.time() - started
    cpu = _cpu_ms_per(product, cpu_before, tasks)
    _tell_worker(celery, "cancel_consumer", queue_name)
    product.redis.delete(answer)
    return {"tasks": tasks, "seconds": seconds, "per_second": tasks / seconds, "cpu_ms_per_task": cpu}


def _tell_worker(celery, command: str, queue_name: str) -> None:
    """A remote control command; once more on a pooled connection that a Redis restart (--faults) closed."""
    try:
        getattr(celery.control, command)(queue_name, reply=True, timeout=5)
    except (redis.ConnectionError, OperationalError):
        getattr(celery.control, command)(queue_name, reply=True, timeout=5)


def measure_pipeline(product, shop, args, faults=None) -> dict:
    """Phase b: comments typed at the sandbox (which sends the webhooks), counted as private replies there.
    `faults(seconds)`, when given, runs beside the load and returns when (time.time()) and what it broke."""
    client = HttpClient(getattr(product, "sandbox_host", "127.0.0.1"), product.sandbox_port)
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
    timings, injected = post_under_faults([post_comment(index) for index in range(args.comments)], args, faults)
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
    recovery = _recovery(injected, posted, timings, replies, shop) if injected else None
    return {"posted": len(posted), "post_errors": args.comments - len(posted), "settled": settled,
            "lost": len(unanswered), "lost_why": _why_unanswered(unanswered),
            "duplicated": sum(1 for comment_id in posted.values() if len(replies.get(comment_id, [])) > 1),
            "per_second": len(latencies) / (last_reply - first_post) if latencies else 0.0,
            "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
            "max": max(latencies, default=0.0), "cpu_ms_per_comment": _cpu_ms_per(product, cpu_before, len(posted)),
            "recovery": recovery}


def post_under_faults(calls: list, args, faults=None) -> tuple[list, list[tuple[float, str]]]:
    """Make the calls at args.rate, with `faults(seconds)` beside them when given; the calls' timings and what the
    faults broke, when (time.time())."""
    injected: list[tuple[float, str]] = []
    injector = threading.Thread(target=lambda: injected.extend(faults(args.comments / args.rate))) if faults \
        else None
    if injector:
        injector.start()
    timings = paced(calls, args.rate, args.client_threads)
    if injector:
        injector.join()
    return timings, injected


def _recovery(injected: list[tuple[float, str]], posted: dict[int, str], timings, replies: dict, shop) -> dict:
    """Under faults: the overhead of comments posted after the last fault, when the last reply came relative to
    the end of the load, and what was repeated at the Graph API (likes seen twice at the sandbox, private replies
    the product had to recover as sent by an earlier attempt, calls made more than once)."""
    last_fault, last_post = injected[-1][0], max(timing.started for timing in timings)
    after = [replies[comment_id][0] - timings[index].started for index, comment_id in posted.items()
             if timings[index].started >= last_fault and replies.get(comment_id)]
    firsts = [times[0] for comment_id, times in replies.items() if comment_id in set(posted.values())]
    session.rollback()
    repeated = dict(session.execute(select(PlannedAction.kind, func.sum(PlannedAction.attempts - 1))
                                    .group_by(PlannedAction.kind)).all())
    earlier = session.scalar(select(func.count()).select_from(PlannedAction).where(
        PlannedAction.error == actions.EARLIER_ATTEMPT))
    likes = [effect for effect in shop.admin.effects() if effect["kind"] == "like"]
    return {"faults": [what for _at, what in injected], "after_count": len(after),
            "after_p50": percentile(after, 0.5), "after_p99": percentile(after, 0.99),
            "settled_after_load": max(firsts, default=last_post) - last_post,
            "repeated_calls": repeated, "earlier_attempt": earlier,
            "likes_twice": sum(1 for effect in likes if effect.get("repeat"))}


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


def _wait(condition, seconds: float, every: float = 0.02) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()
