"""The invitation mail leaves from a real Celery worker over real SMTP (an aiosmtpd server), in the inviter's
language (the one they signed in with), HTML with a plain-text part, each carrying the single-use link; mailing it
again from the team screen (resend) sends it once more, valid 24 hours."""
from __future__ import annotations

from sqlalchemy import select

from app.database import session
from app.models import SocialPage, User
from app.services.billing import grants
from tests.workers.test_mail import (PUBLIC_URL, SENDER, mail_prefix, mail_worker, mailbox,  # noqa: F401 (fixtures)
                                     publish_to_mail_worker, smtp_port)

BASE = "/api/v1/secure/membership"


def _parts(message) -> tuple[str, str]:
    return tuple(message.get_body((subtype,)).get_content().replace("\r\n", "\n") for subtype in ("plain", "html"))


def _owner(client, sandbox, language: str):
    """An owner signed in through the real login call in `language`, with seats and a page: their headers."""
    network = sandbox.admin.user(first_name="Olfa", last_name="Owner", email="olfa@example.tn")
    answer = client.post("/api/v1/auth/login/facebook", json={"token": network["access_token"], "language": language})
    assert answer.status_code == 200, answer.get_json()
    grants.grant(network["id"], "Agencies")
    owner = session.scalars(select(User).where(User.facebook_id == network["id"])).one()
    session.add(SocialPage(platform="instagram", external_id="17841400000001", name="Maison Jasmin",
                           owner_id=owner.id, is_connected=True))
    session.commit()
    return {"Authorization": f"Bearer {answer.get_json()['token']}"}


def _invite(client, headers, name="Sami Guest", email="sami@example.com") -> dict:
    invitation = client.get(f"{BASE}/get/17841400000001/instagram/{name}", headers=headers).get_json()
    answer = client.post(f"{BASE}/sendMail/17841400000001/instagram", headers=headers,
                         json={"email": email, "nameUser": name, "token": invitation["tokenPage"]})
    assert answer.status_code == 200, answer.get_json()
    return invitation


def test_a_french_inviter_sends_a_french_mail_with_html_and_plain_text(client, sandbox, mailbox):  # noqa: F811
    headers = _owner(client, sandbox, "fr")

    invitation = _invite(client, headers)

    [message] = mailbox.wait_for(1)
    assert (message["To"], message["From"]) == ("sami@example.com", SENDER)
    assert message["Subject"] == "Olfa Owner vous invite dans l'équipe de Maison Jasmin"
    plain, html = _parts(message)
    link = f"{PUBLIC_URL}/{invitation['tokenPage']}"
    assert plain.startswith("Bonjour Sami Guest,\n\nOlfa Owner vous invite à rejoindre l'équipe de la page "
                            "Instagram Maison Jasmin.")
    assert f"Rejoindre l'équipe: {link}" in plain and "valable 24 heures" in plain
    assert f'href="{link}"' in html and ">Rejoindre l&#x27;équipe</a>" in html
    assert "<p>Bonjour Sami Guest,</p>" in html


def test_an_english_inviter_sends_an_english_mail_and_resend_mails_it_again(client, sandbox, mailbox):  # noqa: F811
    headers = _owner(client, sandbox, "en")
    invitation = _invite(client, headers)
    [first] = mailbox.wait_for(1)
    mailbox.clear()
    pending = client.get(f"{BASE}/invitations/17841400000001/instagram", headers=headers).get_json()

    answer = client.post(f"{BASE}/invitations/resend/{pending[0]['id']}", headers=headers)

    assert answer.status_code == 200, answer.get_json()
    [again] = mailbox.wait_for(1)
    for message in (first, again):
        assert message["Subject"] == "Olfa Owner invites you to the team of Maison Jasmin"
        plain, html = _parts(message)
        assert plain.startswith("Hello Sami Guest,\n\nOlfa Owner invites you to join the team of the Instagram page "
                                "Maison Jasmin.")
        assert f"Join the team: {PUBLIC_URL}/{invitation['tokenPage']}" in plain
        assert ">Join the team</a>" in html
