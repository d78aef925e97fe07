"""Comments that change after they were written, and Meta's 7-day private-reply window, through the real webhook,
Celery worker and beat against the sandbox: a fan deletes or edits a comment in the sandbox's inspector, an old
comment is found by polling, an answer's turn comes after the window closed."""
import hashlib
import hmac
import time
from datetime import timedelta

import requests
from flask_jwt_extended import create_access_token

from app.database import session
from app.models import CommentLog, InboxEvent, PlannedAction, SocialPage, utcnow
from app.services.pipeline import drain, polling
from sandbox.webhooks import body_bytes, facebook_change
from tests.workers.conftest import Shop, add_agent, connect_page

NOUR = {"id": "6120934400000088", "name": "Nour Haddad"}
DAY = 86400


def _until(read, what: str, timeout: float = 30.0):
    """`read()` once it is truthy (the database read afresh each time)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.rollback()
        found = read()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"never happened: {what}")


def _actions(comment_id: str) -> list[PlannedAction]:
    return list(session.query(PlannedAction).filter_by(comment_id=comment_id).order_by(PlannedAction.id))


def _log(comment_id: str) -> CommentLog | None:
    return session.query(CommentLog).filter_by(comment_id=comment_id).first()


def _as_author(shop: Shop, comment_id: str, action: str, message: str | None = None) -> None:
    """The fan's edit or delete button in the sandbox's inspector."""
    answer = requests.post(f"{shop.sandbox.url}/inspector/comments/{comment_id}/{action}", timeout=10,
                           data={"message": message} if message else {}, allow_redirects=False)
    assert answer.status_code == 303, answer.text


def _whys(client, shop: Shop) -> dict:
    """The agent messages screen's logs, by comment id, as the page's owner reads them."""
    headers = {"Authorization": f"Bearer {create_access_token(identity=str(shop.page.owner_id))}"}
    body = client.get(f"/api/v1/secure/logEvent/post/{shop.post_id}/all", headers=headers).get_json()
    return {entry["comment_id"]: entry for entry in body["data"]}


def _delay(shop: Shop, milliseconds: int) -> None:
    page = session.get(SocialPage, shop.page.id)
    page.delay_mode, page.delay_times_ms = "Exactly", [milliseconds]
    session.commit()


def _time_passes(comment_ids: list[str], **moved) -> None:
    """A fake clock: the comments' planned actions fall due now (and whatever else `moved` sets)."""
    for comment_id in comment_ids:
        for action in _actions(comment_id):
            action.due_at = utcnow()
            for name, value in moved.items():
                setattr(action, name, value)
    session.commit()


def test_a_comment_deleted_by_its_author_never_gets_its_delayed_reply(shop, beat, client):
    _delay(shop, 60_000)
    kept = shop.comment("combien la robe ?")
    deleted = shop.comment("c'est combien la robe ?", author=NOUR)
    _until(lambda: len(_actions(kept)) == len(_actions(deleted)) == 3, "both answers planned")

    _as_author(shop, deleted, "delete")
    _until(lambda: all(action.state == "cancelled" for action in _actions(deleted)), "the removal recorded")

    _time_passes([kept, deleted])  # both replies' turn: the beat sends what is due
    shop.wait_for(kept, lambda effects: effects["private_replies"] and effects["likes"] and effects["replies"])
    _until(lambda: all(action.state == "done" for action in _actions(kept)), "the kept answer recorded")
    effects = shop.sandbox.admin.comment_effects(deleted)
    assert effects["removed"] and (effects["private_replies"], effects["likes"]) == ([], [])
    assert [effect for effect in shop.sandbox.admin.effects() if effect["comment_id"] == deleted] == []
    why = _whys(client, shop)[deleted]["why"]
    assert (why["answered"], why["reason"]) == (False, "removed")
    assert "deleted by its author" in why["reasonText"]
    assert [(action["kind"], action["state"], action["cancelled"]) for action in why["actions"]] == [
        ("private_reply", "cancelled", "removed"), ("like", "cancelled", "removed"),
        ("public_reply", "cancelled", "removed")]


def test_an_edited_comment_shows_its_new_words_in_the_agent_messages(shop, client):
    comment_id = shop.comment("combien la robe ?")
    shop.wait_for(comment_id, lambda effects: effects["private_replies"])

    _as_author(shop, comment_id, "edit", "combien la robe rouge en M ?")

    _until(lambda: _log(comment_id).message == "combien la robe rouge en M ?", "the edit stored")
    entry = _whys(client, shop)[comment_id]
    assert entry["message"] == "combien la robe rouge en M ?"
    assert entry["why"]["answered"] and len(shop.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1


def test_changes_that_come_before_the_drain(app, sandbox, live_web, unheard_bells):
    """No worker hears the doorbell here: the test drains. A comment deleted while still in the inbox is never
    decided, one edited is decided on its new words, and a removal delivered before its comment leaves that
    comment's own delivery nothing to store."""
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web)
    add_agent(page, post_id, {"price": "Bonjour ##FIRST_NAME##, la robe est à 45 DT."})
    shop = Shop(sandbox, settings, page, post_id)
    deleted, edited = shop.comment("combien la robe ?"), shop.comment("Merci", author=NOUR)
    _until(lambda: session.query(InboxEvent).count() == 2, "both comments stored")

    _as_author(shop, deleted, "delete")
    _as_author(shop, edited, "edit", "Merci, et la robe c'est combien ?")
    _until(lambda: session.query(InboxEvent).filter_by(comment_id=edited).one().message.endswith("combien ?"),
           "the edit stored")
    early = _deliver_removal_then_comment(shop, live_web)

    assert drain.drain(settings) == 1
    assert [entry.comment_id for entry in session.query(CommentLog)] == [edited]
    assert len(sandbox.admin.comment_effects(edited)["private_replies"]) == 1
    assert [effect["comment_id"] for effect in sandbox.admin.effects()] == [edited]
    stored = session.query(InboxEvent).filter_by(comment_id=early).one()
    assert stored.removed_at is not None and stored.processed_at is not None


def _deliver_removal_then_comment(shop: Shop, live_web: str) -> str:
    """Meta's deliveries out of order: a comment's removal, then the comment; returns the comment's id."""
    comment = shop.sandbox.admin.past_comments(shop.post_id, [{"message": "prix ?", "from": NOUR}])["ids"][0]
    record = {"id": comment, "from": NOUR, "message": "prix ?", "created_time": int(time.time()), "parent_id": None}
    post = {"id": shop.post_id, "picture": None, "created_time": int(time.time())}
    for verb in ("remove", "add"):
        body = body_bytes({"object": "page", "entry": [{"id": shop.page.external_id, "time": int(time.time()),
                                                        "changes": [facebook_change(record, post, "", verb)]}]})
        _post_signed(shop, live_web, body)
    return comment


def _post_signed(shop: Shop, live_web: str, body: bytes) -> None:
    signature = hmac.new(shop.settings["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    answer = requests.post(f"{live_web}/api/v1/webhooks/meta", data=body, timeout=10, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={signature}"})
    assert answer.status_code == 200


def test_an_eight_day_old_comment_found_by_polling_is_not_privately_replied(shop, client):
    page = session.get(SocialPage, shop.page.id)
    page.webhook_subscribed, page.last_polled_at = False, utcnow() - timedelta(days=9)  # down for nine days
    session.commit()
    old, recent = shop.sandbox.admin.past_comments(shop.post_id, [
        {"message": "combien la robe ?", "from": NOUR, "created_time": int(time.time()) - 8 * DAY},
        {"message": "c'est combien la robe ?", "from": shop.fan, "created_time": int(time.time()) - 2 * DAY}])["ids"]

    assert polling.poll_pages(shop.settings) == 2

    shop.wait_for(recent, lambda effects: effects["private_replies"])
    logged = _until(lambda: _log(old), "the old comment logged")
    assert (logged.treated, logged.skip_reason) == (False, "too_old")
    assert shop.sandbox.admin.comment_effects(old)["private_replies"] == []
    why = _whys(client, shop)[old]["why"]
    assert (why["reason"], why["actions"]) == ("too_old", [])
    assert "only within 7 days" in why["reasonText"]


def test_an_answer_due_after_the_window_is_not_planned(shop):
    _delay(shop, 60_000)
    comment = shop.sandbox.admin.comment(shop.post_id, "combien la robe ?", shop.fan,
                                         created_time=int(time.time()) - 7 * DAY + 30)["id"]
    logged = _until(lambda: _log(comment), "the comment logged")
    assert (logged.treated, logged.skip_reason, _actions(comment)) == (False, "too_old", [])


def test_an_answer_whose_window_closed_before_its_turn_is_cancelled_without_a_call(shop, beat, client):
    _delay(shop, 60_000)
    comment = shop.comment("combien la robe ?")
    _until(lambda: len(_actions(comment)) == 3, "the answer planned")

    # Seven days pass with the answer still waiting (a backlog): its turn comes after the window.
    _time_passes([comment], expires_at=utcnow() - timedelta(seconds=1))

    _until(lambda: all(action.state == "cancelled" for action in _actions(comment)), "the answer cancelled")
    # The sandbox would have taken the reply (its comment is minutes old): none came, so no call was made.
    assert [effect for effect in shop.sandbox.admin.effects() if effect["comment_id"] == comment] == []
    why = _whys(client, shop)[comment]["why"]
    assert (why["reason"], {action["cancelled"] for action in why["actions"]}) == ("too_old", {"too_old"})


def test_metas_refusal_of_a_late_private_reply_cancels_the_answer(shop, live_web):
    """Meta's clock is the one that counts: a comment the product believes fresh (its delivery says so) but eight
    days old at Meta is refused (#10903); the reply is cancelled, not retried, and the like and the public reply
    that announce it are not sent either."""
    [comment] = shop.sandbox.admin.past_comments(shop.post_id, [
        {"message": "combien la robe ?", "from": NOUR, "created_time": int(time.time()) - 8 * DAY}])["ids"]
    record = {"id": comment, "from": NOUR, "message": "combien la robe ?", "created_time": int(time.time()),
              "parent_id": None}
    post = {"id": shop.post_id, "picture": None, "created_time": int(time.time())}
    _post_signed(shop, live_web, body_bytes({"object": "page", "entry": [{
        "id": shop.page.external_id, "time": int(time.time()), "changes": [facebook_change(record, post, "")]}]}))

    answer = _until(lambda: _cancelled_answer(comment), "the refused answer cancelled")
    assert [(action.kind, action.error, action.attempts) for action in answer] == [
        ("private_reply", "too_old", 1), ("like", "too_old", 0), ("public_reply", "too_old", 0)]
    assert [effect for effect in shop.sandbox.admin.effects() if effect["comment_id"] == comment] == []


def _cancelled_answer(comment_id: str) -> list[PlannedAction]:
    """The comment's actions once every one of them is cancelled (else nothing)."""
    found = _actions(comment_id)
    return found if found and all(action.state == "cancelled" for action in found) else []
