"""Outgoing mail: the invitation link (spec 000 §4 "Invitation flow"), the operator's contact notification and the
alerts (app/services/alert_mail.py).

The web side only enqueues (`mail.send` on the `mail` queue, carrying the kind of mail and a row id: the database
is the truth, docs/architecture.md#queue-rules rule 1); a worker composes the message from the row and sends it
over SMTP (`SMTP_URL`, `MAIL_FROM`), so a slow mail server never holds a web request. In development
`python -m app mailsink` receives the mails into var/mail/.
"""
from __future__ import annotations

import html
import logging
import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from app import queue
from app.database import session
from app.models import ContactRequest, Invitation, User, utcnow

log = logging.getLogger(__name__)

INVITATION = "invitation"
CONTACT = "contact"
KINDS = (INVITATION, CONTACT)
SMTP_TIMEOUT = 15
DEFAULT_PORTS = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}


def enqueue_invitation(invitation_id: int) -> bool:
    return queue.enqueue(queue.SEND_MAIL, INVITATION, invitation_id)


def enqueue_contact(request_id: int) -> bool:
    return queue.enqueue(queue.SEND_MAIL, CONTACT, request_id)


def invitation_link(settings: dict, token: str) -> str:
    """The catch-all route `/{tokenMembership}` keeps the token for the next login (spec 000 §2)."""
    return f"{settings['PUBLIC_URL'].rstrip('/')}/{token}"


def deliver(settings: dict, kind: str, row_id: int) -> str:
    """Compose mail `kind` from its row and send it: sent, or skipped (the row is gone, the link is no longer
    valid, or nobody to write to). SMTP and network errors propagate, so the task can try again."""
    if kind not in KINDS:
        raise ValueError(f"unknown mail kind {kind!r}")
    message = (_invitation_message if kind == INVITATION else _contact_message)(settings, row_id)
    if message is None:
        return "skipped"
    send(settings, message)
    return "sent"


def _invitation_message(settings: dict, invitation_id: int) -> EmailMessage | None:
    from app.services import invitation_mail  # it writes its letter with this module's letter()

    invitation = session.get(Invitation, invitation_id)
    if invitation is None or not invitation.email or invitation.used_at is not None \
            or invitation.expires_at <= utcnow():
        return None
    inviter = session.get(User, invitation.created_by_id) if invitation.created_by_id else None
    return invitation_mail.message(settings, invitation, inviter)


def _contact_message(settings: dict, request_id: int) -> EmailMessage | None:
    request = session.get(ContactRequest, request_id)
    if request is None:
        return None
    message = _message(settings, settings["CONTACT_NOTIFY_EMAIL"], f"Contact request: {request.subject}")
    message["Reply-To"] = request.email
    message.set_content(
        f"A contact request arrived from the site.\n\n"
        f"Name: {request.name} {request.last_name}\nOrganisation: {request.org}\nE-mail: {request.email}\n"
        f"Phone: {request.phone}\nSubject: {request.subject}\n\n{request.msg}\n")
    return message


def letter(settings: dict, to: str, subject: str, paragraphs: list[str], action: tuple[str, str],
           footer: str, title: str | None = None) -> EmailMessage:
    """A mail to a person, as plain text with an HTML alternative: the paragraphs (the last one under `title`
    when there is one), the action's label and link as a button, and a small footer. Texts are escaped here."""
    label, link = action
    paragraphs = list(paragraphs)
    titled = [title, paragraphs.pop()] if title else []
    message = _message(settings, to, subject)
    plain = "\n\n".join([*paragraphs, *(["\n".join(titled)] if titled else []), f"{label}: {link}", footer])
    message.set_content(plain + "\n")
    esc = html.escape
    heading = f"<h2 style=\"font-size:18px\">{esc(titled[0])}</h2><p>{esc(titled[1])}</p>" if titled else ""
    message.add_alternative(
        "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\">"
        + "".join(f"<p>{esc(text)}</p>" for text in paragraphs) + heading
        + f"<p><a href=\"{esc(link)}\" style=\"background:#228be6;color:#fff;padding:8px 14px;border-radius:4px;"
        f"text-decoration:none\">{esc(label)}</a></p>"
        f"<p style=\"color:#666;font-size:13px\">{esc(footer)}</p></body></html>", subtype="html")
    return message


def _message(settings: dict, to: str, subject: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings["MAIL_FROM"]
    message["To"] = to
    # Header injection: a subject built from user text keeps to one line.
    message["Subject"] = " ".join(subject.split())
    return message


def send(settings: dict, message: EmailMessage) -> None:
    """One SMTP session: `smtp://[user:password@]host[:port]`, `smtps://` (TLS) or `smtp+starttls://`."""
    url = urlsplit(settings["SMTP_URL"])
    if url.scheme not in DEFAULT_PORTS:
        raise ValueError(f"SMTP_URL must start with smtp://, smtps:// or smtp+starttls://, not {url.scheme!r}")
    host, port = url.hostname or "127.0.0.1", url.port or DEFAULT_PORTS[url.scheme]
    smtp_class = smtplib.SMTP_SSL if url.scheme == "smtps" else smtplib.SMTP
    with smtp_class(host, port, timeout=SMTP_TIMEOUT) as smtp:
        if url.scheme == "smtp+starttls":
            smtp.starttls()
        if url.username:
            smtp.login(unquote(url.username), unquote(url.password or ""))
        smtp.send_message(message)
    log.info("mail sent to %s: %s", message["To"], message["Subject"])
