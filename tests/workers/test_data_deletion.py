"""A person asks, through Meta, for their data's deletion: the sandbox calls the product's data deletion callback over
HTTP with Meta's signed request; the product answers the status page's address and a confirmation code, and a real
Celery worker deletes their account and, on every page, their comments and commenter profile, while the status
the page reads says pending, then done with what was deleted. Asking again is a request of its own."""
from __future__ import annotations

import time
from datetime import timedelta

import requests
from sqlalchemy import func, select, update

from app import queue
from app.celery_factory import make_celery
from app.database import session
from app.models import (CommentLog, DataDeletionRequest, InboxEvent, PlannedAction, SocialPage, SubscriberProfile,
                        User, utcnow)
from app.services import data_deletion

FAN = {"id": "7345098712340012", "name": "Amira Ben Salah"}
OTHER_FAN = {"id": "7345098712340099", "name": "Karim Trabelsi"}


def _status(live_web: str, code: str) -> requests.Response:
    return requests.get(f"{live_web}/api/v1/deletion/{code}", timeout=10)


def _done(live_web: str, code: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    status = _status(live_web, code).json()
    while status["status"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
        status = _status(live_web, code).json()
    assert status["status"] == "done", status
    return status


def _logged(comment_id: str, timeout: float = 30.0) -> CommentLog:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.expire_all()
        entry = session.scalars(select(CommentLog).where(CommentLog.comment_id == comment_id)).first()
        if entry is not None:
            return entry
        time.sleep(0.2)
    raise AssertionError(f"{comment_id} was not logged in {timeout}s")


def _count(model, *where) -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(model).where(*where))


def test_the_person_s_account_comments_and_profiles_are_deleted_and_the_status_page_says_so(
        app, client, sandbox, shop, callbacks):
    person = sandbox.admin.user(first_name="Amira", last_name="Ben Salah", id=FAN["id"])
    assert client.post("/api/v1/auth/login/facebook", json={"token": person["access_token"]}).status_code == 200
    mine = shop.comment("Bonsoir, combien le prix de la robe svp ?", author=FAN)
    theirs = shop.comment("prix de la robe ?", author=OTHER_FAN)
    _logged(mine), _logged(theirs)

    called = sandbox.admin.request_deletion(FAN["id"])

    assert called["status"] == 200
    code = called["answer"]["confirmation_code"]
    assert called["answer"]["url"] == f"{app.config['PUBLIC_URL'].rstrip('/')}/deletion/{code}"
    assert len(code) == 48 and code.isalnum()  # alphanumeric, as Meta asks; 192 random bits: not found by trying
    assert called["removal"]["answer"] == {"success": True}  # Meta removes the app first
    status = _done(callbacks, code)
    assert status["confirmationCode"] == code and status["completedAt"] >= status["requestedAt"]
    assert status["deleted"] == {"account": 1, "comments": 1, "profiles": 1}
    assert _count(User, User.facebook_id == FAN["id"]) == 0
    assert _count(CommentLog, CommentLog.publisher_id == FAN["id"]) == 0
    assert _count(InboxEvent, InboxEvent.from_id == FAN["id"]) == 0
    assert _count(PlannedAction, PlannedAction.comment_id == mine) == 0
    assert _count(SubscriberProfile, SubscriberProfile.publisher_id == FAN["id"]) == 0
    # Another fan's comment and the page are the page's own.
    assert _count(CommentLog, CommentLog.comment_id == theirs) == 1
    assert _count(SubscriberProfile, SubscriberProfile.publisher_id == OTHER_FAN["id"]) == 1
    assert _count(SocialPage, SocialPage.id == shop.page.id, SocialPage.is_connected) == 1

    again = sandbox.admin.request_deletion(FAN["id"])

    assert again["status"] == 200 and again["removal"] is None  # the app was removed already
    assert again["answer"]["confirmation_code"] != code
    assert _done(callbacks, again["answer"]["confirmation_code"])["deleted"] == {
        "account": 0, "comments": 0, "profiles": 0}
    assert _done(callbacks, code)["deleted"]["account"] == 1  # the first request keeps what it did


def test_a_request_whose_message_was_lost_shows_pending_until_the_beat_pass_takes_it(
        app, sandbox, signed_in, callbacks, unheard_bells, celery_worker):
    _user, _headers, person = signed_in()

    code = sandbox.admin.request_deletion(person["id"])["answer"]["confirmation_code"]

    assert _status(callbacks, code).json()["status"] == "pending"
    assert _status(callbacks, code).json()["deleted"] == {}
    queue.bind(make_celery(app.config))  # Redis (the worker) is back
    session.execute(update(DataDeletionRequest).values(requested_at=utcnow() - timedelta(minutes=2)))
    session.commit()
    assert data_deletion.resume_pending() == 1  # what the beat entry privacy.resume_deletions runs
    assert _done(callbacks, code)["deleted"]["account"] == 1


def test_an_unknown_or_malformed_code_is_not_found(callbacks):
    for code in ("a" * 48, "short", "a" * 47 + "~", "A" * 48, "a" * 200):
        answer = _status(callbacks, code)
        assert answer.status_code == 404 and answer.json()["code"] == "deletion_not_found", code
