"""Following Graph's paging and reading its times: `paging.next` re-rooted without credentials, and the items of
an edge newer than a checkpoint (docs/graph-api.md#conventions)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

# Credentials the client sends itself; Meta echoes them into `paging.next`, where they would travel twice.
AUTH_PARAMS = frozenset({"access_token", "appsecret_proof"})
GRAPH_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S%z"


def next_page_url(base_url: str, page: Mapping) -> str | None:
    """`paging.next` re-rooted on our base URL without credentials, so a token never goes to another host."""
    paging = page.get("paging")
    link = paging.get("next") if isinstance(paging, Mapping) else None
    if not isinstance(link, str) or not link:
        return None
    base, parts = urlsplit(base_url), urlsplit(link)
    query = urlencode([(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True)
                       if key not in AUTH_PARAMS])
    return urlunsplit((base.scheme, base.netloc, parts.path, query, ""))


def newer_than(items: Iterator[dict], since: int | None, time_key: str, stop_at_older: bool) -> Iterator[dict]:
    for item in items:
        created = graph_time(item.get(time_key))
        if since is None or created is None or created >= since:
            yield item
        elif stop_at_older:
            return


def graph_time(value) -> int | None:
    """Unix seconds of a Graph read time ("2021-08-10T18:45:03+0000"); None when absent or unreadable."""
    if not isinstance(value, str):
        return None
    try:
        return int(datetime.strptime(value, GRAPH_TIME_FORMAT).timestamp())
    except ValueError:
        return None


def unix_seconds(moment: int | datetime | None) -> int | None:
    if moment is None:
        return None
    return int(moment.timestamp()) if isinstance(moment, datetime) else int(moment)
