"""Dashboard benchmark: 1,000,000 log events over 50 pages and 5,000 posts in PostgreSQL, both dashboard calls
through HTTP to a real gunicorn, cold (Redis cache empty) and warm; prints the latencies and the PostgreSQL plans.

    .venv/bin/python bench/dashboard_bench.py
    .venv/bin/python bench/dashboard_bench.py --events 200000 --warm-calls 1000

The data is written by PostgreSQL itself (INSERT ... SELECT over generate_series), so loading a million events takes
seconds, not an ORM loop. See bench/README.md for what is measured and the figures.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis  # noqa: E402
from sqlalchemy import text  # noqa: E402
from sqlalchemy.dialects import postgresql  # noqa: E402

from app.database import init_engine, session  # noqa: E402
from app.models import SocialPage, User  # noqa: E402
from app.services import dashboard  # noqa: E402
from bench import services  # noqa: E402
from bench.load import HttpClient, percentile  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/14"
DATABASE_NAME = f"autoreply_dashboard_bench_{os.getpid()}"
KEY_PREFIX = f"bench-dashboard-{os.getpid()}:"
INTENTS = ("price", "availability", "delivery", "size", "colors", "location", "payment methods", "order",
           "promo/sales", "opening hours", "contact", "booking", "dimensions", "material / model", "quiz")
PERIODS = tuple(dashboard.PERIODS)
DAYS_OF_HISTORY = 90


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--posts", type=int, default=5_000)
    parser.add_argument("--warm-calls", type=int, default=3000, help="warm calls, spread over pages and periods")
    parser.add_argument("--web-threads", type=int, default=4)
    return parser.parse_args(argv)


def load(args: argparse.Namespace) -> tuple[int, list[str]]:
    """The owner of every page, the pages, their posts and the log events; returns the owner's id and the pages'
    network ids. Post k is on page k % pages; event i is on post i % posts, so each page has the same share."""
    owner = User(facebook_id="900000001", first_name="Bench", last_name="Owner")
    session.add(owner)
    session.flush()
    pages = [SocialPage(platform="facebook", external_id=str(800000000 + n), name=f"Bench page {n}",
                        owner_id=owner.id, is_connected=True) for n in range(args.pages)]
    session.add_all(pages)
    session.commit()
    first_page = pages[0].id
    started = time.monotonic()
    session.execute(text("""
        INSERT INTO posts (page_id, external_id, message, picture_url, permalink_url, type, published, created_time)
        SELECT :first_page + k % :pages, (800000000 + k % :pages) || '_' || k, 'Post ' || k,
               'https://picsum.photos/seed/' || k || '/400/300', 'https://www.facebook.com/' || k, 'photo', true,
               now() AT TIME ZONE 'utc' - (k % 90) * interval '1 day'
        FROM generate_series(0, :posts - 1) AS k"""), {"first_page": first_page, "pages": args.pages,
                                                       "posts": args.posts})
    # About 60 % matched, intents skewed (the first ones asked most), times spread over DAYS_OF_HISTORY days.
    session.execute(text("""
        INSERT INTO comment_logs (page_id, comment_id, post_external_id, message, success, intents, top_intent,
                                  products, buttons, publisher, negative, has_link, treated, created_at)
        SELECT :first_page + (i % :posts) % :pages, 'c' || i,
               (800000000 + (i % :posts) % :pages) || '_' || (i % :posts),
               'combien ?', m.matched,
               CASE WHEN m.matched THEN json_build_array(json_build_object('intent', m.intent, 'score', 0.9))
                    ELSE '[]'::json END,
               CASE WHEN m.matched THEN m.intent END,
               '[]', '[]', '{}', false, false, m.matched,
               now() AT TIME ZONE 'utc' - random() * interval '1 day' * :days
        FROM generate_series(0, :events - 1) AS i
        CROSS JOIN LATERAL (
            SELECT random() < 0.6 AS matched,
                   (CAST(:intents AS text[]))[1 + floor(power(random(), 2) * :intent_count)::int] AS intent
            WHERE i >= 0) AS m"""),
                    {"first_page": first_page, "pages": args.pages, "posts": args.posts, "events": args.events,
                     "days": DAYS_OF_HISTORY, "intents": list(INTENTS),
                     "intent_count": len(INTENTS)})
    session.commit()
    loaded = time.monotonic() - started
    with session.get_bind().connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE comment_logs"))
        connection.execute(text("VACUUM ANALYZE posts"))
    print(f"loaded {args.events:,} log events, {args.posts:,} posts, {args.pages} pages in {loaded:.1f} s "
          f"(+ VACUUM ANALYZE {time.monotonic() - started - loaded:.1f} s)")
    return owner.id, [page.external_id for page in pages]


def plans(page_id: int) -> None:
    """EXPLAIN ANALYZE of the two aggregates the calls run, for one page, over all time and the last 30 days."""
    for name, build in (("intents", dashboard.intent_counts_query), ("posts", dashboard.post_counts_query)):
        for period in ("all", "day"):
            statement = build(page_id, period).compile(dialect=postgresql.dialect(),
                                                       compile_kwargs={"literal_binds": True})
            lines = session.execute(text(f"EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) {statement}")).scalars().all()
            print(f"\nEXPLAIN ANALYZE {name} {period}:")
            for line in lines:
                print("   ", line)


def token_for(settings_env: dict, user_id: int) -> str:
    from flask_jwt_extended import create_access_token

    from app import create_app

    with create_app(dict(settings_env)).app_context():
        return create_access_token(identity=str(user_id))


def measure(client: HttpClient, headers: dict, paths: list[str]) -> list[float]:
    """Each path once, in order, on one keep-alive connection; the answers' times in milliseconds."""
    times = []
    for path in paths:
        started = time.perf_counter()
        status, body = client.request("GET", path, headers=headers)
        times.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise SystemExit(f"{path} answered {status}: {body[:300]!r}")
    return times


def timed_phase(label: str, web: services.Service, client: HttpClient, headers: dict, paths: list[str]) -> str:
    """Latencies of the calls, and the web process' CPU per call: on a shared machine the latencies carry the other
    processes' load, the CPU time does not."""
    cpu = web.cpu_seconds()
    times = measure(client, headers, paths)
    cpu_per_call = (web.cpu_seconds() - cpu) * 1000 / len(paths)
    line = (f"{label}: {len(times)} calls, p50 {percentile(times, 0.5):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
            f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms, web CPU {cpu_per_call:.1f} ms/call")
    print(line)
    return line


def paths_of(kind: str, page_ids: list[str]) -> list[str]:
    base = "/api/v1/secure/logEvent/dashbord"
    if kind == "intents":
        return [f"{base}/intent/{page_id}/facebook/{period}" for page_id in page_ids for period in PERIODS]
    return [f"{base}/post/{page_id}/ignored-token/facebook/{period}" for page_id in page_ids for period in PERIODS]


def main(argv=None) -> None:
    args = parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    scratch = Path(tempfile.mkdtemp(prefix="dashboard-bench-"))
    database_url = services.fresh_database(DATABASE_NAME, scratch)
    if not database_url.startswith("postgresql"):
        raise SystemExit("this benchmark needs PostgreSQL on 127.0.0.1:5432")
    env = {"APP_ENV": "development", "DATABASE_URL": database_url, "REDIS_URL": REDIS_URL,
           "CELERY_KEY_PREFIX": KEY_PREFIX}
    cache = redis.Redis.from_url(REDIS_URL)
    web = None
    try:
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], env, scratch)
        if migrate.process.wait(timeout=120) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        init_engine(database_url)
        owner_id, page_ids = load(args)
        port = services.free_port()
        web = services.python_service("web", ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", "gthread",
                                              "--threads", str(args.web_threads), "-b", f"127.0.0.1:{port}"],
                                      env, scratch)
        services.wait_for(lambda: services.answers(f"http://127.0.0.1:{port}/api/v1/config"), "the web process",
                          services=(web,))
        headers = {"Authorization": f"Bearer {token_for(env, owner_id)}"}
        client = HttpClient("127.0.0.1", port)
        measure(client, headers, paths_of("intents", page_ids[:1]))  # the process' first call opens its pools
        cache.delete(*cache.keys(f"{KEY_PREFIX}dashboard:*") or [b"none"])
        lines = []
        for kind in ("intents", "posts"):
            paths = paths_of(kind, page_ids)
            cold = f"{kind} cold (no cache, {len(paths)} page x period)"
            lines.append(timed_phase(cold, web, client, headers, paths))
            warm = [paths[n % len(paths)] for n in range(args.warm_calls)]
            lines.append(timed_phase(f"{kind} warm (cached)", web, client, headers, warm))
        session_page = session.scalar(text("SELECT id FROM social_pages ORDER BY id LIMIT 1"))
        plans(session_page)
        print(f"\nSUMMARY (load average now {os.getloadavg()[0]:.2f})")
        for line in lines:
            print("   ", line)
    finally:
        if web is not None:
            web.stop()
        session.remove()
        for key in cache.scan_iter(match=f"{KEY_PREFIX}*"):
            cache.delete(key)
        services.drop_database(database_url, DATABASE_NAME)


if __name__ == "__main__":
    main()
