"""A page's alerts (the Home screen, /notification and the bell): raised when a cause appears, cleared when it is
gone, each read or unread for each team member, and mailed once to the page owner when raised.

The causes are found by app/services/alert_causes.py. The beat task alerts.refresh (every ALERTS_INTERVAL, and at
once for a page whose replies the pipeline held) raises and clears them; reading a page's alerts clears those whose
cause is gone meanwhile (an owner who just reconnected the page or bought a plan sees the alert go at once), but
never raises one: raising mails, and that is the pass's job. A page that is no longer connected has no alerts.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from app.database import insert_ignore, session
from app.errors import NotFound
from app.models import Alert, AlertRead, SocialPage, User, utcnow
from app.services import access, alert_causes, alert_mail
from app.services.alert_causes import Cause

ALERTS_INTERVAL = 60.0  # seconds between two passes of the beat task alerts.refresh
# The route of the app that fixes each kind (alert_causes.FIXES; for an agent, the screen opens that agent there).
ROUTES = {"reconnect": "/pages", "edit_agent": "/home/auto-wizard", "agents": "/home/my-agents",
          "plans": "/home/billing"}


class AlertNotFound(NotFound):
    code, message = "alert_not_found", "Alert not found"


# The pass

def refresh_all(now: datetime | None = None) -> dict:
    """Raise and clear the alerts of every connected page, and clear those of pages no longer connected."""
    now = now or utcnow()
    cleared = session.execute(update(Alert).where(
        Alert.cleared_at.is_(None),
        Alert.page_id.in_(select(SocialPage.id).where(SocialPage.is_connected.is_(False))))
        .values(cleared_at=now)).rowcount
    session.commit()
    owners: dict[int | None, list[Cause]] = {}
    raised = 0
    for page_id in session.scalars(select(SocialPage.id).where(SocialPage.is_connected).order_by(SocialPage.id)):
        page = session.get(SocialPage, page_id)
        if page.owner_id not in owners:
            owners[page.owner_id] = alert_causes.owner_causes(page.owner, now)
        raised += len(refresh(page, owners[page.owner_id], now))
    return {"raised": raised, "cleared_disconnected": cleared}


def refresh(page: SocialPage, owner_found: list[Cause] | None = None, now: datetime | None = None) -> list[int]:
    """Raise the page's new causes and clear its gone ones; the raised alerts' ids (their mails are on their way)."""
    now = now or utcnow()
    causes = _causes(page, now, owner_found)
    still_open = _settle(page, causes, now)
    new = [Alert(page_id=page.id, kind=kind, cause_key=cause.key, details=cause.details, raised_at=now)
           for kind, cause in causes.items() if kind not in still_open]
    session.add_all(new)
    try:
        session.commit()
    except IntegrityError:  # a pass running beside this one raised them first: theirs are the same
        session.rollback()
        return []
    for alert in new:
        alert_mail.enqueue(alert.id)
    return [alert.id for alert in new]


def _causes(page: SocialPage, now: datetime, owner_found: list[Cause] | None = None) -> dict[str, Cause]:
    if owner_found is None:
        owner_found = alert_causes.owner_causes(page.owner, now)
    return {cause.kind: cause for cause in alert_causes.causes_of(page, owner_found, now)}


def _settle(page: SocialPage, causes: dict[str, Cause], now: datetime) -> set[str]:
    """Clear the page's open alerts whose cause is gone (or is another occurrence now); refresh the details of the
    others. The kinds still open."""
    still_open = set()
    for alert in _open_alerts(page):
        cause = causes.get(alert.kind)
        if cause is None or cause.key != alert.cause_key:
            alert.cleared_at = now
            continue
        still_open.add(alert.kind)
        if alert.details != cause.details:
            alert.details = cause.details
    return still_open


def _open_alerts(page: SocialPage) -> list[Alert]:
    return list(session.scalars(select(Alert).where(Alert.page_id == page.id, Alert.cleared_at.is_(None))
                                .order_by(Alert.raised_at.desc(), Alert.id.desc())))


# What a team member reads

def listing(user: User, external_id: str, platform: str) -> dict:
    """The page's open alerts, newest first, each read or not by the user, and how many are unread."""
    return _listing(user, access.team_row(user, external_id, platform))


def unread(user: User, external_id: str, platform: str) -> int:
    return listing(user, external_id, platform)["unread"]


def mark_read(user: User, alert_id: int) -> int:
    """One alert read by the user; how many of its page's alerts they have not read. Another team's alert
    answers as a missing one (ids cannot be probed)."""
    alert = session.get(Alert, alert_id)
    page = session.get(SocialPage, alert.page_id) if alert is not None else None
    if page is None or access.role_on(user, page) is None:
        raise AlertNotFound()
    _mark(user, [alert.id])
    return _listing(user, page)["unread"]


def mark_all_read(user: User, external_id: str, platform: str) -> None:
    page = access.team_row(user, external_id, platform)
    _mark(user, list(session.scalars(select(Alert.id).where(Alert.page_id == page.id, Alert.cleared_at.is_(None)))))


def _mark(user: User, alert_ids: list[int]) -> None:
    insert_ignore(AlertRead, [{"alert_id": alert_id, "user_id": user.id, "read_at": utcnow()}
                              for alert_id in alert_ids], ["alert_id", "user_id"])
    session.commit()


def _listing(user: User, page: SocialPage) -> dict:
    _clear_gone(page)
    read = set(session.scalars(select(AlertRead.alert_id).join(Alert, Alert.id == AlertRead.alert_id).where(
        AlertRead.user_id == user.id, Alert.page_id == page.id, Alert.cleared_at.is_(None))))
    shown = [answer(alert, page, alert.id in read) for alert in _open_alerts(page)]
    return {"alerts": shown, "unread": sum(not alert["read"] for alert in shown)}


def _clear_gone(page: SocialPage) -> None:
    """Clear the page's alerts whose cause is gone (all of them once it is disconnected); never raise one."""
    now = utcnow()
    _settle(page, _causes(page, now) if page.is_connected else {}, now)
    session.commit()


def answer(alert: Alert, page: SocialPage, read: bool) -> dict:
    action = alert_causes.fix_of(alert.kind, alert.details or {})
    agent = (alert.details or {}).get("agent")
    return {"id": alert.id, "kind": alert.kind, "raisedAt": alert.raised_at.replace(tzinfo=timezone.utc), "read": read,
            "details": alert.details or {},
            "action": {"kind": action, "route": ROUTES[action], "agentId": agent["id"] if agent else None},
            "page": {"id": page.external_id, "platform": page.platform, "name": page.name}}
