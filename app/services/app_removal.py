"""A person removed the app from their Facebook account (Meta's deauthorize callback,
docs/graph-api.md#app-removal-and-data-deletion): Meta has revoked their token and the page tokens the app took
through it, so the product forgets them too and stops answering the pages they connected until someone connects them
again.
"""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import SocialPage, User
from app.services import page_reconnect


def forget_user(facebook_user_id: str) -> list[int]:
    """Forget the person's token and mark the pages whose connection they own for reconnection (their tokens came
    from theirs), tokens forgotten, each owner told by the page's alert; returns those pages. A person the product
    never saw changes nothing."""
    user = session.scalars(select(User).where(User.facebook_id == facebook_user_id)).first()
    if user is None:
        return []
    user.access_token, user.is_connected = None, False
    session.commit()
    page_ids = set(session.scalars(select(SocialPage.id).where(SocialPage.owner_id == user.id,
                                                               SocialPage.is_connected)))
    page_reconnect.mark(page_ids, page_reconnect.APP_REMOVED)
    return sorted(page_ids)
