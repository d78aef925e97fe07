"""The product's one Graph API client, shared by the API and the workers: base URL and version from
settings, one pool of keep-alive connections (app/graph/transport.py), a timeout and appsecret_proof on every
call, cursor paging, and typed errors (app/graph/errors.py). Callers do the backoff; the client never loops on
failures. Bound to a page (`for_page`), it paces the page's calls by Meta's usage headers (app/graph/pacing.py).
"""
import copy
import hashlib
import hmac
import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime

from app import metrics
from app.graph import pacing
from app.graph.errors import GraphError, Permanent, TokenInvalid, Transient, classify
from app.graph.paging import newer_than, next_page_url, unix_seconds
from app.graph.transport import TimedOut, Transport, Unreachable

DEFAULT_TIMEOUT = 10.0
# Fewer round trips than Meta's default 25, well under the edges' maximum.
DEFAULT_PAGE_SIZE = 100
PLATFORMS = ("facebook", "instagram")

ME_FIELDS = "id,name,first_name,last_name,email,picture"
ACCOUNT_FIELDS = "id,name,access_token,category,tasks,picture"
POST_FIELDS = "id,message,created_time,permalink_url,full_picture"
MEDIA_FIELDS = "id,caption,media_type,media_product_type,media_url,permalink,timestamp,comments_count,like_count"
FACEBOOK_COMMENT_FIELDS = "id,message,created_time,from,parent{id}"
INSTAGRAM_COMMENT_FIELDS = "id,text,timestamp,username,from,hidden,like_count,parent_id"


class GraphClient:
    """Calls Meta's Graph API (or the sandbox) and raises a typed GraphError for every failure."""

    def __init__(self, base_url: str, version: str, app_id: str, app_secret: str,
                 timeout: float = DEFAULT_TIMEOUT, *, page_size: int = DEFAULT_PAGE_SIZE,
                 pacer: pacing.Pacer | None = None):
        self.base_url = base_url.rstrip("/")
        self.version = (version or "").strip("/")
        self.app_id = str(app_id)
        self.app_secret = app_secret
        self.timeout = timeout
        self.transport = Transport(self.base_url)
        self.page_size = page_size
        self.pacer, self.scope, self._taken_turn = pacer, None, None

    def for_page(self, page_id: str, *object_ids: str) -> "GraphClient":
        """This client (same connections) with its calls paced as those of the page whose token they carry,
        counted against the page and `object_ids` (an Instagram account's id)."""
        bound = copy.copy(self)
        bound.scope = pacing.Scope(str(page_id), tuple(dict.fromkeys([str(page_id), *map(str, object_ids)])))
        bound._taken_turn = None
        return bound

    def take_turn(self, within: float) -> float:
        """Seconds before the bound page's next call may go (0 when not paced). When at most `within`, that turn is
        taken for this client's next call, which waits for it instead of taking one; else nothing is taken."""
        if self.pacer is None or self.scope is None:
            return 0.0
        wait = self.pacer.turn(self.scope.keys(), within)
        if wait <= within:
            self._taken_turn = time.monotonic() + wait
        return wait

    @property
    def app_token(self) -> str:
        return f"{self.app_id}|{self.app_secret}"

    # Reads

    def me(self, user_token: str, fields: str | Sequence[str] = ME_FIELDS) -> dict:
        return self._get("me", user_token, {"fields": _fields(fields)})

    def debug_token(self, user_token: str) -> dict:
        """The token's `data` (user_id, scopes...) if it is valid and was issued to this app, else TokenInvalid."""
        data = self._get("debug_token", self.app_token, {"input_token": user_token}).get("data")
        if not isinstance(data, Mapping) or data.get("is_valid") is not True:
            error = data.get("error") if isinstance(data, Mapping) else None
            error = error if isinstance(error, Mapping) else {}
            raise TokenInvalid(error.get("code", 190), error.get("subcode"),
                               str(error.get("message") or "The access token is not valid"), 200)
        if str(data.get("app_id")) != self.app_id:
            raise TokenInvalid(190, None, "The access token was issued to another app", 200)
        return dict(data)

    def exchange_token(self, user_token: str) -> dict:
        """A new long-lived user token (about 60 days) for a valid short-lived one: {access_token, token_type,
        expires_in}. Page tokens read with it do not expire (docs/graph-api.md#tokens)."""
        body = self._get("oauth/access_token", user_token, {
            "grant_type": "fb_exchange_token", "client_id": self.app_id, "client_secret": self.app_secret,
            "fb_exchange_token": user_token})
        if not body.get("access_token"):
            raise Permanent(message="Graph answered the token exchange without a token")
        return body

    def accounts(self, user_token: str, fields: str | Sequence[str] = ACCOUNT_FIELDS) -> list[dict]:
        """Every page the user manages, with its page token, across all result pages."""
        return list(self._paged("me/accounts", user_token, {"fields": _fields(fields)}))

    def page(self, page_id: str, token: str, fields: str | Sequence[str]) -> dict:
        return self._get(page_id, token, {"fields": _fields(fields)})

    def instagram_account(self, ig_id: str, token: str, fields: str | Sequence[str]) -> dict:
        return self._get(ig_id, token, {"fields": _fields(fields)})

    def posts(self, page_id: str, token: str, fields: str | Sequence[str] = POST_FIELDS) -> Iterator[dict]:
        return self._paged(f"{page_id}/posts", token, {"fields": _fields(fields)})

    def media(self, ig_id: str, token: str, fields: str | Sequence[str] = MEDIA_FIELDS) -> Iterator[dict]:
        return self._paged(f"{ig_id}/media", token, {"fields": _fields(fields)})

    def comments(self, object_id: str, token: str, since: int | datetime | None = None,
                 platform: str = "facebook") -> Iterator[dict]:
        """Comments of a post or IG media as Graph returns them, those at or after `since` (Unix s or datetime).

        Meta treats `since` as a hint on this edge, so the client filters on the comment time itself
        (docs/graph-api.md#calls-the-product-makes); Facebook pages come newest first, so paging stops at the
        first older one.
        """
        since_unix = unix_seconds(since)
        url, params = self.comments_edge(object_id, platform)
        if _platform(platform) == "instagram":
            return newer_than(self._pages_from(url, token, params), since_unix, "timestamp", stop_at_older=False)
        if since_unix is not None:
            params["since"] = since_unix
        return newer_than(self._pages_from(url, token, params), since_unix, "created_time", stop_at_older=True)

    def comments_edge(self, object_id: str, platform: str = "facebook") -> tuple[str, dict]:
        """The first page of a post's (IG media's) comments as a URL and its query, every level on Facebook,
        newest first: for `page_at`, or `comments`."""
        if _platform(platform) == "instagram":
            params = {"fields": INSTAGRAM_COMMENT_FIELDS}
        else:
            params = {"fields": FACEBOOK_COMMENT_FIELDS, "filter": "stream", "order": "reverse_chronological"}
        return self.url(f"{object_id}/comments"), {**params, "limit": self.page_size}

    def replies(self, comment_id: str, token: str, platform: str = "facebook") -> Iterator[dict]:
        """Answers to one comment (Facebook: its comments edge; Instagram: its replies edge), to learn whether the
        page already answered before posting again (public replies have no idempotency at Meta)."""
        if _platform(platform) == "instagram":
            return self._paged(f"{comment_id}/replies", token, {"fields": INSTAGRAM_COMMENT_FIELDS})
        return self._paged(f"{comment_id}/comments", token, {"fields": FACEBOOK_COMMENT_FIELDS, "filter": "stream"})

    def liked_by_page(self, comment_id: str, token: str) -> bool:
        """Whether the token's page already likes the comment (`user_likes`), before liking it again."""
        return self._get(comment_id, token, {"fields": "user_likes"}).get("user_likes") is True

    # Actions

    def private_reply(self, page_id: str, token: str, comment_id: str, text: str,
                      buttons: Sequence[Mapping] | None = None) -> dict:
        """Send the comment's one private message (a button template when `buttons` are given)."""
        if buttons:
            payload = {"template_type": "button", "text": text, "buttons": [dict(button) for button in buttons]}
            message = {"attachment": {"type": "template", "payload": payload}}
        else:
            message = {"text": text}
        body = self._call("POST", f"{page_id}/messages", token,
                          json_body={"recipient": {"comment_id": comment_id}, "message": message})
        return {"recipient_id": body.get("recipient_id"), "message_id": body.get("message_id")}

    def like(self, comment_id: str, token: str) -> bool:
        return _succeeded(self._call("POST", f"{comment_id}/likes", token))

    def hide(self, comment_id: str, token: str, platform: str, hidden: bool = True) -> bool:
        flag = "is_hidden" if _platform(platform) == "facebook" else "hide"
        return _succeeded(self._call("POST", comment_id, token, form={flag: "true" if hidden else "false"}))

    def public_reply(self, comment_id: str, token: str, message: str, platform: str) -> str:
        """Answer the comment publicly as the page; returns the new comment's id."""
        edge = "comments" if _platform(platform) == "facebook" else "replies"
        body = self._call("POST", f"{comment_id}/{edge}", token, form={"message": message})
        if not body.get("id"):
            raise Permanent(message="Graph answered a reply without an id")
        return str(body["id"])

    def subscribe_app(self, page_id: str, token: str, fields: Sequence[str] = ("feed",)) -> bool:
        """Page-level webhook subscription (docs/graph-api.md#subscriptions); Instagram goes through its linked page."""
        return _succeeded(self._call("POST", f"{page_id}/subscribed_apps", token,
                                     form={"subscribed_fields": ",".join(fields)}))

    def unsubscribe_app(self, page_id: str, token: str) -> bool:
        return _succeeded(self._call("DELETE", f"{page_id}/subscribed_apps", token))

    def subscribe_webhooks(self, callback_url: str, verify_token: str, object_type: str = "page",
                           fields: Sequence[str] = ("feed",)) -> bool:
        """App-level subscription: Meta (or the sandbox) performs the GET handshake on `callback_url`."""
        form = {"object": object_type, "callback_url": callback_url, "fields": ",".join(fields),
                "verify_token": verify_token}
        return _succeeded(self._call("POST", f"{self.app_id}/subscriptions", self.app_token, form=form))

    # Transport

    def url(self, path: str) -> str:
        prefix = f"{self.base_url}/{self.version}" if self.version else self.base_url
        return f"{prefix}/{path.lstrip('/')}"

    def appsecret_proof(self, token: str) -> str:
        return hmac.new(self.app_secret.encode(), token.encode(), hashlib.sha256).hexdigest()

    def _get(self, path: str, token: str, params: Mapping) -> dict:
        return self._call("GET", path, token, params=params)

    def _call(self, method: str, path: str, token: str, *, params: Mapping | None = None,
              form: Mapping | None = None, json_body: Mapping | None = None) -> dict:
        return self._send(method, self.url(path), token, params, form, json_body)

    def _send(self, method, url, token, params=None, form=None, json_body=None) -> dict:
        if not token:
            raise TokenInvalid(message="No access token for this Graph call")
        taken, self._taken_turn = self._taken_turn, None
        pacing.before_call(self.pacer, self.scope, taken)  # sleeps for the page's turn, or raises Paced
        try:
            return self._exchange(method, url, token, params, form, json_body)
        except GraphError as error:  # counted by code for the operators (app/metrics.py), then the caller's
            metrics.graph_error(error)
            raise

    def _exchange(self, method, url, token, params, form, json_body) -> dict:
        request_args = {
            "params": {**(params or {}), "appsecret_proof": self.appsecret_proof(token)},
            "form": form, "json_body": json_body, "timeout": self.timeout,
            "headers": {"Authorization": f"Bearer {token}"},
        }
        try:
            answer = self._request_once_more_on_reset(method, url, request_args)
        except TimedOut as exc:
            raise Transient(message=f"Graph API timed out after {self.timeout} s: {exc}") from exc
        except Unreachable as exc:
            raise Transient(message=f"Graph API unreachable: {exc}") from exc
        body = answer.json_or_text()
        failed = answer.status >= 400 or (isinstance(body, Mapping) and "error" in body)
        error = classify(answer.status, body, answer.headers) if failed else None
        pacing.after_answer(self.pacer, self.scope, answer.headers, error)
        if error is not None:
            raise error
        if body is True:
            return {"success": True}
        if not isinstance(body, Mapping):
            raise Permanent(message="Graph answered with a body that is not a JSON object", status=answer.status)
        return dict(body)

    def _request_once_more_on_reset(self, method, url, request_args):
        """The one retry: an idempotent GET whose pooled connection was closed under it is sent again once."""
        try:
            return self.transport.request(method, url, **request_args)
        except Unreachable as error:
            # A timed-out connect is a slow host, not a stale pooled socket: retrying only doubles the wait.
            if method != "GET" or isinstance(error, TimedOut):
                raise
            return self.transport.request(method, url, **request_args)

    def page_at(self, url: str, token: str, params: Mapping | None = None) -> tuple[list[dict], str | None]:
        """One page of an edge: its items and the next page's URL, None after the last. A caller that keeps the
        URL can call again after a failure (a rate limit) and carry on where it stopped."""
        page = self._send("GET", url, token, params)
        data = page.get("data") if isinstance(page.get("data"), list) else []
        next_url = next_page_url(self.base_url, page)
        if next_url is not None and next_url == url:
            raise Permanent(message=f"Graph paging did not advance past {url}")
        return [dict(item) for item in data if isinstance(item, Mapping)], next_url

    def _paged(self, path: str, token: str, params: Mapping) -> Iterator[dict]:
        return self._pages_from(self.url(path), token, {**params, "limit": self.page_size})

    def _pages_from(self, url: str, token: str, params: Mapping | None) -> Iterator[dict]:
        """Every item of an edge, following `paging.next` until it is absent (docs/graph-api.md#conventions)."""
        while url:
            items, next_url = self.page_at(url, token, params)
            yield from items
            url, params = next_url, None


def _fields(fields: str | Sequence[str]) -> str:
    return fields if isinstance(fields, str) else ",".join(fields)


def _platform(platform: str) -> str:
    if platform not in PLATFORMS:
        raise ValueError(f"platform must be one of {PLATFORMS}, not {platform!r}")
    return platform


def _succeeded(body: Mapping) -> bool:
    if body.get("success") in (True, "true"):
        return True
    raise Permanent(message=f"Graph did not confirm the action: {body!r}"[:200])
