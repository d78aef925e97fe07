"""What a page knows of its commenters: the publisher fields of a log event and the subscriber profile."""
from __future__ import annotations

from sqlalchemy import select

from app.database import insert_ignore, session
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
    """Create or refresh the commenter's profile (phone, email... are filled later by the team)."""
    if not event.from_id:
        return
    # Two comments of one commenter may be decided at once by two workers: insert-or-ignore, then update.
    insert_ignore(SubscriberProfile, {"page_id": page.id, "publisher_id": event.from_id, "comments_count": 0},
                  ["page_id", "publisher_id"])
    profile = session.scalars(select(SubscriberProfile).where(
        SubscriberProfile.page_id == page.id, SubscriberProfile.publisher_id == event.from_id)).one()
    first, _space, last = (event.from_name or "").partition(" ")
    profile.name = event.from_name
    if page.platform == "instagram":
        profile.username = event.from_name
    else:
        profile.first_name, profile.last_name = first, last
    profile.comments_count = SubscriberProfile.comments_count + 1  # in SQL: no lost update
    profile.updated_at = utcnow()
