"""What the soak (bench/soak.py) does to the product while it runs: fans' comments typed at the sandbox (with a
duplicate of some webhooks POSTed straight to the web process and timed), and the shops' owners reading dashboards,
editing their agent and catalogue, and replaying the agent."""
from __future__ import annotations

import itertools
import threading
import time
from collections import defaultdict

import requests

from bench.load import HttpClient
from bench.soak_product import Product
from sandbox.admin_client import AdminClient
from sandbox.webhooks import body_bytes, facebook_change, signature_headers
from tests.fixtures.answering_pages import PRICE_QUESTIONS

PAGE_SHAPES = {"immediate": {}, "delayed": {"delay_mode": "Exactly", "delay_times_ms": [3000]}}
PAGES = tuple(PAGE_SHAPES)


class Owners:
    """The shops' owners using the product while it runs (each signed in, on their own page): dashboard reads,
    agent edits (then training, as the wizard's "update now" does), catalogue edits and replays."""

    def __init__(self, product: Product, pages: dict, posts: dict, agents: dict, tokens: dict):
        self.product, self.pages, self.posts, self.agents = product, pages, posts, agents
        self.headers = {name: {"Authorization": f"Bearer {token}"} for name, token in tokens.items()}
        self.http = requests.Session()
        self.statuses: dict[str, defaultdict] = defaultdict(lambda: defaultdict(int))
        self.read_seconds: list[float] = []
        self.edits = itertools.count(1)

    def call(self, kind: str, page: str, method: str, path: str, **extra) -> None:
        started = time.perf_counter()
        try:
            answer = self.http.request(method, self.product.web_url + path, headers=self.headers[page], timeout=10,
                                       **extra)
        except requests.RequestException as error:
            self.statuses[kind][type(error).__name__] += 1
            return
        if kind == "dashboard read":
            self.read_seconds.append(time.perf_counter() - started)
        self.statuses[kind][answer.status_code] += 1

    def read(self, number: int) -> None:
        page = PAGES[number % 2]
        if number % 3 == 2:
            self.call("dashboard read", page, "GET", f"/api/v1/secure/logEvent/post/{self.posts[page]}/all")
        else:
            period = ("all", "week", "day")[number % 3]
            self.call("dashboard read", page, "GET", f"/api/v1/secure/logEvent/dashbord/intent/"
                                                     f"{self.pages[page].external_id}/facebook/{period}")

    def edit(self) -> None:
        number = next(self.edits)
        page = PAGES[number % 2]
        self.call("agent edit", page, "PUT", f"/api/v1/secure/project/generiqueupdate/{self.agents[page]}",
                  json={"intent": "price", "genericAnswer": f"Bonjour ##FIRST_NAME##, la robe est à {40 + number % 9}"
                                                            " DT chez ##PAGE_NAME##."})
        self.train(page)
        self.call("catalogue edit", page, "POST", f"/api/v1/secure/pages/entities/add/{self.pages[page].external_id}",
                  json={"entity": {"name": f"collection {number}",
                                   "values": [{"content": f"robe {number}", "synonyms": [f"robe n{number}"]}]}})

    def train(self, page: str) -> None:
        self.call("agent training", page, "POST", "/trainagentpos", json={"idProject": self.agents[page]})

    def replay(self) -> None:
        agent = self.agents["immediate"]
        self.call("replay", "immediate", "POST", f"/api/v1/secure/agents/{agent}/replays")
        self.call("replay", "immediate", "GET", f"/api/v1/secure/agents/{agent}/replays/latest")


class Traffic:
    """The comments typed (comment id -> when) and the webhook answers timed."""

    def __init__(self, product: Product, posts: dict):
        self.product, self.posts = product, posts
        self.admin = AdminClient(product.sandbox_url)
        self.web = HttpClient("127.0.0.1", product.web_port)
        self.typed: dict[str, float] = {}
        self.page_of: dict[str, str] = {}
        self.warm_up: set[str] = set()  # typed before the measure: known (not stray), not counted
        self.webhook_seconds: list[float] = []
        self.webhook_statuses: defaultdict = defaultdict(int)
        self.type_errors = 0
        self.fans = itertools.count(6_120_934_700_000_000)
        self.lock = threading.Lock()

    def type_comment(self, number: int) -> None:
        name = PAGES[number % 2]
        fan = {"id": str(next(self.fans)), "name": f"Fan {number}"}
        message = PRICE_QUESTIONS[number % len(PRICE_QUESTIONS)]
        try:
            comment = self.admin.comment(self.posts[name], message, author=fan)
        except (AssertionError, requests.RequestException):
            self.type_errors += 1
            return
        with self.lock:
            self.typed[comment["id"]] = time.time()
            self.page_of[comment["id"]] = name
        if number % 2 == 0:
            self.deliver_copy(comment["id"], self.posts[name], message, fan)

    def type_burst(self, number: int, size: int) -> None:
        if number:  # the first one would coincide with the start
            for index in range(size):
                self.type_comment(10**6 + number * size + index)

    def deliver_copy(self, comment_id: str, post_id: str, message: str, fan: dict) -> None:
        """The signed delivery Meta would send for this comment, POSTed straight to the web process and timed."""
        now = int(time.time())
        comment = {"id": comment_id, "from": fan, "message": message, "created_time": now, "parent_id": None}
        post = {"id": post_id, "picture": None, "created_time": now}
        page_id = post_id.split("_")[0]
        change = facebook_change(comment, post, self.product.sandbox_url)
        raw = body_bytes({"object": "page", "entry": [{"id": page_id, "time": now, "changes": [change]}]})
        headers = signature_headers(raw, self.product.settings["META_APP_SECRET"])
        started = time.perf_counter()
        try:
            status, _ = self.web.request("POST", "/api/v1/webhooks/meta", raw, headers)
        except OSError:
            status = 0
        with self.lock:
            self.webhook_seconds.append(time.perf_counter() - started)
            self.webhook_statuses[status] += 1
