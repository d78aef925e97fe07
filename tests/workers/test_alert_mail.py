"""The page owner's mail for an alert leaves once, from a real Celery worker over real SMTP (an aiosmtpd server):
in the owner's language, HTML with a plain-text part, a link to the product; a second pass, or the plan's alert
raised on each of the owner's pages, sends nothing more."""
from __future__ import annotations

import time

from app.database import session
from tests.api.alerts_support import page_of, replies_used, run_pass
from tests.api.pages_support import paid_user
from tests.workers.test_mail import (PUBLIC_URL, SENDER, mail_prefix, mail_worker, mailbox,  # noqa: F401 (fixtures)
                                     publish_to_mail_worker, smtp_port)


def _parts(message) -> tuple[str, str]:
    return tuple(message.get_body((subtype,)).get_content().replace("\r\n", "\n") for subtype in ("plain", "html"))


def _only(mailbox, seconds: float = 1.5) -> list:  # noqa: F811
    """What arrived once the first mail did and a worker had time for more."""
    mailbox.wait_for(1)
    time.sleep(seconds)
    return mailbox.messages()


def test_an_alert_is_mailed_once_to_the_owner_in_english(signed_in, mailbox):  # noqa: F811
    owner, _headers, _network = paid_user(signed_in, "Olfa")
    page = page_of(owner)
    page.needs_reconnect = True
    session.commit()

    run_pass()
    run_pass()

    [message] = _only(mailbox)
    assert (message["To"], message["From"]) == (owner.email, SENDER)
    assert message["Subject"] == "This page needs reconnecting – Boutique Amira"
    plain, html = _parts(message)
    assert plain.startswith("Hello Olfa,\n\nAn alert was raised on your page Boutique Amira:")
    assert "its replies wait until you connect the page again" in plain
    assert f"Reconnect the page: {PUBLIC_URL}/home" in plain
    assert f'href="{PUBLIC_URL}/home"' in html and ">Reconnect the page</a>" in html


def test_a_french_owner_reads_it_in_french_and_the_plans_alert_of_two_pages_is_one_mail(signed_in,
                                                                                      mailbox):  # noqa: F811
    owner, _headers, _network = paid_user(signed_in, "Olfa")
    owner.language = "fr"
    page_of(owner)
    page_of(owner, "8880002", "Boutique Sousse")
    replies_used(owner, 16_500)

    run_pass()

    [message] = _only(mailbox)
    assert message["Subject"].startswith("80 % des réponses du mois utilisées – Boutique ")
    plain, html = _parts(message)
    assert plain.startswith("Bonjour Olfa,")
    assert "16 500 des 20 000 réponses automatiques de votre offre" in plain
    assert "Voir les offres" in html and "16 500 des 20 000" in html
