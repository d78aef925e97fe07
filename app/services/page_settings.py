"""A page's settings, changed by its owner only (spec 000 §4 "Page settings"): anti-spam, likes, hiding negative
comments, the reply delay, and the public reply. The API has checked the values; here they are stored."""
from __future__ import annotations

from app.database import session
from app.models import SocialPage, User
from app.services import page_owner


def set_preferences(user: User, platform: str, external_id: str, *, spam: bool | None = None,
                    likes_comment: bool | None = None, hide_comment: bool | None = None,
                    delay_mode: str | None = None, delay_times_ms: list[int] | None = None) -> SocialPage:
    """Store the values given (None leaves a setting as it is). Times are milliseconds: none when immediate, one
    for Exactly, (from, to) for Randomly."""
    row = page_owner.owned_page(user, platform, external_id)
    for attribute, value in (("spam", spam), ("likes_comment", likes_comment), ("hide_comment", hide_comment)):
        if value is not None:
            setattr(row, attribute, value)
    if delay_mode is not None:
        row.delay_mode = delay_mode
        row.delay_times_ms = [] if delay_mode == "immediatly" else list(delay_times_ms or [])
    session.commit()
    return row


def set_public_reply(user: User, platform: str, external_id: str, enabled: bool, message: str) -> SocialPage:
    row = page_owner.owned_page(user, platform, external_id)
    row.public_reply_enabled, row.public_reply_message = enabled, message
    session.commit()
    return row
