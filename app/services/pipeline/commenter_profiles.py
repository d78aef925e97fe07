"""What a page knows of its commenters: the publisher fields of a log event and the subscriber profile."""
from __future__ import annotations

from sqlalchemy import func

from app.database import upsert
from app.models import InboxEvent, SocialPage, SubscriberProfile, utcnow


def names(event: InboxEvent, page: SocialPage) -> dict:
    """The personalisation tags' values for the commenter of `event`."""
    return tag_values(*_first_and_last(event), page)


def tag_values(first: str, last: str, page: SocialPage) -> dict:
    """The personalisation tags' values; Instagram only gives a username (spec 001 §5: names are FB only)."""
    if page.platform == "instagram":
        first, last = "", ""
    return {"first_name": first, "last_name": last, "page_name": page.name}


def publisher(event: InboxEvent) -> dict:
    first, last = _first_and_last(event)
    return {"id": event.from_id, "name": event.from_name, "first_name": first, "last_name": last,
            "username": event.from_name}


def record(commenters: list[tuple[SocialPage, InboxEvent]]) -> None:
    """Create or refresh the commenters' profiles in one statement (phone, email... are filled by the team)."""
    rows: dict[tuple[int, str], dict] = {}
    for page, event in commenters:
        if not event.from_id:
            continue
        first, last = _first_and_last(event)
        known = {"first_name": first, "last_name": last, "username": None} if page.platform == "facebook" else \
            {"first_name": None, "last_name": None, "username": event.from_name}
        key = (page.id, event.from_id)
        count = rows[key]["comments_count"] + 1 if key in rows else 1
        rows[key] = {"page_id": page.id, "publisher_id": event.from_id, "comments_count": count,
                     "updated_at": utcnow(), **_fitted({"name": event.from_name, **known})}
    upsert(SubscriberProfile, list(rows.values()), ["page_id", "publisher_id"], lambda proposed: {
        "name": proposed.name, "updated_at": proposed.updated_at,
        "first_name": func.coalesce(proposed.first_name, SubscriberProfile.first_name),
        "last_name": func.coalesce(proposed.last_name, SubscriberProfile.last_name),
        "username": func.coalesce(proposed.username, SubscriberProfile.username),
        "comments_count": SubscriberProfile.comments_count + proposed.comments_count})


def _first_and_last(event: InboxEvent) -> tuple[str, str]:
    """Facebook gives one display name: its first word is taken as the first name, the rest as the last."""
    first, _space, last = (event.from_name or "").partition(" ")
    return first, last


def _fitted(names: dict) -> dict:
    """Names cut to their columns: a long one must not fail the batch that records it."""
    columns = SubscriberProfile.__table__.c
    return {key: value[:columns[key].type.length] if value else value for key, value in names.items()}
