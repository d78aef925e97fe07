"""What a page knows of its commenters: the publisher fields of a log event and the subscriber profile."""
from __future__ import annotations

from app.database import upsert
from app.models import InboxEvent, SocialPage, SubscriberProfile, utcnow


def names(event: InboxEvent, page: SocialPage) -> dict:
    """The personalisation tags' values; Instagram only gives a username (spec 001 §5: names are FB only)."""
    first, _space, last = (event.from_name or "").partition(" ")
    if page.platform == "instagram":
        first, last = "", ""
    return {"first_name": first, "last_name": last, "page_name": page.name}


def publisher(event: InboxEvent) -> dict:
    first, _space, last = (event.from_name or "").partition(" ")
    return {"id": event.from_id, "name": event.from_name, "first_name": first, "last_name": last,
            "username": event.from_name}


def record(page: SocialPage, event: InboxEvent) -> None:
    """Create or refresh the commenter's profile in one statement (phone, email... are filled by the team)."""
    if not event.from_id:
        return
    first, _space, last = (event.from_name or "").partition(" ")
    names_known = {"username": event.from_name} if page.platform == "instagram" else \
        {"first_name": first, "last_name": last}
    row = {"page_id": page.id, "publisher_id": event.from_id, "name": event.from_name, "comments_count": 1,
           "updated_at": utcnow(), **names_known}
    upsert(SubscriberProfile, row, ["page_id", "publisher_id"],
           {"name": event.from_name, "updated_at": row["updated_at"], **names_known,
            "comments_count": SubscriberProfile.comments_count + 1})
