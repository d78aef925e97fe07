"""Social pages (spec 000 §3 "Social page", §4 "Page connection state", §5 "Pages and ownership", §6):
the pages a user may see, grouped by the user's relation to them, and connecting a page. The owner's calls that
disconnect, delete and hand over a page are in app/services/page_owner.py, the settings (preferences, public
reply) in app/services/page_settings.py.

The network says which pages a user administers (`/me/accounts`, with each page's linked Instagram business
account); our rows say which are connected and whose team they belong to. A row is one team's connection of the
page, with that team's catalogue, agents, logs and fans: a team connecting a page another team had starts a row of
its own, and a team connecting its page again gets its row back (docs/contracts.md "Pages across teams"). At most
one row of a page is connected: the page's comments go to it. Page tokens stay on the server.
"""
from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError

from app import graph
from app.database import session
from app.errors import Conflict, Forbidden, UpstreamUnavailable
from app.models import SocialPage, TeamMembership, User
from app.services import access, page_stats
from app.services.billing import plans
from app.services.graph_client import graph_client
from app.services.pipeline import inbox

log = logging.getLogger(__name__)

OWNER, INVITE_ADMIN, INVITE = "listPageConnectedOwner", "listPageInviteAdmin", "listPageInvite"
OTHER_TEAM, NOT_CONNECTED = "listPageConnectedOtherTeam", "listPageNotConnected"
GROUPS = (OWNER, INVITE_ADMIN, INVITE, OTHER_TEAM, NOT_CONNECTED)
GROUP_OF_ROLE = {"owner": OWNER, "invited_admin": INVITE_ADMIN, "invited_member": INVITE}
ACCOUNT_FIELDS = "id,name,access_token,picture,instagram_business_account{id,username,name,profile_picture_url}"
STATS_READERS = 8


class NotPageAdmin(Forbidden):
    code, message = "not_page_admin", "Only page administrators can connect a page"


class ConnectedMeanwhile(Conflict):
    code, message = "page_connected_meanwhile", "This page was connected meanwhile, reload the pages"


@dataclass(frozen=True)
class NetworkPage:
    """A page (or Instagram account) as the network shows it to one of its administrators."""

    platform: str
    external_id: str
    name: str
    token: str | None
    subscribe_id: str  # the Facebook page whose subscribed_apps carries the webhooks (Instagram: the linked page)
    picture: str | None = None
    username: str | None = None


# Listing

def list_pages(settings: dict, user: User, platform: str, connected_only: bool = False,
               accounts: list[dict] | None = None) -> dict[str, list[dict]]:
    """Every page the user administers on the network or belongs to the team of, in its group, sorted by name
    case-insensitively; a page whose statistics cannot be read is left out (spec 000 §7)."""
    accounts = user_accounts(settings, user) if accounts is None else accounts
    administered = {page.external_id: page for page in pages_in(accounts, platform)}
    rows = _shown_rows(user, _rows_seen_by(user, platform, administered))
    listed = [(external_id, _group(user, rows.get(external_id))) for external_id in administered.keys() | rows.keys()]
    listed = [(external_id, group) for external_id, group in listed if not (connected_only and group == NOT_CONNECTED)]
    tokens = [administered[external_id].token if external_id in administered else rows[external_id].access_token
              for external_id, _group_name in listed]
    figures = _statistics(settings, platform, [external_id for external_id, _group_name in listed], tokens)
    groups: dict[str, list[dict]] = {group: [] for group in GROUPS}
    for (external_id, group), page_figures in zip(listed, figures):
        if page_figures is None and _stopped_in_team(user, rows.get(external_id)):
            page_figures = {}  # its token is gone: shown without figures, so its team sees it needs reconnecting
        if page_figures is not None:
            groups[group].append(_entry(user, platform, external_id, rows.get(external_id),
                                        administered.get(external_id), page_figures, group))
    for pages in groups.values():
        pages.sort(key=lambda page: page["name"].casefold())
    return groups


def list_both_networks(settings: dict, user: User, connected_only: bool = False) -> dict[str, dict]:
    """Facebook pages and Instagram accounts, from one read of the user's accounts."""
    accounts = user_accounts(settings, user)
    return {"facebookPages": list_pages(settings, user, "facebook", connected_only, accounts),
            "instaPages": list_pages(settings, user, "instagram", connected_only, accounts)}


def _statistics(settings: dict, platform: str, external_ids: list[str], tokens: list[str | None]) -> list:
    # One Graph read per page not in the cache: read side by side, so a long list costs about one read.
    with ThreadPoolExecutor(max_workers=STATS_READERS) as pool:
        return list(pool.map(lambda external_id, token: page_stats.stats(settings, platform, external_id, token),
                             external_ids, tokens))


def network_pages(settings: dict, user: User, platform: str) -> list[NetworkPage]:
    """The pages the user administers on the network (Instagram: the business accounts linked to them)."""
    return pages_in(user_accounts(settings, user), platform)


def user_accounts(settings: dict, user: User) -> list[dict]:
    """The user's `/me/accounts`, each page with its token and linked Instagram business account."""
    try:
        return graph_client(settings).accounts(user.access_token or "", ACCOUNT_FIELDS)
    except (graph.Transient, graph.RateLimited) as error:
        raise UpstreamUnavailable("Error while getting pages") from error
    except graph.GraphError as error:
        # A token the network no longer takes administers nothing; the user's teams still show.
        log.info("pages of user %s unreadable: %s", user.id, error.reason)
        return []


def pages_in(accounts: list[dict], platform: str) -> list[NetworkPage]:
    if platform == "instagram":
        return [_instagram_page(account) for account in accounts if _linked_account(account)]
    return [_facebook_page(account) for account in accounts if account.get("id")]


def _facebook_page(account: dict) -> NetworkPage:
    picture = ((account.get("picture") or {}).get("data") or {}).get("url")
    return NetworkPage("facebook", str(account["id"]), str(account.get("name") or ""), account.get("access_token"),
                       str(account["id"]), picture)


def _instagram_page(account: dict) -> NetworkPage:
    linked = _linked_account(account)
    return NetworkPage("instagram", str(linked["id"]), str(linked.get("name") or linked.get("username") or ""),
                       account.get("access_token"), str(account["id"]), linked.get("profile_picture_url"),
                       linked.get("username"))


def _linked_account(account: dict) -> dict | None:
    linked = account.get("instagram_business_account")
    return linked if isinstance(linked, dict) and linked.get("id") and account.get("id") else None


def _rows_seen_by(user: User, platform: str, administered: dict) -> list[SocialPage]:
    """Our rows of the pages the user administers, and of the connected pages of the user's teams."""
    teams = select(TeamMembership.page_id).where(TeamMembership.user_id == user.id)
    in_team = SocialPage.is_connected & or_(SocialPage.owner_id == user.id, SocialPage.id.in_(teams))
    seen = or_(SocialPage.external_id.in_(list(administered)), in_team) if administered else in_team
    return list(session.scalars(select(SocialPage).where(SocialPage.platform == platform, seen)))


def _shown_rows(user: User, rows: list[SocialPage]) -> dict[str, SocialPage]:
    """The row each page is shown by: the connected one (whose team has the page now), else the user's team's."""
    shown: dict[str, SocialPage] = {}
    for row in sorted(rows, key=lambda row: (row.is_connected, access.role_on(user, row) is not None, row.id)):
        shown[row.external_id] = row
    return shown


def _stopped_in_team(user: User, row: SocialPage | None) -> bool:
    return row is not None and row.is_connected and row.needs_reconnect and access.role_on(user, row) is not None


def _group(user: User, row: SocialPage | None) -> str:
    if row is None or not row.is_connected:
        return NOT_CONNECTED
    return GROUP_OF_ROLE.get(access.role_on(user, row) or "", OTHER_TEAM)


def _entry(user: User, platform: str, external_id: str, row: SocialPage | None, network_page: NetworkPage | None,
           figures: dict, group: str) -> dict:
    name = figures.get("name") or (network_page.name if network_page else row.name) or ""
    picture = figures.get("picture") or (network_page.picture if network_page else row.picture_url)
    connected = row is not None and row.is_connected
    # Another team's settings and members are theirs: a page outside the user's team shows the defaults.
    mine = row if row is not None and access.role_on(user, row) is not None else None
    team = team_of(mine) if mine is not None else []
    # The team sees its page stopped until reconnected, and why (app/services/page_reconnect.py).
    reconnect = _stopped_in_team(user, row)
    return {"idPage": external_id, "id": external_id, "name": name, "namePage": name, "platform": platform,
            "picture": picture, "imageUrl": picture, "isConnectedPage": connected, "isConnected": connected,
            "status": group, **settings_of(mine), "user": team, "admins": team, **_figures(figures),
            "needsReconnect": reconnect, "reconnectReason": mine.reconnect_reason if reconnect else None}


def _figures(figures: dict) -> dict:
    keys = ("fans", "interactions", "fan_count", "new_like_count", "followers_count", "media_count", "username",
            "profile_picture_url")
    return {key: figures[key] for key in keys if key in figures}


def settings_of(row: SocialPage | None) -> dict:
    """The page's settings as the specification names them (defaults for no row)."""
    if row is None:
        return {"spam": False, "likesComment": False, "hideComment": False, "keepComplaints": False,
                "public_reply": {"statut": False, "message": ""}, "delay": "immediatly",
                "respReplies": {"statut": "immediatly", "time": []}, "whiteSet": False}
    return {"spam": row.spam, "likesComment": row.likes_comment, "hideComment": row.hide_comment,
            "keepComplaints": row.keep_complaints,
            "public_reply": {"statut": row.public_reply_enabled, "message": row.public_reply_message or ""},
            "delay": row.delay_mode, "respReplies": {"statut": row.delay_mode, "time": list(row.delay_times_ms or [])},
            "whiteSet": row.white_set}


def team_of(row: SocialPage) -> list[dict]:
    """The owner first, then the members in the order they joined (spec 000 §3 "Team member / admin")."""
    members = session.execute(select(User, TeamMembership.role).join(TeamMembership, TeamMembership.user_id == User.id)
                              .where(TeamMembership.page_id == row.id).order_by(TeamMembership.id)).all()
    team = [(member, "owner" if member.id == row.owner_id else role) for member, role in members]
    if row.owner is not None and all(member.id != row.owner_id for member, _role in team):
        team.insert(0, (row.owner, "owner"))
    team.sort(key=lambda pair: pair[1] != "owner")
    return [{"idFacebook": member.facebook_id, "first_name": member.first_name, "last_name": member.last_name,
             "name": member.full_name, "role": role, "idPage": row.external_id} for member, role in team]


# Connecting

def find(platform: str, external_id: str) -> SocialPage | None:
    """The page's connected row: the team that has the page now."""
    if not access.NETWORK_ID.fullmatch(external_id):  # no page has it (and PostgreSQL refuses some characters)
        return None
    return session.scalars(select(SocialPage).where(SocialPage.platform == platform,
                                                    SocialPage.external_id == external_id,
                                                    SocialPage.is_connected)).first()


def connect(settings: dict, user: User, platform: str, external_id: str) -> bool:
    """Connect a page the user administers, the user becoming its owner; False when the user's plan refuses it
    (the free offer, or the plan's page limit: spec 000 §4, §6)."""
    network_page = next((page for page in network_pages(settings, user, platform)
                         if page.external_id == external_id), None)
    if network_page is None:
        raise NotPageAdmin()
    row = find(platform, external_id)
    if row is not None:
        role = access.require_member(user, row)
        if role == "owner":  # connecting again refreshes the token (a page marked for reconnection)
            _subscribe(settings, network_page)
            _store_connection(row, user, network_page)
        return True
    if not may_own_another_page(user):
        return False
    _subscribe(settings, network_page)
    # The user's own team gets its row back; anyone else starts a team of their own, with nothing of the others'.
    row = access.own_row(user, external_id, platform) or SocialPage(platform=platform, external_id=external_id)
    _store_connection(row, user, network_page)
    return True


def may_own_another_page(user: User) -> bool:
    """Whether the user's current plan allows one more connected page of theirs (the Free Trial allows none)."""
    current = plans.current_plan(user)
    if current is None or current.expired or current.plan.type == plans.FREE_TRIAL:
        return False
    owned = session.scalar(select(func.count(SocialPage.id)).where(SocialPage.owner_id == user.id,
                                                                   SocialPage.is_connected)) or 0
    return owned < current.plan.number_pages


def _subscribe(settings: dict, network_page: NetworkPage) -> None:
    try:
        graph_client(settings).subscribe_app(network_page.subscribe_id, network_page.token or "")
    except graph.GraphError as error:
        log.warning("subscribing page %s failed: %s", network_page.subscribe_id, error.reason)
        raise UpstreamUnavailable("Error while connecting the page") from error


def _store_connection(row: SocialPage, user: User, network_page: NetworkPage) -> None:
    row.name = network_page.name or row.name or ""
    row.picture_url = network_page.picture or row.picture_url
    row.username = network_page.username or row.username
    row.access_token = network_page.token
    row.linked_page_external_id = network_page.subscribe_id if row.platform == "instagram" else None
    row.owner_id = user.id
    row.is_connected, row.needs_reconnect, row.webhook_subscribed = True, False, True
    row.reconnect_reason = None
    session.add(row)
    try:
        session.flush()
        set_role(row, user, "owner")
        session.commit()
    except IntegrityError as error:  # the page connected by a concurrent call: one connected row per page
        session.rollback()
        raise ConnectedMeanwhile() from error
    inbox.forget_connected_pages()


def set_role(row: SocialPage, user: User, role: str) -> None:
    membership = session.scalars(select(TeamMembership).where(TeamMembership.page_id == row.id,
                                                              TeamMembership.user_id == user.id)).first()
    if membership is None:
        session.add(TeamMembership(page_id=row.id, user_id=user.id, role=role))
    else:
        membership.role = role
