"""The owner's calls on a page (spec 000 §4 "Disconnect", §5 "Pages and ownership", §6): disconnect, delete and
hand over. Each acts on the caller's own row of the page, their team's connection of it (docs/contracts.md "Pages
across teams"); another team's row of the same page is never touched.
"""
from __future__ import annotations

import logging

from sqlalchemy import delete, func, or_, select, update

from app import graph
from app.database import session
from app.errors import Conflict
from app.models import (Agent, Category, CommentLog, InboxEvent, Invitation, PlannedAction, Product, SocialPage,
                        TeamMembership, User)
from app.services import access, pages
from app.services.graph_client import graph_client
from app.services.pipeline import inbox

log = logging.getLogger(__name__)


class OwnerAlready(Conflict):
    code, message = "owner_already", "Owner Already !"


def owned_page(user: User, platform: str, external_id: str) -> SocialPage:
    """The user's own row of the page: 403 for a member of its team, and the same 403 outside its teams whether
    other teams have the page or none does."""
    return access.owned_row(user, external_id, platform)


def disconnect(settings: dict, user: User, platform: str, external_id: str) -> bool:
    """Stop the page: webhooks unsubscribed, its agents stopped, its token forgotten; team and settings stay."""
    row = owned_page(user, platform, external_id)
    _stop(settings, row)
    session.commit()
    inbox.forget_connected_pages()
    return True


def delete_page(settings: dict, user: User, platform: str, external_id: str) -> bool:
    """Remove the team's page and everything of it: agents, catalogue, logs, inbox, planned actions, team (another
    team's row of the same page is theirs and stays)."""
    row = owned_page(user, platform, external_id)
    _stop(settings, row)
    _delete_inbox(row)
    for model in (PlannedAction, CommentLog, Agent, Product, Category, Invitation, TeamMembership):
        session.execute(delete(model).where(model.page_id == row.id))
    session.delete(row)
    session.commit()
    inbox.forget_connected_pages()
    return True


def _delete_inbox(row: SocialPage) -> None:
    """The received comments of the page; when another team has a row of it, only those this team's logs hold
    (the others may be that team's, received or waiting to be decided)."""
    shared = session.scalar(select(SocialPage.id).where(SocialPage.platform == row.platform,
                                                        SocialPage.external_id == row.external_id,
                                                        SocialPage.id != row.id).limit(1))
    if shared is None:
        chosen = (InboxEvent.platform == row.platform) & (InboxEvent.page_external_id == row.external_id)
    else:
        chosen = InboxEvent.id.in_(select(CommentLog.inbox_event_id).where(CommentLog.page_id == row.id))
    session.execute(delete(InboxEvent).where(chosen))


def _stop(settings: dict, row: SocialPage) -> None:
    if row.is_connected:
        _unsubscribe(settings, row)
    session.execute(update(Agent).where(Agent.page_id == row.id).values(live=False, pending=False))
    row.is_connected, row.webhook_subscribed, row.access_token = False, False, None


def _unsubscribe(settings: dict, row: SocialPage) -> None:
    """Unsubscribe the Facebook page that carries the webhooks, unless another connected page of ours still
    needs it (a Facebook page and its linked Instagram account share one subscription)."""
    facebook_id = row.linked_page_external_id if row.platform == "instagram" else row.external_id
    if not facebook_id:
        return
    sharing = session.scalar(select(func.count(SocialPage.id)).where(
        SocialPage.id != row.id, SocialPage.is_connected,
        or_((SocialPage.platform == "facebook") & (SocialPage.external_id == facebook_id),
            (SocialPage.platform == "instagram") & (SocialPage.linked_page_external_id == facebook_id))))
    if sharing:
        return
    try:
        graph_client(settings).unsubscribe_app(facebook_id, row.access_token or "")
    except graph.GraphError as error:
        # The page is disconnected on our side whatever the network says: the webhook ignores disconnected pages.
        log.warning("unsubscribing page %s failed: %s", facebook_id, error.reason)


def transfer_ownership(user: User, platform: str, external_id: str, new_owner_facebook_id: str) -> bool:
    """Hand the page to a member of its team; False when the new owner's plan does not allow one more page.
    The former owner stays in the team as an invited admin (they administer the page on the network)."""
    row = owned_page(user, platform, external_id)
    new_owner = session.scalars(select(User).where(User.facebook_id == new_owner_facebook_id)).first()
    if new_owner is not None and new_owner.id == user.id:
        raise OwnerAlready()
    if new_owner is None or access.role_on(new_owner, row) is None:
        raise access.MemberNotFound()
    if row.is_connected and not pages.may_own_another_page(new_owner):
        return False
    row.owner_id = new_owner.id
    pages.set_role(row, new_owner, "owner")
    pages.set_role(row, user, "invited_admin")
    session.commit()
    return True
