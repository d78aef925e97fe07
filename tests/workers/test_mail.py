"""Mail leaves from a real Celery worker (the `mail` queue) over real SMTP: the invitation link and the operator's
contact notification arrive at an aiosmtpd server (the development mail sink, `python -m app mailsink`) with the
right recipient, subject and link; the web call only enqueues, so a mail server that is down holds no request and
the worker tries again."""
from __future__ import annotations

import socket
import time
import uuid
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest
from sqlalchemy import select

from app import mailsink, queue
from app.celery_factory import make_celery
from app.database import session
from app.models import Invitation, SocialPage
from app.services.billing import grants
from tests.e2e.product import free_port
from tests.fixtures.services import WorkerProcess, worker_env

PUBLIC_URL = "https://product.example.tn"
OPERATOR = "ops@example.tn"
SENDER = "team@product.example.tn"
CONTACT = {"name": "Sami", "last_name": "Ben Ali", "org": "Boutique Sfax", "email": "sami@example.tn",
           "phone": "21612345", "subject": "Question sur l'offre", "msg": "Bonjour, combien coûte l'offre agence ?"}


class Mailbox:
    def __init__(self, directory: Path):
        self.directory = directory

    def messages(self) -> list:
        return [BytesParser(policy=policy.default).parsebytes(path.read_bytes())
                for path in sorted(self.directory.glob("*.eml"))]

    def wait_for(self, count: int, timeout: float = 30.0) -> list:
        deadline = time.monotonic() + timeout
        while len(self.messages()) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        found = self.messages()
        assert len(found) >= count, f"{len(found)} mails arrived in {timeout}s, expected {count}"
        return found

    def clear(self) -> None:
        for path in self.directory.glob("*.eml"):
            path.unlink()


@pytest.fixture(scope="module")
def smtp_port():
    return free_port()


@pytest.fixture(scope="module")
def mail_prefix():
    return f"mail-test-{uuid.uuid4().hex}:"


@pytest.fixture(scope="module")
def mail_worker(base_settings, smtp_port, mail_prefix, redis_client):
    """A worker of the mail queue alone, in a broker namespace of its own, sending to the test's SMTP port."""
    worker = WorkerProcess(worker_env({**base_settings, "SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
                                       "CELERY_KEY_PREFIX": mail_prefix, "PUBLIC_URL": PUBLIC_URL,
                                       "CONTACT_NOTIFY_EMAIL": OPERATOR, "MAIL_FROM": SENDER}), "mail").start()
    yield worker
    worker.stop()
    for key in redis_client.scan_iter(match=f"{mail_prefix}*"):
        redis_client.delete(key)


@pytest.fixture
def publish_to_mail_worker(app, mail_prefix, mail_worker):
    queue.bind(make_celery({**app.config, "CELERY_KEY_PREFIX": mail_prefix}))
    yield
    queue.bind(make_celery(app.config))


@pytest.fixture
def mailbox(tmp_path, smtp_port, publish_to_mail_worker):
    sink = mailsink.start("127.0.0.1", smtp_port, tmp_path / "mail")
    yield Mailbox(tmp_path / "mail")
    sink.stop()


def _owner_page(signed_in):
    user, headers, _ = signed_in("Olfa", "Owner")
    grants.grant(user.facebook_id, "Agencies")
    page = SocialPage(platform="facebook", external_id="5550001", name="Boutique Amira", owner_id=user.id,
                      is_connected=True)
    session.add(page)
    session.commit()
    return user, headers, page


def _invite(client, headers, name="Sami Guest", email="sami@example.com"):
    token = client.get(f"/api/v1/secure/membership/get/5550001/facebook/{name}",
                       headers=headers).get_json()["tokenPage"]
    answer = client.post("/api/v1/secure/membership/sendMail/5550001/facebook", headers=headers,
                         json={"email": email, "nameUser": name, "token": token})
    assert answer.status_code == 200, answer.get_json()
    return token


def test_the_invitation_mail_carries_the_single_use_link(client, signed_in, mailbox):
    _user, headers, _page = _owner_page(signed_in)

    token = _invite(client, headers)

    [message] = mailbox.wait_for(1)
    assert message["To"] == "sami@example.com" and message["From"] == SENDER
    assert message["Subject"] == "Olfa Owner invites you to the team of Boutique Amira"
    body = message.get_body(("plain",)).get_content()
    assert f"Join the team: {PUBLIC_URL}/{token}" in body.splitlines()  # the catch-all route: the token to login
    assert "Hello Sami Guest," in body and "valid for 24 hours" in body


def test_the_contact_form_notifies_the_operator(client, mailbox):
    assert client.post("/api/v1/contact/addContact", json=CONTACT).status_code == 200

    [message] = mailbox.wait_for(1)
    assert message["To"] == OPERATOR and message["Reply-To"] == "sami@example.tn"
    assert message["Subject"] == "Contact request: Question sur l'offre"
    body = message.get_content()
    assert "Sami Ben Ali" in body and "Boutique Sfax" in body and "combien coûte l'offre agence ?" in body


def test_a_used_link_is_not_mailed(client, signed_in, sandbox, mailbox):
    _user, headers, _page = _owner_page(signed_in)
    _invite(client, headers, "First Guest", "first@example.com")
    mailbox.wait_for(1)
    mailbox.clear()
    token = client.get("/api/v1/secure/membership/get/5550001/facebook/Late Guest",
                       headers=headers).get_json()["tokenPage"]
    guest = sandbox.admin.user(first_name="Late", last_name="Guest")
    client.post("/api/v1/auth/login/facebook", json={"token": guest["access_token"], "tokenMemberShip": token})
    # The link was used before the mail went out: the worker composes from the row and sends nothing.
    invitation = session.scalars(select(Invitation).where(Invitation.token == token)).one()
    invitation.email = "late@example.com"
    session.commit()
    from app.services import mail

    mail.enqueue_invitation(invitation.id)
    _invite(client, headers, "Third Guest", "third@example.com")

    mailbox.wait_for(1)
    time.sleep(1)
    assert [m["To"] for m in mailbox.messages()] == ["third@example.com"]


def test_a_mail_server_that_is_down_holds_no_request_and_the_mail_follows(client, tmp_path, smtp_port,
                                                                          publish_to_mail_worker):
    started = time.monotonic()
    assert client.post("/api/v1/contact/addContact", json=CONTACT).status_code == 200
    assert time.monotonic() - started < 2

    time.sleep(2)  # the worker's first attempt finds nobody listening
    sink = mailsink.start("127.0.0.1", smtp_port, tmp_path / "late-mail")
    try:
        [message] = Mailbox(tmp_path / "late-mail").wait_for(1, timeout=40)
        assert message["To"] == OPERATOR
    finally:
        sink.stop()


def test_the_development_sink_command_keeps_each_mail_as_an_eml_file(tmp_path):
    import os
    import smtplib
    import subprocess
    import sys
    from email.message import EmailMessage

    from tests.fixtures.services import ROOT

    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "app", "mailsink", "--dir", str(tmp_path)], cwd=ROOT,
                               env={**os.environ, "SMTP_URL": f"smtp://127.0.0.1:{port}"},
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().startswith(f"mail sink on 127.0.0.1:{port}")
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = SENDER, "reader@example.tn", "Read me"
        message.set_content("Bonjour")
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            smtp.send_message(message)
        [stored] = Mailbox(tmp_path).wait_for(1, timeout=10)
        assert (stored["To"], stored["Subject"], stored.get_content().strip()) == (
            "reader@example.tn", "Read me", "Bonjour")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_sink_command_says_in_one_line_when_its_port_is_taken(tmp_path):
    import os
    import subprocess
    import sys

    from tests.fixtures.services import ROOT

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "app", "mailsink", "--dir", str(tmp_path)], cwd=ROOT,
                              env={**os.environ, "SMTP_URL": f"smtp://127.0.0.1:{port}"}, capture_output=True,
                              text=True, timeout=30)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"mail sink cannot listen on 127.0.0.1:{port}: ") and "address already in use" in line
