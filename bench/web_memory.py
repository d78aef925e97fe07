"""The web process's resident memory under the owner's biggest read, at growing data: does it plateau (bounded by
the largest answer) or keep climbing (a leak)?

One web process as production runs it (gunicorn, gthread, 4 threads, gunicorn.conf.py from the work tree) on a
throwaway database and a Redis of its own; an owner with a page and a live agent made directly in the database;
N comment logs (matched ones with their private reply, like and public reply; some unmatched ones feeding a
proposal) inserted directly. Then --rounds rounds, each one read per client thread (4) of the agent's every log
(GET /logEvent/post/<post>/all, as the soak's owner does) and of the dashboard's top intents; the web's RSS
(gunicorn's master + worker) is sampled after every round. The logs then grow to the next size and the rounds go
again.

    .venv/bin/python bench/web_memory.py                                  # 1000, 2000, 4000, 8000 logs
    .venv/bin/python bench/web_memory.py --sizes 2000 --rounds 40         # long at constant data
    .venv/bin/python bench/web_memory.py --arena-max 2 --max-requests 200

Prints per size: the answer's bytes and time, and the RSS after each round; per size the first, last and peak
RSS. See bench/README.md ("Web memory").
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
import requests  # noqa: E402
from sqlalchemy import insert, select  # noqa: E402

from app.config import load_settings  # noqa: E402
from app.database import init_engine, session  # noqa: E402
from app.models import (Agent, AgentIntent, CommentLog, PlannedAction, Proposal, ProposalEvidence,  # noqa: E402
                        SocialPage, User, utcnow)
from app.services.billing import plans  # noqa: E402
from bench import services  # noqa: E402

DATABASE_NAME = f"autoreply_webmem_{os.getpid()}"
CLIENT_THREADS = 4
ANSWER = "Bonjour ##FIRST_NAME##, la robe est à 45 DT chez Boutique Amira."
BUTTONS = [{"type": "web_url", "title": "Voir la boutique", "url": "https://example.com/boutique"}]
MESSAGES = ("combien le prix de la robe ?", "prix svp", "c'est combien ?", "9adeh soumha ?", "how much is it?",
            "le prix ?", "combien la robe rouge taille M ?", "Prix stp", "kaddech el prix ?", "merci beaucoup")
UNMATCHED_EVERY = 5  # one log in five is not matched (no actions); every other one feeds the proposal
MiB = 1024 * 1024


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,2000,4000,8000", help="comment logs of the agent, step by step")
    parser.add_argument("--rounds", type=int, default=8, help="rounds of reads per size")
    parser.add_argument("--arena-max", type=int, default=None, help="MALLOC_ARENA_MAX of the web process")
    parser.add_argument("--max-requests", type=int, default=None, help="gunicorn --max-requests")
    parser.add_argument("--dashboard", action=argparse.BooleanOptionalAction, default=True,
                        help="also read the dashboard's top intents in each round, as the soak does")
    return parser.parse_args(argv)


class Web:
    """gunicorn as production starts it, on a fresh database and a Redis of its own."""

    def __init__(self, args: argparse.Namespace, scratch: Path):
        self.scratch = scratch
        self.redis = services.RedisServer(scratch / "redis")
        self.redis.start()
        self.database_url = services.fresh_database(DATABASE_NAME, scratch)
        self.port = services.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {"APP_ENV": "development", "DATABASE_URL": self.database_url, "REDIS_URL": self.redis.url,
                    "CELERY_KEY_PREFIX": "", "PUBLIC_URL": self.url}
        if args.arena_max:
            self.env["MALLOC_ARENA_MAX"] = str(args.arena_max)
        self.settings = load_settings(self.env)
        self.max_requests = args.max_requests
        self.service: services.Service | None = None

    def start(self) -> None:
        migrate = services.python_service("migrate", ["-m", "app", "migrate"], self.env, self.scratch)
        if migrate.process.wait(timeout=180) != 0:
            raise SystemExit(f"migrations failed; see {migrate.log_path}")
        init_engine(self.database_url)
        command = ["-m", "gunicorn", "app:create_app()", "-w", "1", "-k", "gthread", "--threads", "4",
                   "-b", f"127.0.0.1:{self.port}"]
        if self.max_requests:
            command += ["--max-requests", str(self.max_requests)]
        self.service = services.python_service("web", command, self.env, self.scratch)
        services.wait_for(lambda: services.answers(f"{self.url}/api/v1/config"), "the web process",
                          services=(self.service,))

    def rss(self) -> tuple[int, int]:
        """Resident bytes of gunicorn's master and worker together, and of the worker(s) alone."""
        root = psutil.Process(self.service.process.pid)
        workers = root.children(recursive=True)
        alone = sum(process.memory_info().rss for process in workers)
        return root.memory_info().rss + alone, alone

    def stop(self) -> None:
        if self.service:
            self.service.stop()
        session.remove()
        self.redis.stop()
        services.drop_database(self.database_url, DATABASE_NAME)


def make_shop() -> tuple[SocialPage, Agent, int]:
    """An owner (free trial) with a connected page and a live agent on its post, made directly in the database."""
    owner = User(facebook_id="1000000000000777", first_name="Owner", last_name="Shop")
    session.add(owner)
    session.flush()
    plans.start_free_trial(owner)
    page = SocialPage(platform="facebook", external_id="100000000000777", name="Boutique Amira", owner_id=owner.id,
                      access_token="page-token", is_connected=True, webhook_subscribed=True)
    session.add(page)
    session.flush()
    agent = Agent(page_id=page.id, target_id=f"{page.external_id}_900000000001", is_generic=False, trained=True,
                  live=True, intents=[AgentIntent(intent_name="price", generic_answer=ANSWER, buttons=BUTTONS,
                                                  position=0)])
    session.add(agent)
    session.flush()
    proposal = Proposal(page_id=page.id, agent_id=agent.id, kind="phrasing", key="phrasing:price:merci",
                        target="price", value="merci beaucoup", details={}, comments=0, commenters=0)
    session.add(proposal)
    session.commit()
    return page, agent, proposal.id


def add_logs(page: SocialPage, agent: Agent, proposal_id: int, first: int, count: int) -> None:
    """`count` more logs of the agent (numbered from `first`), as the drain writes them, with their actions."""
    now = utcnow()
    logs, numbers = [], range(first, first + count)
    for number in numbers:
        matched = number % UNMATCHED_EVERY != 0
        message = MESSAGES[number % len(MESSAGES)]
        fan = str(6_120_934_700_000_000 + number)
        candidates = [{"intent": "price", "score": 0.91}, {"intent": "availability", "score": 0.05},
                      {"intent": "delivery", "score": 0.02}]
        logs.append(dict(
            page_id=page.id, agent_id=agent.id, comment_id=f"900000000001_{number}", post_external_id=agent.target_id,
            message=message, created_time=now - timedelta(seconds=10**6 - number), language="fr", success=matched,
            intents=[{"intent": "price", "score": 0.91, "resp": ANSWER, "buttons": BUTTONS}] if matched else [],
            top_intent="price" if matched else None, answer=ANSWER if matched else None,
            buttons=BUTTONS if matched else [],
            products=[{"name": "robe", "category": "robes", "score": 1.0, "spelling": "robe", "synonym": False,
                       "words": "robe"}] if "robe" in message else [],
            publisher_id=fan, publisher={"id": fan, "name": f"Fan {number}", "first_name": "Fan",
                                         "last_name": str(number), "username": f"Fan {number}"},
            negative=False, has_link=False, link=f"https://www.facebook.com/900000000001_{number}",
            treated=matched, skip_reason=None if matched else "not_matched",
            why={"threshold": 0.5, "silent": not matched, "candidates": candidates if matched else candidates[1:],
                 "intent": "price" if matched else None, "product": None},
            created_at=now - timedelta(seconds=10**6 - number), updated_at=now))
    ids = session.scalars(insert(CommentLog).returning(CommentLog.id, sort_by_parameter_order=True), logs).all()
    actions, evidence = [], []
    for number, log_id, entry in zip(numbers, ids, logs):
        if entry["success"]:
            for kind, payload in (("private_reply", {"text": ANSWER, "buttons": BUTTONS}), ("like", {}),
                                  ("public_reply", {"message": "Merci, on vous a répondu en privé !"})):
                actions.append(dict(page_id=page.id, log_id=log_id, comment_id=entry["comment_id"], kind=kind,
                                    payload=payload, due_at=now, state="done", attempts=1, done_at=now,
                                    result_id=f"m_{log_id}_{kind}", created_at=now, updated_at=now))
        elif number % (2 * UNMATCHED_EVERY) == 0:
            evidence.append(dict(proposal_id=proposal_id, log_id=log_id, source="page", message=entry["message"],
                                 publisher_id=entry["publisher_id"]))
    session.execute(insert(PlannedAction), actions)
    if evidence:
        session.execute(insert(ProposalEvidence), evidence)
    session.commit()


class Reader:
    """The owner's reads from CLIENT_THREADS threads, one read of each kind per thread per round."""

    def __init__(self, web: Web, page: SocialPage, agent: Agent, token: str, dashboard: bool):
        self.web, self.dashboard = web, dashboard
        self.logs_path = f"/api/v1/secure/logEvent/post/{agent.target_id}/all"
        self.dashboard_path = f"/api/v1/secure/logEvent/dashbord/intent/{page.external_id}/facebook/all"
        self.headers = {"Authorization": f"Bearer {token}"}
        self.http = [requests.Session() for _ in range(CLIENT_THREADS)]
        self.errors: list[str] = []
        self.seconds: list[float] = []
        self.sizes: list[int] = []
        self.lock = threading.Lock()

    def one_thread(self, index: int) -> None:
        paths = [self.logs_path] + ([self.dashboard_path] if self.dashboard else [])
        for path in paths:
            started = time.perf_counter()
            try:
                answer = self.http[index].get(self.web.url + path, headers=self.headers, timeout=120)
            except requests.RequestException as error:
                with self.lock:
                    self.errors.append(type(error).__name__)
                continue
            with self.lock:
                if answer.status_code != 200:
                    self.errors.append(str(answer.status_code))
                elif path == self.logs_path:
                    self.seconds.append(time.perf_counter() - started)
                    self.sizes.append(len(answer.content))

    def round(self) -> None:
        threads = [threading.Thread(target=self.one_thread, args=(index,)) for index in range(CLIENT_THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def main(argv=None) -> int:
    args = parse_arguments(argv)
    sizes = [int(value) for value in args.sizes.split(",")]
    scratch = Path(tempfile.mkdtemp(prefix="web-memory-"))
    web = Web(args, scratch)
    try:
        web.start()
        return run(args, web, sizes)
    finally:
        web.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def run(args: argparse.Namespace, web: Web, sizes: list[int]) -> int:
    from flask_jwt_extended import create_access_token

    from app import create_app

    page, agent, proposal_id = make_shop()
    app = create_app(dict(web.settings))
    with app.app_context():
        token = create_access_token(identity=str(page.owner_id))
    reader = Reader(web, page, agent, token, args.dashboard)
    print(f"setup: {psutil.cpu_count()} cores, load average "
          + " ".join(f"{value:.2f}" for value in psutil.getloadavg())
          + f"; gunicorn gthread 4 threads, MALLOC_ARENA_MAX={args.arena_max or 'unset'}, "
            f"max_requests={args.max_requests or 'unset'}; {CLIENT_THREADS} client threads, {args.rounds} rounds "
            f"per size, each: {CLIENT_THREADS} x (all logs" + (" + dashboard intents)" if args.dashboard else ")"),
          flush=True)
    total, _ = web.rss()
    print(f"web RSS at start: {total / MiB:.0f} MiB", flush=True)
    summary, present = [], 0
    for size in sizes:
        add_logs(page, agent, proposal_id, present, size - present)
        present = size
        reader.seconds, reader.sizes = [], []
        samples = []
        for _ in range(args.rounds):
            reader.round()
            samples.append(web.rss()[0])
        mean_seconds = sum(reader.seconds) / max(len(reader.seconds), 1)
        answer_mib = max(reader.sizes, default=0) / MiB
        print(f"{size:6d} logs: answer {answer_mib:5.1f} MiB, {mean_seconds:5.2f} s each; RSS MiB per round: "
              + " ".join(f"{sample / MiB:.0f}" for sample in samples), flush=True)
        summary.append(f"{size}: {samples[0] / MiB:.0f}->{samples[-1] / MiB:.0f} (peak {max(samples) / MiB:.0f})")
    if reader.errors:
        print(f"errors: {len(reader.errors)} ({', '.join(sorted(set(reader.errors)))})")
    print("SUMMARY web memory (logs: first->last round RSS MiB): " + "; ".join(summary), flush=True)
    return 1 if reader.errors else 0


if __name__ == "__main__":
    sys.exit(main())
