"""The manual answer to an unmatched comment (spec 001 §4 "Comments", §7): a private reply sent at once through the
Graph API (the sandbox), recorded, the log then Sent!; a comment has one private reply, so a second answer, or
one to a comment the agent answered, is refused without sending; Meta's refusal is answered with its message and
recorded; bad input is a 422 that sends and records nothing."""
import hashlib
import hmac
from datetime import timedelta

from sqlalchemy import func, select

from app.database import session
from app.models import CommentLog, ManualAnswer, PlannedAction
from sandbox.webhooks import body_bytes, facebook_change
from tests.api.agent_messages_support import ANSWER, shop
from tests.api.agents_support import SITE_BUTTON

THANKS = "Merci Nour, à très vite à la boutique !"


def answer(client, owner, log, text=THANKS, platform="facebook", **extra):
    return client.post(ANSWER.format(platform), headers=owner.headers,
                       json={"logs": {"_id": log.id, "message": log.message}, "answer": text, **extra})


def private_replies(sandbox, log) -> list:
    return sandbox.admin.comment_effects(log.comment_id)["private_replies"]


def manual_answers() -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(ManualAnswer))


def test_an_unmatched_comment_answered_by_hand_is_sent_and_shown_sent(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo pour la collection 😍")

    sent = answer(client, owner, log, project={"_id": owner.agent.id}, buttons=[SITE_BUTTON])

    assert sent.status_code == 200, sent.get_json()
    data = sent.get_json()["data"]
    assert (data["_id"], data["success"], data["treated"], data["state"]) == (log.id, False, True, "sent")
    [manual] = data["manuelAnswer"]
    assert (manual["answer"], manual["status"], manual["sentBy"], manual["error"]) == \
        (THANKS, "sent", "Amira Ben Salah", None)
    [reply] = private_replies(sandbox, log)
    assert (reply["text"], [button["title"] for button in reply["buttons"]]) == (THANKS, ["Voir la robe"])
    assert manual["message_id"] == reply["message_id"]
    [action] = data["why"]["actions"]
    assert (action["kind"], action["manual"], action["state"], action["text"]) == \
        ("private_reply", True, "done", THANKS)


def test_a_comment_has_one_private_reply(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    praise = owner.comment("Bravo 😍")
    matched = owner.comment("Vous livrez à Sousse ?")
    assert answer(client, owner, praise).status_code == 200

    again = answer(client, owner, praise, text="Encore merci !")
    on_matched = answer(client, owner, matched)

    for refused in (again, on_matched):
        assert (refused.status_code, refused.get_json()["code"]) == (409, "already_answered")
    assert len(private_replies(sandbox, praise)) == 1 and len(private_replies(sandbox, matched)) == 1
    assert private_replies(sandbox, matched)[0]["text"] != THANKS
    assert manual_answers() == 1


def test_metas_refusal_is_answered_with_its_message_recorded_and_may_be_retried(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo 😍")
    sandbox.admin.fault("permission", scope=owner.owner.page_id, count=1)

    refused = answer(client, owner, log)

    assert refused.status_code == 409
    body = refused.get_json()
    assert body["code"] == "graph_refused" and body["message"].startswith("Meta refused the answer: 200 - ")
    session.expire_all()
    record = session.scalars(select(ManualAnswer).where(ManualAnswer.log_id == log.id)).one()
    assert record.error == body["message"].removeprefix("Meta refused the answer: ") and record.message_id is None
    assert session.get(CommentLog, log.id).treated is False
    assert private_replies(sandbox, log) == []

    retried = answer(client, owner, log)

    assert retried.status_code == 200
    assert [manual["status"] for manual in retried.get_json()["data"]["manuelAnswer"]] == ["failed", "sent"]
    assert [reply["text"] for reply in private_replies(sandbox, log)] == [THANKS]


def test_meta_away_is_a_502_and_a_rate_limit_a_429(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo 😍")

    sandbox.admin.fault("server_error", scope=owner.owner.page_id, count=1)
    away = answer(client, owner, log)
    sandbox.admin.fault("rate_limit", scope=owner.owner.page_id, count=1)
    limited = answer(client, owner, log)

    assert (away.status_code, away.get_json()["code"]) == (502, "graph_unavailable")
    assert (limited.status_code, limited.get_json()["code"]) == (429, "rate_limited")
    assert "Meta" in away.get_json()["message"] and "Meta" in limited.get_json()["message"]
    assert private_replies(sandbox, log) == [] and manual_answers() == 2


def test_bad_input_is_refused_and_sends_nothing(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo 😍")
    cases = [
        {"logs": {"_id": log.id}},
        {"logs": {"_id": log.id}, "answer": "   "},
        {"logs": {"_id": log.id}, "answer": "x" * 641},
        {"logs": {"_id": log.id}, "answer": THANKS, "buttons": [SITE_BUTTON] * 4},
        {"logs": {"_id": log.id}, "answer": THANKS, "buttons": [{"type": "web_url", "title": "Site"}]},
        {"logs": {"_id": log.id}, "answer": THANKS, "buttons": [{"type": "phone_number", "title": "Tel",
                                                                 "payload": "call me"}]},
        {"logs": "abc", "answer": THANKS},
        {"logs": {"message": "no id"}, "answer": THANKS},
        {"logs": True, "answer": THANKS},
        {"answer": THANKS},
        {"logs": {"_id": log.id}, "answer": THANKS, "project": {"_id": owner.agent.id + 1000}},
    ]
    for body in cases:
        refused = client.post(ANSWER.format("facebook"), headers=owner.headers, json=body)
        assert refused.status_code == 422 and refused.get_json()["message"], body
    wrong_network = answer(client, owner, log, platform="instagram")
    unknown_network = answer(client, owner, log, platform="twitter")
    not_json = client.post(ANSWER.format("facebook"), headers=owner.headers, data="logs=1",
                           content_type="application/x-www-form-urlencoded")

    assert (wrong_network.status_code, wrong_network.get_json()["code"]) == (422, "wrong_platform")
    assert unknown_network.status_code == 422
    assert not_json.status_code == 422
    assert private_replies(sandbox, log) == [] and manual_answers() == 0
    session.expire_all()
    assert session.scalar(select(func.count()).select_from(PlannedAction)
                          .where(PlannedAction.comment_id == log.comment_id)) == 0


def test_instagram_answers_carry_no_buttons(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in, platform="instagram")
    log = owner.comment("Bravo 😍", author={"id": "1187330569912345", "username": "nour.h"})

    with_buttons = answer(client, owner, log, platform="instagram", buttons=[SITE_BUTTON])
    plain = answer(client, owner, log, platform="instagram")

    assert (with_buttons.status_code, with_buttons.get_json()["code"]) == (422, "no_buttons_on_instagram")
    assert plain.status_code == 200 and plain.get_json()["data"]["platform"] == "instagram"
    [reply] = private_replies(sandbox, log)
    assert reply["text"] == THANKS and not reply.get("buttons")


def test_only_the_pages_team_answers(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo 😍")
    _stranger, stranger_headers, _network = signed_in(first_name="Karim")

    stranger = client.post(ANSWER.format("facebook"), headers=stranger_headers,
                           json={"logs": {"_id": log.id}, "answer": THANKS})
    unknown = client.post(ANSWER.format("facebook"), headers=owner.headers,
                          json={"logs": {"_id": log.id + 1000}, "answer": THANKS})
    anonymous = client.post(ANSWER.format("facebook"), json={"logs": {"_id": log.id}, "answer": THANKS})

    # Another team's log is answered as a log that does not exist: a log id tells nobody that it exists.
    assert (stranger.status_code, stranger.get_json()) == (unknown.status_code, unknown.get_json()) == (
        404, {"code": "log_not_found", "message": "This comment is not in the agent's messages"})
    assert anonymous.status_code == 401
    assert private_replies(sandbox, log) == [] and manual_answers() == 0


def test_the_pages_own_comment_is_not_answered(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    own = owner.comment("Nouvelle collection en boutique !", author={"id": owner.owner.page_id, "name": "Boutique"})

    refused = answer(client, owner, own)

    assert (refused.status_code, refused.get_json()["code"]) == (409, "own_comment")
    assert private_replies(sandbox, own) == []


def test_personalisation_tags_are_filled_as_in_the_agents_replies(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Bravo 😍")

    sent = answer(client, owner, log, text="Merci ##FIRST_NAME## ##LAST_NAME##, à bientôt chez ##PAGE_NAME## !")

    expected = f"Merci Nour Haddad, à bientôt chez {owner.owner.page.name} !"
    assert sent.get_json()["data"]["manuelAnswer"][0]["answer"] == expected
    assert [reply["text"] for reply in private_replies(sandbox, log)] == [expected]


def test_a_deleted_comment_and_one_past_metas_seven_days_are_refused_without_a_call(app, client, sandbox,
                                                                                     signed_in):
    owner = shop(app, client, sandbox, signed_in)
    deleted, old = owner.comment("Bravo pour la collection 😍"), owner.comment("Trop belle la robe")
    _deliver_removal(app, client, owner, deleted)
    old.created_time = old.created_time - timedelta(days=8)  # eight days have passed since it was written
    session.commit()

    refused = answer(client, owner, deleted), answer(client, owner, old)

    assert [(response.status_code, response.get_json()["code"]) for response in refused] == [
        (409, "comment_removed"), (409, "reply_window_closed")]
    # The sandbox still has the second comment and would take a reply to it: none came, so no call was made.
    assert private_replies(sandbox, old) == [] and manual_answers() == 0
    assert sandbox.admin.effects() == []


def _deliver_removal(app, client, owner, log) -> None:
    """The fan deletes the comment at the sandbox, and its removal change reaches the product's webhook, signed (no
    webhook is registered here: the test delivers it as the sandbox would)."""
    owner.sandbox.admin.call("DELETE", f"/comments/{log.comment_id}")
    sandbox_comment = owner.sandbox.admin.comment_effects(log.comment_id)
    post = {"id": sandbox_comment["post_id"], "picture": None, "created_time": 0}
    record = {**sandbox_comment, "parent_id": None}
    body = body_bytes({"object": "page", "entry": [{"id": owner.owner.page.external_id, "time": 0,
                                                    "changes": [facebook_change(record, post, "", "remove")]}]})
    signature = hmac.new(app.config["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    delivered = client.post("/api/v1/webhooks/meta", data=body, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={signature}"})
    assert delivered.status_code == 200
