"""A page's settings, changed by its owner only (spec 000 §4 "Page settings"): anti-spam, likes, hiding negative
comments (or abuse only, keeping complaints), the reply delay, and the public reply. The API has checked the values; here they are stored. The Price
intent's allowance (the page's whiteSet, spec 001 §4) is the operator's: `python -m app pages allow-price`."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import SocialPage, User
from app.services import page_owner


def set_preferences(user: User, platform: str, external_id: str, *, spam: bool | None = None,
                    likes_comment: bool | None = None, hide_comment: bool | None = None,
                    keep_complaints: bool | None = None,
                    delay_mode: str | None = None, delay_times_ms: list[int] | None = None) -> SocialPage:
    """Store the values given (None leaves a setting as it is). Times are milliseconds: none when immediate, one
    for Exactly, (from, to) for Randomly."""
    row = page_owner.owned_page(user, platform, external_id)
    for attribute, value in (("spam", spam), ("likes_comment", likes_comment), ("hide_comment", hide_comment),
                             ("keep_complaints", keep_complaints)):
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


def allow_price(external_id: str) -> list[SocialPage]:
    """Allow the Price intent on the page with this network id: every row it has (one per team that connected it),
    so the team that has it now gets it whichever that is. No row: an empty list (its owner connects it first)."""
    rows = session.scalars(select(SocialPage).where(SocialPage.external_id == external_id.strip())
                           .order_by(SocialPage.id)).all()
    for row in rows:
        row.white_set = True
    session.commit()
    return rows
