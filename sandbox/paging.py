"""Cursor paging in Meta's shape: `data`, `paging.cursors`, and `next`/`previous` as full URLs.

The end of a list is the absence of `next` (docs/graph-api.md#conventions)."""
import base64
from urllib.parse import urlencode

from flask import request

from sandbox.errors import invalid_parameter
from sandbox.params import int_param


def encode_cursor(index):
    return base64.urlsafe_b64encode(f"cursor:{index}".encode()).decode().rstrip("=")


def decode_cursor(cursor):
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        prefix, index = text.split(":")
        if prefix != "cursor":
            raise ValueError(prefix)
        return int(index)
    except ValueError:
        raise invalid_parameter("Invalid cursor", subcode=None) from None


def page(items, render, limit=None, after=None, before=None, path=None, query=None):
    """One page of `items` (already filtered and ordered), each rendered, with links to its neighbours.

    `path` and `query` build the links of a nested edge; without them the current request is the list
    and its own `after` / `before` pick the page."""
    if path is None:
        after, before = request.args.get("after"), request.args.get("before")
    limit = limit or int_param("limit", 25, maximum=500)
    start = decode_cursor(after) + 1 if after else 0
    if before and not after:
        start = max(decode_cursor(before) - limit, 0)
    chunk = items[start:start + limit]
    answer = {"data": [render(item) for item in chunk]}
    if not chunk:
        return answer
    first, last = start, start + len(chunk) - 1
    answer["paging"] = {"cursors": {"before": encode_cursor(first), "after": encode_cursor(last)}}
    base = request.host_url.rstrip("/") + request.script_root + (path or request.path)
    query = dict(request.args.items()) if query is None else dict(query)
    query.pop("after", None)
    query.pop("before", None)
    query["limit"] = limit
    if last + 1 < len(items):
        answer["paging"]["next"] = f"{base}?{urlencode({**query, 'after': encode_cursor(last)})}"
    if first > 0:
        answer["paging"]["previous"] = f"{base}?{urlencode({**query, 'before': encode_cursor(first)})}"
    return answer
