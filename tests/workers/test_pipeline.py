"""A comment typed at the sandbox reaches the commenter as the right private reply, through the real webhook,
the real Redis and a real Celery worker; likes, hides and public replies as the page set them."""
import hashlib
import hmac
import json

import requests

from app.database import session
from app.models import CommentLog, InboxEvent, PlannedAction, SubscriberProfile
from tests.workers.conftest import add_agent, connect_page


def replied(effects):
    return bool(effects["private_replies"])


def reply_recorded(comment_id: str) -> bool:
    """The log shows the reply's message id: written once the batch's last call returned (after the sandbox saw
    every call of it)."""
    session.expire_all()
    entry = session.query(CommentLog).filter_by(comment_id=comment_id).one_or_none()
    return entry is not None and entry.reply_message_id is not None


def test_facebook_comment_gets_private_reply_with_buttons_like_and_public_reply(shop):
    comment_id = shop.comment("Bonsoir, combien le prix de la robe svp ?")

    effects = shop.wait_for(comment_id, lambda e: replied(e) and e["likes"] and e["replies"]
                            and reply_recorded(comment_id))

    [reply] = effects["private_replies"]
    assert reply["text"] == "Bonjour Amira, la robe est à 45 DT chez Boutique Amira."
    assert [b["title"] for b in reply["buttons"]] == ["Voir la robe", "Appeler"]
    assert effects["likes"] == [shop.page.external_id]
    assert [r["message"] for r in effects["replies"]] == ["Merci, on vous a répondu en privé !"]
    entry = session.query(CommentLog).filter_by(comment_id=comment_id).one()
    assert entry.success and entry.treated and entry.intents[0]["intent"] == "price"
    assert entry.reply_message_id == reply["message_id"]
    profile = session.query(SubscriberProfile).filter_by(publisher_id=shop.fan["id"]).one()
    assert (profile.first_name, profile.last_name) == ("Amira", "Ben Salah")


def test_page_public_reply_coming_back_as_webhook_is_not_answered(shop):
    comment_id = shop.comment("prix svp ?")
    effects = shop.wait_for(comment_id, lambda e: e["replies"])
    reply_id = effects["replies"][0]["id"]

    shop.wait_for(comment_id, lambda e: session.query(InboxEvent).filter_by(comment_id=reply_id).count() == 1
                  or _stored(reply_id))
    session.expire_all()
    assert session.query(CommentLog).filter_by(comment_id=reply_id).count() == 0
    assert shop.sandbox.admin.comment_effects(reply_id)["private_replies"] == []


def _stored(comment_id):
    session.expire_all()
    return session.query(InboxEvent).filter_by(comment_id=comment_id, processed_at=None).count() == 0 and \
        session.query(InboxEvent).filter_by(comment_id=comment_id).count() == 1


def test_comment_that_asks_nothing_is_logged_not_matched_and_not_answered(shop):
    comment_id = shop.comment("Bravo pour la collection 😍😍")

    shop.wait_for(comment_id, lambda e: _logged(comment_id))
    entry = session.query(CommentLog).filter_by(comment_id=comment_id).one()
    assert not entry.success and entry.skip_reason == "not_matched"
    assert session.query(PlannedAction).filter_by(comment_id=comment_id).count() == 0
    assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []


def _logged(comment_id):
    session.expire_all()
    return session.query(CommentLog).filter_by(comment_id=comment_id).count() == 1


def test_instagram_generic_agent_replies_without_buttons(app, sandbox, live_web, celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web, platform="instagram")
    add_agent(page, page.external_id, {"delivery": "Oui, livraison partout en Tunisie en 48h ##FIRST_NAME##"},
              buttons=[{"type": "web_url", "url": "https://shop.example", "title": "Site"}], generic=True)

    comment_id = sandbox.admin.comment(post_id, "famma livraison l sousse ?",
                                       author={"id": "1187330569912345", "username": "amira.bs"})["id"]

    deadline_effects = _wait(sandbox, comment_id)
    [reply] = deadline_effects["private_replies"]
    assert reply["text"] == "Oui, livraison partout en Tunisie en 48h"
    assert not reply.get("buttons")


def _wait(sandbox, comment_id, timeout=30):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        effects = sandbox.admin.comment_effects(comment_id)
        if effects["private_replies"]:
            return effects
        time.sleep(0.2)
    raise AssertionError(f"no private reply to {comment_id}")


def test_link_is_hidden_when_anti_spam_is_on(app, sandbox, live_web, celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web, spam=True)
    add_agent(page, post_id, {"price": "45 DT"})

    comment_id = sandbox.admin.comment(post_id, "c'est combien ? moins cher ici bit.ly/xYz12",
                                       author={"id": "555", "name": "Spam Bot"})["id"]

    import time
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not sandbox.admin.comment_effects(comment_id)["is_hidden"]:
        time.sleep(0.2)
    assert sandbox.admin.comment_effects(comment_id)["is_hidden"] is True
    # A hidden comment is not answered, though it asks a price.
    entry = session.query(CommentLog).filter_by(comment_id=comment_id).one()
    assert (entry.treated, entry.skip_reason) == (False, "link")
    assert sandbox.admin.comment_effects(comment_id)["private_replies"] == []


def test_same_webhook_delivered_twice_gives_one_reply(shop, live_web):
    comment_id = shop.comment("c'est combien ?")
    shop.wait_for(comment_id, replied)
    body = json.dumps({"object": "page", "entry": [{"id": shop.page.external_id, "time": 1, "changes": [
        {"field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": comment_id,
                                    "post_id": shop.post_id, "parent_id": shop.post_id,
                                    "from": shop.fan, "created_time": 1, "message": "c'est combien ?"}}]}]}).encode()
    signature = "sha256=" + hmac.new(shop.settings["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()

    for _ in range(2):
        answer = requests.post(f"{live_web}/api/v1/webhooks/meta", data=body, timeout=5,
                               headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature})
        assert answer.status_code == 200

    import time
    time.sleep(2)
    assert len(shop.sandbox.admin.comment_effects(comment_id)["private_replies"]) == 1
    assert session.query(InboxEvent).filter_by(comment_id=comment_id).count() == 1


def test_comment_typed_in_the_sandbox_inspector_shows_its_private_reply_there(shop):
    typed = requests.post(f"{shop.sandbox.url}/inspector/comments", timeout=10, allow_redirects=False,
                          data={"post_id": shop.post_id, "name": "Nour Haddad", "message": "9adeh soum l robe ?"})
    assert typed.status_code == 303
    comment_id = typed.headers["Location"].rsplit("#obj-", 1)[1]

    shop.wait_for(comment_id, replied)

    page = requests.get(f"{shop.sandbox.url}/", timeout=10).text
    assert "9adeh soum l robe ?" in page
    assert "Bonjour Nour, la robe est à 45 DT chez Boutique Amira." in page
