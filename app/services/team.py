"""A page's team (spec 000 §2 "Team screen", §4 "Invitation flow", §5 "Team", §6): who is on it, invitations,
adding a person already in another of the owner's teams, removing members.

Only the owner invites, adds and removes (spec 000 §6: "Only a user whose page status is listPageConnectedOwner can
generate invitations and delete members"; invited admins have the members' rights). Every team member may list the
team; anyone else gets 403 (app/services/access.py).

Seats (the plan's `number_users`) count the people of all the owner's teams together, the owner included, plus
the invitations still open: a person already in one of the owner's teams takes no new seat in another, and open
links cannot be accepted past the limit.

Errors carry the specification's message keys as their `code` (validName, invalidEmail, cannotDeleteOwner, ...),
with the English message as `message`.
"""
from __future__ import annotations

import re
import secrets
from datetime import timedelta

from sqlalchemy import func, select

from app.database import session
from app.errors import Conflict, DomainError
from app.models import Invitation, SocialPage, TeamMembership, User, utcnow
from app.services import access, invitations, mail
from app.services.billing import plans

INVITATION_HOURS = 24
MEMBER_NAME_MIN = 3
MEMBER_NAME_MAX = 255
# spec 000 §5: "a simple address pattern" (ASCII: a mail server may refuse an internationalised address).
EMAIL_PATTERN = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}")
OWNER = "owner"


class InvalidInput(DomainError):
    status = 422


class InvalidMemberName(InvalidInput):
    code, message = "validName", "Please enter a valid name first !"


class InvalidEmail(InvalidInput):
    code, message = "invalidEmail", "Invalid email"


class InvitationNotValid(InvalidInput):
    code, message = "invitationNotValid", "This invitation link is no longer valid, generate a new one"


class NotInYourTeams(InvalidInput):
    code, message = "invitFailed", "Select one team member to invite him."


class OwnerNotSelectable(InvalidInput):
    code, message = "ownerNotSelectable", "Owners cannot be selected"


class AlreadyInvited(Conflict):
    code, message = "alreadyInvited", "This user was already invited"


class CannotDeleteOwner(DomainError):
    status, code, message = 403, "cannotDeleteOwner", "You can't delete the owner"


class OwnerOnly(access.Forbidden):
    code, message = "ownerOnly", "Only the owner of the page can manage its team"


class CannotChangeOwner(DomainError):
    status, code, message = 403, "cannotChangeOwner", "The owner's role changes only by making another member owner"


# --- who may do what -----------------------------------------------------------------------------------------

def team_page(user: User, external_id: str, platform: str) -> tuple[SocialPage, str]:
    """The user's team's row of the page (by its network id and platform) and the user's role on it; 403 when the
    user is not on its team, and the same 403 when no such page exists (spec 000 §6: "or no page exists, ...
    cannotSee")."""
    page = access.team_row(user, external_id, platform)
    return page, access.require_member(user, page)


def owned_page(user: User, external_id: str, platform: str) -> SocialPage:
    page, role = team_page(user, external_id, platform)
    if role != OWNER:
        raise OwnerOnly()
    return page


# --- the team ------------------------------------------------------------------------------------------------

def _member(user: User, role: str, page: SocialPage) -> dict:
    return {"idFacebook": user.facebook_id, "first_name": user.first_name, "last_name": user.last_name,
            "name": user.full_name, "role": role, "idPage": page.external_id, "platform": page.platform,
            "profilePictureUrl": user.picture_url}


def members(page: SocialPage) -> list[dict]:
    """The owner first, then the members in the order they joined."""
    team = [_member(page.owner, OWNER, page)] if page.owner is not None else []
    rows = session.execute(select(User, TeamMembership.role).join(TeamMembership, TeamMembership.user_id == User.id)
                           .where(TeamMembership.page_id == page.id)
                           .order_by(TeamMembership.created_at, TeamMembership.id)).all()
    return team + [_member(user, role, page) for user, role in rows if user.id != page.owner_id]


# --- invitations ---------------------------------------------------------------------------------------------

def clean_member_name(raw: str) -> str:
    name = " ".join(raw.split())
    if not MEMBER_NAME_MIN <= len(name) <= MEMBER_NAME_MAX or not name.isprintable():
        raise InvalidMemberName()
    return name


def seats(owner: User) -> tuple[int, int | None]:
    """(seats taken, seats of the owner's plan; None when the plan has expired or there is none)."""
    current = plans.current_plan(owner)
    limit = None if current is None or current.expired else current.plan.number_users
    owned = select(SocialPage.id).where(SocialPage.owner_id == owner.id)
    people = session.scalar(select(func.count(func.distinct(TeamMembership.user_id))).where(
        TeamMembership.page_id.in_(owned), TeamMembership.user_id != owner.id)) or 0
    open_links = session.scalar(select(func.count(Invitation.id)).where(
        Invitation.page_id.in_(owned), Invitation.used_at.is_(None), Invitation.expires_at > utcnow())) or 0
    return 1 + people + open_links, limit


def has_free_seat(owner: User) -> bool:
    taken, limit = seats(owner)
    return limit is not None and taken < limit


def candidates(owner: User, page: SocialPage, name: str) -> list[dict]:
    """People of the owner's other teams whose name contains `name` (any case), not yet on this page's team: the
    picker's list (spec 000 §4 step 2)."""
    pattern = "%" + name.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    full_name = func.lower(User.first_name + " " + User.last_name)
    on_this_page = select(TeamMembership.user_id).where(TeamMembership.page_id == page.id)
    rows = session.execute(
        select(User, TeamMembership.role, SocialPage)
        .join(TeamMembership, TeamMembership.user_id == User.id)
        .join(SocialPage, SocialPage.id == TeamMembership.page_id)
        .where(SocialPage.owner_id == owner.id, SocialPage.id != page.id, User.id != owner.id,
               User.id.not_in(on_this_page), full_name.like(pattern, escape="\\"))
        .order_by(func.lower(User.first_name), func.lower(User.last_name), User.id, SocialPage.id)).all()
    seen, found = set(), []
    for user, role, other_page in rows:
        if user.id not in seen:
            seen.add(user.id)
            found.append(_member(user, role, other_page))
    return found


def generate(owner: User, page: SocialPage, raw_name: str) -> bool | list[dict] | dict:
    """spec 000 §4 step 2: False past the plan's seats, the matching people of the owner's other teams, or a new
    single-use invitation valid 24 hours."""
    name = clean_member_name(raw_name)
    if not has_free_seat(owner):
        return False
    found = candidates(owner, page, name)
    if found:
        return found
    invitation = Invitation(page_id=page.id, token=secrets.token_urlsafe(32), member_name=name,
                            created_by_id=owner.id, expires_at=utcnow() + timedelta(hours=INVITATION_HOURS))
    session.add(invitation)
    session.commit()
    return {"tokenPage": invitation.token, "expiresAt": invitation.expires_at, "memberName": name}


def send_invitation(owner: User, page: SocialPage, token: str, email: str, name: str) -> Invitation:
    """Mail an open invitation of this page to `email` (through the mail queue: the call never waits on SMTP)."""
    email, name = email.strip(), " ".join(name.split())
    if not name or not name.isprintable() or len(email) > 254 or not EMAIL_PATTERN.fullmatch(email):
        raise InvalidEmail()
    invitation = session.scalars(select(Invitation).where(Invitation.token == token.strip(),
                                                          Invitation.page_id == page.id)).first()
    if invitation is None or invitation.used_at is not None or invitation.expires_at <= utcnow():
        raise InvitationNotValid()
    invitation.email, invitation.member_name = email, name[:MEMBER_NAME_MAX]
    session.commit()
    mail.enqueue_invitation(invitation.id)
    return invitation


# --- adding and removing -------------------------------------------------------------------------------------

def add_existing(settings: dict, owner: User, page: SocialPage, network_id: str) -> None:
    """Add a person of one of the owner's other teams to this page's team (no new seat: they already hold one)."""
    user = session.scalars(select(User).where(User.facebook_id == network_id.strip())).first()
    if user is not None and (user.id == owner.id or user.id == page.owner_id):
        raise OwnerNotSelectable()
    if user is None or session.scalar(select(TeamMembership.id).join(SocialPage).where(
            TeamMembership.user_id == user.id, SocialPage.owner_id == owner.id).limit(1)) is None:
        raise NotInYourTeams()
    if access.role_on(user, page) is not None:
        raise AlreadyInvited()
    session.add(TeamMembership(page_id=page.id, user_id=user.id,
                               role=invitations.role_for(page, admin_page_ids(settings, user))))
    session.commit()


def delete_member(page: SocialPage, network_id: str) -> None:
    """Remove a member; never the owner (spec 000 §5 cannotDeleteOwner). The stored roles decide, not the role the
    client names in the path (the specification does not say whose role that is: the member's or the caller's)."""
    session.delete(_membership(page, network_id, CannotDeleteOwner()))
    session.commit()


def change_role(page: SocialPage, network_id: str, role: str) -> None:
    """Make a member an admin or a member of the team (issue 42 §4; spec 000 §6 gives both the same rights, and
    Make owner offers the admins). The owner's own role changes only by handing the page over (make owner)."""
    _membership(page, network_id, CannotChangeOwner()).role = role
    session.commit()


def _membership(page: SocialPage, network_id: str, if_owner: DomainError) -> TeamMembership:
    """The team membership of the person with this network id: `if_owner` raised for the page's owner, 404 for
    anyone not on the team."""
    user = session.scalars(select(User).where(User.facebook_id == network_id.strip())).first()
    if user is not None and user.id == page.owner_id:
        raise if_owner
    membership = None if user is None else session.scalars(select(TeamMembership).where(
        TeamMembership.page_id == page.id, TeamMembership.user_id == user.id)).first()
    if membership is None:
        raise access.MemberNotFound()
    return membership


def admin_page_ids(settings: dict, user: User) -> set[str]:
    """The network pages `user` administers, read with their stored token (empty when it cannot be read)."""
    if not user.access_token:
        return set()
    from app import graph
    from app.services.graph_client import graph_client

    try:
        return {str(page["id"]) for page in graph_client(settings).accounts(user.access_token)}
    except graph.GraphError:
        return set()

