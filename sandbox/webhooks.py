"""Webhook delivery as Meta does it: signed POSTs from a background thread, several entries per POST when
several are pending, retries with decreasing frequency (compressed to seconds), then giving up.

Payload shapes and bytes: docs/graph-api.md#signature-and-delivery and #comment-payloads."""
import collections
import hashlib
import hmac
import json
import random
import threading
import time
from dataclasses import dataclass, field

import requests

from sandbox.render import iso_time, permalink_path

DEFAULT_RETRY_DELAYS = (1.0, 2.0, 5.0, 15.0, 60.0)
BATCH_LIMIT = 1000
LOG_LIMIT = 20000


@dataclass
class Pending:
    object_name: str
    entry_id: str
    change: dict
    due: float
    attempts: int = 0
    comment_id: str = ""
    key: float = field(default_factory=random.random)


def body_bytes(payload):
    """Compact, ASCII-only with lowercase \\u escapes and `/` as `\\/`: the bytes Meta signs."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=True).replace("/", "\\/").encode("ascii")


def signature_headers(raw, app_secret):
    key = app_secret.encode()
    return {"Content-Type": "application/json",
            "X-Hub-Signature-256": "sha256=" + hmac.new(key, raw, hashlib.sha256).hexdigest(),
            "X-Hub-Signature": "sha1=" + hmac.new(key, raw, hashlib.sha1).hexdigest()}


def facebook_change(comment, post, root_url, verb="add"):
    """A `feed` comment change: `add` and `edited` carry the comment as it now is, `remove` only its ids and
    author (docs/graph-api.md#comment-payloads)."""
    if verb == "remove":
        return {"field": "feed", "value": {"item": "comment", "verb": "remove", "comment_id": comment["id"],
                                           "post_id": post["id"], "parent_id": comment["parent_id"] or post["id"],
                                           "from": comment["from"]}}
    value = {"from": comment["from"], "post": {"status_type": "added_photos" if post["picture"] else
                                               "mobile_status_update", "is_published": True,
                                               "updated_time": iso_time(post["created_time"]),
                                               "permalink_url": root_url + permalink_path(post["id"]),
                                               "promotion_status": "inactive", "id": post["id"]},
             "message": comment["message"], "post_id": post["id"], "comment_id": comment["id"],
             "created_time": comment["created_time"], "item": "comment",
             "parent_id": comment["parent_id"] or post["id"], "verb": verb}
    return {"field": "feed", "value": value}


def instagram_change(comment):
    value = {"from": {"id": comment["from"]["id"], "username": comment["from"].get("username", "")},
             "media": {"id": comment["post_id"], "media_product_type": "FEED"}, "id": comment["id"],
             "text": comment["message"]}
    if comment["parent_id"]:
        value["parent_id"] = comment["parent_id"]
    return {"field": "comments", "value": value}


class WebhookDispatcher:
    def __init__(self, store, faults, app_secret, root_url, retry_delays=None, timeout=5.0):
        self.store, self.faults, self.app_secret = store, faults, app_secret
        self.root_url = root_url
        self.retry_delays = tuple(DEFAULT_RETRY_DELAYS if retry_delays is None else retry_delays)
        self.timeout = timeout
        self.pending = []
        self.log = collections.deque(maxlen=LOG_LIMIT)
        # Counts resets: a delivery in flight when the world is reset belongs to the world before it, and its outcome
        # is neither logged nor retried in the new one.
        self.generation = 0
        self.condition = threading.Condition()
        self.http = requests.Session()
        # Callbacks are the product's own address: no proxy from the environment, and no reading it per delivery.
        self.http.trust_env = False
        threading.Thread(target=self.run, name="sandbox-webhooks", daemon=True).start()

    def subscription_for(self, comment):
        """The app's callback when both levels subscribe (docs/graph-api.md#subscriptions), else None."""
        page = self.store.get(comment["page_id"])
        name, wanted = ("instagram", "comments") if comment["platform"] == "instagram" else ("page", "feed")
        subscription = self.store.subscriptions.get(name)
        if not subscription or wanted not in subscription["fields"] or not page["subscribed_fields"]:
            return None
        if name == "page" and "feed" not in page["subscribed_fields"]:
            return None
        return subscription

    def on_comment(self, comment, verb="add"):
        """Store listener: queue the comment change's webhook; delivery happens later, on the dispatcher thread.
        Instagram notifies new comments only: an edit or a deletion there sends nothing, as at Meta."""
        if not self.subscription_for(comment):
            return
        if comment["platform"] == "instagram":
            if verb != "add":
                return
            object_name, entry_id, change = "instagram", comment["ig_user_id"], instagram_change(comment)
        else:
            post = self.store.get(comment["post_id"])
            object_name, entry_id = "page", comment["page_id"]
            change = facebook_change(comment, post, self.root_url(), verb)
        page_ids = {comment["page_id"]}
        if self.faults.take(page_ids, {"drop_webhooks"}):
            self.record({"outcome": "dropped", "comment_ids": [comment["id"]]})
            return
        copies = 2 if self.faults.take(page_ids, {"duplicate_webhooks"}) else 1
        delay = random.uniform(0.05, 0.3) if self.faults.take(page_ids, {"reorder_webhooks"}) else 0.0
        with self.condition:
            for copy in range(copies):
                self.pending.append(Pending(object_name, entry_id, change, time.time() + delay + copy * 0.05,
                                            comment_id=comment["id"]))
            self.condition.notify()

    def run(self):
        while True:
            batch, generation = self.next_batch()
            by_object = {}
            for item in batch:
                by_object.setdefault(item.object_name, []).append(item)
            for object_name, items in by_object.items():
                self.deliver(object_name, items, generation)

    def next_batch(self):
        """Wait until something is due, then take everything due (up to Meta's 1000 updates), with the generation of the
        world it was queued in."""
        with self.condition:
            while True:
                now = time.time()
                due = [item for item in self.pending if item.due <= now]
                if due:
                    due = sorted(due, key=lambda item: (item.due, item.key))[:BATCH_LIMIT]
                    for item in due:
                        self.pending.remove(item)
                    return due, self.generation
                wait = min((item.due for item in self.pending), default=now + 60) - now
                self.condition.wait(timeout=max(wait, 0.001))

    def deliver(self, object_name, items, generation):
        subscription = self.store.subscriptions.get(object_name)
        if subscription is None:
            self.record({"outcome": "no_subscription", "comment_ids": [item.comment_id for item in items]}, generation)
            return
        sent_at = int(time.time())
        payload = {"object": object_name, "entry": [{"id": item.entry_id, "time": sent_at,
                                                     "changes": [item.change]} for item in items]}
        raw = body_bytes(payload)
        try:
            response = self.http.post(subscription["callback_url"], data=raw, timeout=self.timeout,
                                      headers=signature_headers(raw, self.app_secret))
            outcome = "delivered" if response.status_code == 200 else f"http_{response.status_code}"
        except requests.RequestException as error:
            outcome = type(error).__name__
        self.record({"outcome": outcome, "comment_ids": [item.comment_id for item in items],
                     "attempt": max(item.attempts for item in items) + 1}, generation)
        if outcome != "delivered":
            self.retry_later(items, generation)

    def retry_later(self, items, generation):
        with self.condition:
            if generation != self.generation:
                return
            for item in items:
                item.attempts += 1
                if item.attempts > len(self.retry_delays):
                    self.log.append({"outcome": "given_up", "comment_ids": [item.comment_id], "at": time.time()})
                    continue
                item.due = time.time() + self.retry_delays[item.attempts - 1]
                self.pending.append(item)
            self.condition.notify()

    def record(self, event, generation=None):
        """Log a delivery event; one from a delivery begun before the last reset (`generation`) is dropped."""
        with self.condition:
            if generation is None or generation == self.generation:
                self.log.append({**event, "at": time.time()})

    def clear(self):
        with self.condition:
            self.pending.clear()
            self.log.clear()
            self.generation += 1

    def status(self):
        with self.condition:
            return {"pending": len(self.pending), "deliveries": list(self.log)}
