"""The page owner's mail for an alert, sent once when it is raised (worker task mail.send, kind "alert").

Written in the owner's language (the one they last signed in with; English when none is stored), from the texts
the screens show (frontend/src/i18n/locales/*/alerts.json, read by app/services/locale_texts.py), as HTML with a
plain-text part. An alert's mail is claimed (`mailed_at`) before it is sent and given back when the mail server
refuses, so the task's retries never mail it twice and a redelivered message finds it sent. The plan's alerts are
the owner's, raised on each of their pages: one mail covers them all (the page's alert with the lowest id sends).
"""
from __future__ import annotations

from email.message import EmailMessage

from sqlalchemy import exists, select, update

from app import queue
from app.database import session
from app.models import Alert, SocialPage, User, utcnow
from app.services import locale_texts, mail
from app.services.alert_causes import OWNER_KINDS, REPLY_ERROR_STREAK, fix_of

KIND = "alert"
NAMESPACE = "alerts"


def enqueue(alert_id: int) -> bool:
    return queue.enqueue(queue.SEND_MAIL, KIND, alert_id)


def deliver(settings: dict, alert_id: int) -> str:
    """Send the alert's mail unless it went out already, the alert is cleared, another page's alert of the owner
    covers it, or the owner has no address: sent or skipped. SMTP errors propagate (the task tries again)."""
    alert = session.get(Alert, alert_id)
    page = session.get(SocialPage, alert.page_id) if alert is not None else None
    owner = page.owner if page is not None else None
    if owner is None or not owner.email or _covered_by_another(alert, page) or not _claim(alert):
        return "skipped"
    try:
        mail.send(settings, message(settings, alert, page, owner))
    except Exception:
        session.execute(update(Alert).where(Alert.id == alert.id).values(mailed_at=None))
        session.commit()
        raise
    return "sent"


def _claim(alert: Alert) -> bool:
    claimed = session.execute(update(Alert).where(Alert.id == alert.id, Alert.mailed_at.is_(None),
                                                  Alert.cleared_at.is_(None)).values(mailed_at=utcnow())).rowcount
    session.commit()
    return claimed == 1


def _covered_by_another(alert: Alert, page: SocialPage) -> bool:
    if alert.kind not in OWNER_KINDS:
        return False
    siblings = select(SocialPage.id).where(SocialPage.owner_id == page.owner_id)
    return bool(session.scalar(select(exists().where(
        Alert.kind == alert.kind, Alert.cause_key == alert.cause_key, Alert.id < alert.id,
        Alert.page_id.in_(siblings)))))


def message(settings: dict, alert: Alert, page: SocialPage, owner: User) -> EmailMessage:
    language = owner.language if owner.language in locale_texts.LANGUAGES else "en"
    values = _values(language, alert, page)
    title = _text(language, f"kinds.{alert.kind}.title", values)
    body = _text(language, f"kinds.{alert.kind}.body", values)
    action = _text(language, f"actions.{fix_of(alert.kind, alert.details or {})}", values)
    link = settings["PUBLIC_URL"].rstrip("/") + "/home"
    greeting = _text(language, "mail.greeting", {"name": owner.first_name or owner.full_name})
    intro = _text(language, "mail.intro", values)
    footer = _text(language, "mail.footer", values)
    return mail.letter(settings, owner.email, f"{title} – {page.name}", [greeting, intro, body], (action, link),
                       footer, title=title)


def _values(language: str, alert: Alert, page: SocialPage) -> dict:
    """The placeholders of the alert's texts, written as the screens write them."""
    details = alert.details or {}
    agent = details.get("agent")
    if agent:
        agent_name = _text(language, "agentGeneric" if agent.get("generic") else "agentPost",
                           {"post": agent.get("post") or ""})
    else:
        agent_name = _text(language, "agentUnknown", {})
    expires = details.get("expiresAt") or ""
    return {"page": page.name, "streak": str(REPLY_ERROR_STREAK), "error": details.get("error", ""),
            "agent": agent_name, "used": locale_texts.number(language, details.get("used", 0)),
            "limit": locale_texts.number(language, details.get("limit", 0)), "plan": details.get("plan") or "",
            "date": _date(language, expires), "hours": str(details.get("hours", "")),
            "perDay": locale_texts.number(language, details.get("usualPerDay", 0))}


def _date(language: str, iso: str) -> str:
    if not iso:
        return ""
    year, month, day = iso[:10].split("-")
    return f"{day}/{month}/{year}" if language == "fr" else f"{year}-{month}-{day}"


def _text(language: str, path: str, values: dict) -> str:
    return locale_texts.filled(language, NAMESPACE, f"alerts.{path}", values)
