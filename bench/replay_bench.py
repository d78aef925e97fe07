"""Replay benchmark: a page's 10,000 past comments replayed end to end (the start call until the result is kept),
through a real gunicorn, a real Celery worker on the `replay` queue and the Graph API sandbox; then the same while
the sandbox answers "rate limit" twice in a row every 1,000 comments read. Prints the times and comments/s.

    .venv/bin/python bench/replay_bench.py
    .venv/bin/python bench/replay_bench.py --comments 20000 --posts 40

The comments are written in the sandbox as the page's history (POST /__admin/comments/past: no webhook), drawn from
the sandbox's multilingual pool (questions, praise, tags) plus links and complaints. See bench/README.md.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import signal
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis  # noqa: E402
import requests  # noqa: E402

from bench import services  # noqa: E402
from sandbox import pool  # noqa: E402
from sandbox.admin_client import AdminClient  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/14"
DATABASE_NAME = f"autoreply_replay_bench_{os.getpid()}"
KEY_PREFIX = f"bench-replay-{os.getpid()}:"
GOAL_SECONDS = 30.0
INTENTS = {"delivery": "Livraison partout en 48 h.", "size": "Du 36 au 46.", "colors": "Noir, rouge et bleu."}
EXTRA = ["Promo ici https://spam.example/deal", "Service nul, arnaque, très déçue !"]


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--comments", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=20)
    parser.add_argument("--fault-every", type=int, default=1000,
                        help="comments read between two bursts of rate-limit answers in the second run")
    return parser.parse_args(argv)


class Product:
    """The sandbox, the web process and one worker on the replay queue, on a fresh database."""

    def __init__(self, scratch: Path):
        self.scratch = scratch
        self.database_url = services.fresh_database(DATABASE_NAME, scratch)
        self.sandbox_port, self.web_port = services.free_port(), services.free_port()
        self.sandbox_url = f"http://127.0.0.1:{self.sandbox_port}"
        self.web_url = f"http://127.0.0.1:{self.web_port}"
        self.env = {"APP_ENV": "development", "DATABASE_URL": self.database_url, "REDIS_URL": REDIS_URL,
                    "CELERY_KEY_PREFIX": KEY_PREFIX, "GRAPH_API_URL": self.sandbox_url,
                    "LOGIN_RATE_LIMIT": "10000 per minute"}
        self.processes: list[services.Service] = []

    def start(self) -> None:
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], self.env, self.scratch)
        if migrate.process.wait(timeout=120) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        self.processes = [
            services.python_service("sandbox", ["-m", "sandbox", "--port", str(self.sandbox_port), "--scenario",
                                                "empty"], self.env, self.scratch),
            services.python_service("web", ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", "gthread",
                                            "--threads", "4", "-b", f"127.0.0.1:{self.web_port}"],
                                    self.env, self.scratch),
            services.python_service("worker", ["-m", "workers", "worker", "-Q", "replay",
                                               "-P", "solo", "-c", "1", "--without-gossip", "--without-mingle",
                                               "--without-heartbeat", "-l", "WARNING"], self.env, self.scratch),
        ]
        services.wait_for(lambda: services.answers(self.sandbox_url + "/"), "the sandbox", services=self.processes)
        services.wait_for(lambda: services.answers(self.web_url + "/api/v1/config"), "the web process",
                          services=self.processes)

    def stop(self) -> None:
        for process in self.processes:
            process.stop()
        cache = redis.Redis.from_url(REDIS_URL)
        for key in cache.scan_iter(match=f"{KEY_PREFIX}*"):
            cache.delete(key)
        services.drop_database(self.database_url, DATABASE_NAME)


def api(product: Product, jwt: str | None, method: str, path: str, **kwargs):
    headers = {"Authorization": f"Bearer {jwt}"} if jwt else {}
    answer = requests.request(method, product.web_url + "/api/v1" + path, headers=headers, timeout=30, **kwargs)
    if not answer.ok:
        raise SystemExit(f"{method} {path} answered {answer.status_code}: {answer.text[:300]}")
    return answer.json()


def world(product: Product, args: argparse.Namespace) -> tuple[str, int, str]:
    """An owner on a paid plan, her connected page with its posts and past comments, and a generic agent of the
    page (it reads every post); returns the JWT, the agent id and the page id."""
    admin = AdminClient(product.sandbox_url, timeout=60)
    user = admin.user("Bench", "Owner")
    page = admin.page("Bench Boutique", [user["id"]])
    rng = random.Random(7)
    started = time.monotonic()
    per_post = args.comments // args.posts
    for number in range(args.posts):
        post = admin.post(f"Collection {number}", page_id=page["id"])
        comments = []
        for _ in range(per_post):
            text = rng.choice(EXTRA) if rng.random() < 0.04 else pool.random_comment(rng)[1]
            comments.append({"message": text, "from": {"id": str(rng.randint(10**9, 10**10)),
                                                       "name": rng.choice(pool.FAN_NAMES)}})
        admin.past_comments(post["id"], comments)
    print(f"sandbox: {per_post * args.posts:,} past comments on {args.posts} posts written in "
          f"{time.monotonic() - started:.1f} s")
    jwt = api(product, None, "POST", "/auth/login/facebook", json={"token": user["access_token"]})["token"]
    services.python_service("grant", ["-m", "app", "plans", "grant", user["id"], "Agencies"], product.env,
                            product.scratch).process.wait(timeout=60)
    assert api(product, jwt, "POST", "/secure/pages/connect/", json={"id": page["id"]}) is True
    api(product, jwt, "PUT", f"/secure/pages/preference/{page['id']}/facebook", json={"spam": True, "hideComment": True})
    agent_id = api(product, jwt, "POST", "/secure/project/add", json={"post": {
        "idPage": page["id"], "name": "Bench Boutique", "typePage": "facebook", "idPost": page["id"],
        "picture": None, "message": "", "status": "published", "published": True}})
    for intent, answer in INTENTS.items():
        api(product, jwt, "PUT", f"/secure/project/generiqueadd/{agent_id}",
            json={"intent": intent, "genericAnswer": answer})
    return jwt, agent_id, page["id"]


class RateLimits:
    """Two rate-limit answers in a row (code 32, the page's quota) for the page's next calls, each time the replay
    has read another `every` comments: the replay must wait them out and carry on."""

    def __init__(self, product: Product, page_id: str, every: int):
        self.admin, self.page_id, self.every, self.next_mark = AdminClient(product.sandbox_url), page_id, every, 0

    def follow(self, progress: dict) -> None:
        if progress["commentsRead"] >= self.next_mark:
            self.admin.fault("rate_limit", scope=self.page_id, code=32, count=2)
            self.next_mark += self.every


def replay(product: Product, jwt: str, agent_id: int, rate_limits: RateLimits | None = None) -> tuple[float, dict]:
    """Seconds from the start call until the replay's result is kept, and the replay."""
    started = time.monotonic()
    api(product, jwt, "POST", f"/secure/agents/{agent_id}/replays")
    while True:
        latest = api(product, jwt, "GET", f"/secure/agents/{agent_id}/replays/latest")["replay"]
        if latest["state"] != "running":
            elapsed = time.monotonic() - started
            if latest["state"] != "done":
                raise SystemExit(f"the replay ended {latest['state']}: {latest['error']}")
            return elapsed, latest
        if rate_limits:
            rate_limits.follow(latest["progress"])
        time.sleep(0.05)


def report(label: str, elapsed: float, result: dict, goal: bool = False) -> str:
    """One line of figures; the goal (under 30 s) is the plain replay's, the rate-limited one shows the slowdown."""
    summary, progress = result["summary"], result["progress"]
    verdict = f" (goal under {GOAL_SECONDS:.0f} s: {'met' if elapsed < GOAL_SECONDS else 'MISSED'})" if goal else ""
    line = (f"{label}: {progress['commentsRead']:,} comments read, {summary['decided']:,} decided in {elapsed:.2f} s "
            f"= {summary['decided'] / elapsed:,.0f} comments/s{verdict}; rate-limit answers met "
            f"{progress['rateLimited']}; would answer {summary['answered']:,}, hide {summary['hidden']:,}, "
            f"leave {summary['unanswered']:,}")
    print(line)
    return line


def main(argv=None) -> None:
    args = parse_args(argv)
    # Stopped by a TERM (a timeout), it still stops its processes and drops its database.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    product = Product(Path(tempfile.mkdtemp(prefix="replay-bench-")))
    try:
        product.start()
        jwt, agent_id, page_id = world(product, args)
        lines = [report("replay", *replay(product, jwt, agent_id), goal=True)]
        rate_limits = RateLimits(product, page_id, args.fault_every)
        label = f"replay, 2 rate-limit answers every {args.fault_every:,} comments"
        lines.append(report(label, *replay(product, jwt, agent_id, rate_limits)))
        print(f"\nSUMMARY (load average now {os.getloadavg()[0]:.2f})")
        for line in lines:
            print("   ", line)
    finally:
        product.stop()


if __name__ == "__main__":
    main()
