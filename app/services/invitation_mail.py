"""The invitation mail (spec 000 §4 "Invitation flow"): the single-use link into a page's team, written in the
inviter's language (the one they last signed in with; English when none is stored), as HTML with a plain-text
part. Its texts are the team screen's (frontend/src/i18n/locales/*/team.json, read by app/services/locale_texts.py),
so the screen and the mail never word the invitation differently.
"""
from __future__ import annotations

from email.message import EmailMessage

from app.models import Invitation, User
from app.services import locale_texts, mail

NAMESPACE = "team"
PLATFORMS = {"facebook": "Facebook", "instagram": "Instagram"}


def message(settings: dict, invitation: Invitation, inviter: User | None) -> EmailMessage:
    language = inviter.language if inviter is not None and inviter.language in locale_texts.LANGUAGES else "en"
    page = invitation.page

    def text(key: str, **values) -> str:
        return locale_texts.filled(language, NAMESPACE, f"teamScreen.mail.{key}", values)

    who = inviter.full_name if inviter is not None and inviter.full_name else text("someone")
    named = {"who": who, "page": page.name, "platform": PLATFORMS.get(page.platform, page.platform)}
    greeting = text("greeting", name=invitation.member_name) if invitation.member_name else text("greetingNoName")
    return mail.letter(settings, invitation.email, text("subject", **named), [greeting, text("body", **named)],
                       (text("action"), mail.invitation_link(settings, invitation.token)), text("footer"))
