"""The sandbox's world in memory: users, pages, Instagram accounts, posts, comments, tokens and effects.

Every record is a plain JSON dict in one `objects` map keyed by its Graph id, guarded by one lock, so the
whole world can be saved to a state file and read back after a restart."""
import secrets
import threading
import time

from sandbox import persistence

ID_BASES = {"user": 7345098700000000, "page": 104857392000000, "post": 122101234500000000,
            "comment": 1187245600000000, "ig_user": 17841400000000000, "media": 17900000000000000,
            "ig_comment": 17850000000000000, "fan": 6120934400000000, "message": 0}


class Store:
    def __init__(self, state_file=None):
        self.lock = threading.RLock()
        self.state_file = state_file
        self.comment_listeners = []
        self.clear()
        if state_file:
            persistence.load(self, state_file)

    def clear(self):
        with self.lock:
            self.objects = {}
            self.tokens = {}
            self.effects = []
            self.subscriptions = {}
            self.removed = {}  # comments their authors deleted, by id: gone from the world, kept for the admin API
            self.counter = 0

    def next_number(self, kind):
        with self.lock:
            self.counter += 1
            return ID_BASES[kind] + self.counter

    def saved(self):
        if self.state_file:
            persistence.save(self, self.state_file)

    def get(self, object_id, object_type=None):
        record = self.objects.get(str(object_id))
        if record is None or (object_type and record["type"] != object_type):
            return None
        return record

    def of_type(self, object_type, **matching):
        with self.lock:
            return [record for record in self.objects.values() if record["type"] == object_type
                    and all(record.get(key) == value for key, value in matching.items())]

    def issue_token(self, kind, subject_id, prefix="EAA", token=None):
        token = token or prefix + secrets.token_urlsafe(24).replace("-", "A").replace("_", "B")
        with self.lock:
            self.tokens[token] = {"kind": kind, "subject": subject_id, "issued_at": int(time.time())}
        return token

    def add_user(self, first_name, last_name, email=None, user_id=None, token=None):
        with self.lock:
            user_id = str(user_id or self.next_number("user"))
            user = {"type": "user", "id": user_id, "first_name": first_name, "last_name": last_name,
                    "name": f"{first_name} {last_name}".strip(), "email": email,
                    "token": self.issue_token("user", user_id, "EAAU", token)}
            self.objects[user_id] = user
            self.saved()
            return user

    def add_page(self, name, owner_ids, fan_count=0, new_like_count=0, page_id=None, category="Shopping & Retail"):
        with self.lock:
            page_id = str(page_id or self.next_number("page"))
            page = {"type": "page", "id": page_id, "name": name, "owner_ids": [str(i) for i in owner_ids],
                    "fan_count": int(fan_count), "new_like_count": int(new_like_count), "category": category,
                    "ig_id": None, "subscribed_fields": [], "token": self.issue_token("page", page_id, "EAAP")}
            self.objects[page_id] = page
            self.saved()
            return page

    def add_instagram(self, page_id, username, name=None, followers_count=0, ig_id=None):
        with self.lock:
            ig_id = str(ig_id or self.next_number("ig_user"))
            account = {"type": "ig_user", "id": ig_id, "page_id": str(page_id), "username": username,
                       "name": name or username, "followers_count": int(followers_count), "follows_count": 0}
            self.objects[ig_id] = account
            self.objects[str(page_id)]["ig_id"] = ig_id
            self.saved()
            return account

    def add_post(self, owner_id, message, picture=None, created_time=None):
        """A Facebook post on a page, or an Instagram media when the owner is an Instagram account."""
        with self.lock:
            owner = self.objects[str(owner_id)]
            created_time = int(created_time or time.time())
            if owner["type"] == "ig_user":
                post = {"type": "post", "platform": "instagram", "id": str(self.next_number("media")),
                        "ig_user_id": owner["id"], "page_id": owner["page_id"]}
            else:
                post = {"type": "post", "platform": "facebook", "page_id": owner["id"],
                        "id": f"{owner['id']}_{self.next_number('post')}"}
            post.update(message=message, picture=picture, created_time=created_time, seq=self.counter)
            self.objects[post["id"]] = post
            self.saved()
            return post

    def add_comment(self, post_id, message, author, parent_id=None, created_time=None):
        """Store a comment (or a reply when parent_id names a comment) and tell the listeners (webhooks)."""
        with self.lock:
            comment = self._new_comment(self.objects[str(post_id)], message, author, parent_id, created_time)
            self.saved()
        self._tell(comment, "add")
        return comment

    def edit_comment(self, comment_id, message):
        """The author changes a comment's words; the listeners hear `edited`."""
        with self.lock:
            comment = self.objects[str(comment_id)]
            comment["message"] = message
            self.saved()
        self._tell(comment, "edited")
        return comment

    def remove_comment(self, comment_id):
        """The author deletes a comment: it leaves the world with its replies, as at Meta (reads answer 100/33);
        the listeners hear `remove` for each, the replies first."""
        with self.lock:
            comment = self.objects[str(comment_id)]
            gone = [reply for reply in self.of_type("comment") if reply["parent_id"] == comment["id"]] + [comment]
            for record in gone:
                del self.objects[record["id"]]
                self.removed[record["id"]] = record
            self.saved()
        for record in gone:
            self._tell(record, "remove")
        return comment

    def _tell(self, comment, verb):
        for listener in self.comment_listeners:
            listener(comment, verb)

    def add_past_comments(self, post_id, comments):
        """Store many top-level comments at once ({message, from, created_time?}) without telling the listeners:
        comments written before the app subscribed, as a page's history is (tests and benchmarks of replays)."""
        with self.lock:
            post = self.objects[str(post_id)]
            added = [self._new_comment(post, item["message"], item["from"], None, item.get("created_time"))
                     for item in comments]
            self.saved()
        return added

    def _new_comment(self, post, message, author, parent_id, created_time):
        if post["platform"] == "instagram":
            comment_id = str(self.next_number("ig_comment"))
        else:
            comment_id = f"{post['id'].split('_')[1]}_{self.next_number('comment')}"
        comment = {"type": "comment", "id": comment_id, "platform": post["platform"], "post_id": post["id"],
                   "page_id": post["page_id"], "ig_user_id": post.get("ig_user_id"),
                   "parent_id": parent_id and str(parent_id), "message": message, "from": dict(author),
                   "created_time": int(created_time or time.time()), "seq": self.counter,
                   "is_hidden": False, "likes": [], "private_replies": []}
        self.objects[comment_id] = comment
        return comment

    def comments_of(self, object_id, stream=False):
        """Comments under a post (top-level, or every level with stream) or replies under a comment."""
        record = self.objects[str(object_id)]
        with self.lock:
            if record["type"] == "comment":
                found = [c for c in self.of_type("comment") if c["parent_id"] == record["id"]]
            else:
                found = [c for c in self.of_type("comment", post_id=record["id"]) if stream or not c["parent_id"]]
        return sorted(found, key=lambda c: (c["created_time"], c["seq"]))

    def posts_of(self, owner_id):
        owner = self.objects[str(owner_id)]
        key = "ig_user_id" if owner["type"] == "ig_user" else "page_id"
        posts = [p for p in self.of_type("post", **{key: owner["id"]})
                 if owner["type"] == "ig_user" or p["platform"] == "facebook"]
        return sorted(posts, key=lambda p: (p["created_time"], p["seq"]), reverse=True)

    def record_effect(self, kind, comment, **details):
        with self.lock:
            effect = {"kind": kind, "comment_id": comment["id"], "page_id": comment["page_id"],
                      "platform": comment["platform"], "at": time.time(), **details}
            self.effects.append(effect)
            self.saved()
            return effect
