"""Contact, newsletter and demo requests from the public site, kept for the team to answer."""
from __future__ import annotations

from app.database import session
from app.models import ContactRequest


def record_request(fields: dict) -> ContactRequest:
    request = ContactRequest(**fields, status=False)
    session.add(request)
    session.commit()
    return request
