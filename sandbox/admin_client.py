"""A small requests-based client for the admin API, used by the test fixture, benchmarks and scripts."""
import requests


class AdminClient:
    def __init__(self, base_url, timeout=10.0):
        self.base_url = base_url.rstrip("/") + "/__admin"
        self.http = requests.Session()
        self.timeout = timeout

    def call(self, method, path, payload=None):
        response = self.http.request(method, self.base_url + path, json=payload, timeout=self.timeout)
        if response.status_code >= 400:
            raise AssertionError(f"admin {method} {path} answered {response.status_code}: {response.text}")
        return response.json()

    def reset(self, scenario="empty"):
        return self.call("POST", "/reset", {"scenario": scenario})

    def user(self, first_name="Amira", last_name="Ben Salah", **extra):
        return self.call("POST", "/users", {"first_name": first_name, "last_name": last_name, **extra})

    def page(self, name, owner_ids, **extra):
        return self.call("POST", "/pages", {"name": name, "owner_ids": list(owner_ids), **extra})

    def instagram(self, page_id, username, **extra):
        return self.call("POST", "/instagram", {"page_id": page_id, "username": username, **extra})

    def post(self, message, page_id=None, ig_user_id=None, **extra):
        owner = {"ig_user_id": ig_user_id} if ig_user_id else {"page_id": page_id}
        return self.call("POST", "/posts", {**owner, "message": message, **extra})

    def comment(self, post_id, message, author=None, **extra):
        author = author or {"name": "Karim Trabelsi", "username": "karim.trabelsi"}
        return self.call("POST", "/comments", {"post_id": post_id, "message": message, "from": author, **extra})

    def past_comments(self, post_id, comments):
        """Comments ({message, from, created_time?}) a post had before the app subscribed: no webhook is sent."""
        return self.call("POST", "/comments/past", {"post_id": post_id, "comments": list(comments)})

    def comment_effects(self, comment_id):
        return self.call("GET", f"/comments/{comment_id}")

    def effects(self):
        return self.call("GET", "/effects")

    def fault(self, kind, scope="*", **extra):
        return self.call("POST", "/faults", {"kind": kind, "scope": scope, **extra})

    def clear_faults(self):
        return self.call("DELETE", "/faults")

    def usage(self):
        return self.call("GET", "/usage")

    def set_usage(self, quota, window_seconds=3600):
        return self.call("POST", "/usage", {"quota": quota, "window_seconds": window_seconds})

    def calls(self):
        """The latest Graph calls the sandbox answered, in arrival order ({at, method, path, page_id, status})."""
        return self.call("GET", "/calls")

    def revoke_tokens(self, user_id):
        """Meta ends the person's sessions (a password change): their tokens and their pages' are refused."""
        return self.call("POST", f"/users/{user_id}/revoke_tokens")

    def token_expiry(self, token, expires_in):
        return self.call("POST", "/tokens/expiry", {"token": token, "expires_in": expires_in})

    def generator(self, post_ids, rate, count, **extra):
        return self.call("POST", "/generator", {"post_ids": list(post_ids), "rate": rate, "count": count, **extra})

    def gateway(self, **settings):
        return self.call("POST", "/gateway", settings)

    def app_callbacks(self, deauthorize_callback_url=None, data_deletion_callback_url=None):
        """The app's deauthorize and data deletion callback URLs (Meta's App Dashboard settings)."""
        return self.call("POST", "/app", {"deauthorize_callback_url": deauthorize_callback_url,
                                          "data_deletion_callback_url": data_deletion_callback_url})

    def remove_app(self, user_id):
        """The person removes the app: tokens revoked, the deauthorize callback called (its answer returned)."""
        return self.call("POST", f"/users/{user_id}/remove_app")

    def request_deletion(self, user_id):
        """The person asks for their data's deletion: the data deletion callback's answer is returned."""
        return self.call("POST", f"/users/{user_id}/request_deletion")
