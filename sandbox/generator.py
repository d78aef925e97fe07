"""A background comment generator: N comments per second from the multilingual pool on chosen posts,
bounded in count and time, so demos and benchmarks get a steady stream of fans."""
import random
import threading
import time

from sandbox import pool

MAX_COUNT = 100000
MAX_SECONDS = 3600


class Generator:
    def __init__(self, store):
        self.store = store
        self.runs = []
        self.lock = threading.Lock()

    def start(self, post_ids, rate, count, max_seconds=MAX_SECONDS, seed=None):
        run = {"id": len(self.runs) + 1, "post_ids": list(post_ids), "rate": rate, "count": count,
               "posted": 0, "comment_ids": [], "done": False, "stop": threading.Event()}
        with self.lock:
            self.runs.append(run)
        threading.Thread(target=self.post_comments, args=(run, max_seconds, random.Random(seed)),
                         name=f"sandbox-generator-{run['id']}", daemon=True).start()
        return run

    def post_comments(self, run, max_seconds, rng):
        started = time.monotonic()
        for index in range(run["count"]):
            due = started + index / run["rate"]
            if run["stop"].wait(max(due - time.monotonic(), 0)) or time.monotonic() - started > max_seconds:
                break
            post = self.store.get(rng.choice(run["post_ids"]))
            if post is None:
                break
            _, message = pool.random_comment(rng)
            author = pool.random_fan(rng, post["platform"] == "instagram")
            author["id"] = str(self.store.next_number("fan"))
            try:
                comment = self.store.add_comment(post["id"], message, author)
            except KeyError:
                break  # the world was reset under the run
            run["comment_ids"].append(comment["id"])
            run["posted"] += 1
        run["done"] = True

    def stop_all(self):
        with self.lock:
            for run in self.runs:
                run["stop"].set()
            self.runs = []

    def describe(self, run):
        return {key: value for key, value in run.items() if key != "stop"}
