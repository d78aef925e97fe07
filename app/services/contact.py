"""Contact, newsletter and demo requests from the public site, kept for the team to answer; each one is also
mailed to the operator (`CONTACT_NOTIFY_EMAIL`) from the mail queue, so the form never waits on SMTP."""
from __future__ import annotations

from app.database import session
from app.models import ContactRequest
from app.services import mail


def record_request(fields: dict) -> ContactRequest:
    request = ContactRequest(**fields, status=False)
    session.add(request)
    session.commit()
    mail.enqueue_contact(request.id)  # a lost publish loses only the notification: the request is stored
    return request
