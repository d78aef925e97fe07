"""The Meta webhook endpoint: handshake, signature on the raw body, conformance payloads, storage once."""
import hashlib
import json
import hmac
from pathlib import Path

import pytest

from app.database import session
from app.models import InboxEvent, SocialPage

PAYLOADS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "meta_webhooks").glob("*.json"))
URL = "/api/v1/webhooks/meta"


def signed(app, body: bytes) -> dict:
    digest = hmac.new(app.config["META_APP_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    return {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}


def connect(platform: str, external_id: str) -> None:
    session.add(SocialPage(platform=platform, external_id=external_id, name="Page", is_connected=True))
    session.commit()


def test_handshake_answers_the_challenge_as_raw_body(client, app):
    answer = client.get(URL, query_string={"hub.mode": "subscribe", "hub.challenge": "1158201444",
                                           "hub.verify_token": app.config["WEBHOOK_VERIFY_TOKEN"]})
    assert answer.status_code == 200 and answer.data == b"1158201444"


def test_handshake_with_a_wrong_verify_token_is_refused(client):
    answer = client.get(URL, query_string={"hub.mode": "subscribe", "hub.challenge": "1",
                                           "hub.verify_token": "guess"})
    assert answer.status_code == 403 and answer.is_json


@pytest.mark.parametrize("path", PAYLOADS, ids=[p.name for p in PAYLOADS])
def test_every_conformance_payload_is_accepted(client, app, path):
    body = path.read_bytes()
    assert client.post(URL, data=body, headers=signed(app, body)).status_code == 200


def test_batched_user_comments_are_stored_once_each(client, app):
    connect("facebook", "104857392011223")
    body = next(p for p in PAYLOADS if p.name == "fb_feed_batch_user_comment_and_reply.json").read_bytes()

    for _ in range(2):  # Meta retries: the second delivery stores nothing new
        assert client.post(URL, data=body, headers=signed(app, body)).status_code == 200

    stored = session.query(InboxEvent).order_by(InboxEvent.id).all()
    assert [e.comment_id for e in stored] == ["122101234567890123_1187245637712398",
                                              "122101234567890123_1322870045119456"]
    assert stored[0].message == "Bonjour, c'est combien ? Livraison à Sfax possible ?"
    assert stored[1].parent_id == "122101234567890123_1187245637712398"


def test_edits_removals_reactions_and_unknown_pages_are_acknowledged_and_leave_nothing_to_decide(client, app):
    connect("facebook", "1234567890321")
    for name in ("fb_feed_comment_edited_legacy_sender_fields.json", "fb_feed_comment_remove.json",
                 "fb_feed_comment_hide.json", "fb_feed_reaction_add_on_comment.json", "ig_live_comments.json"):
        body = next(p for p in PAYLOADS if p.name == name).read_bytes()
        assert client.post(URL, data=body, headers=signed(app, body)).status_code == 200
    # The removal of a comment never stored is kept, processed: should its comment's delivery come late, it stores
    # nothing. The edit of an unknown comment is dropped.
    [removal] = session.query(InboxEvent).all()
    assert (removal.comment_id, removal.verb) == ("905578656204626_905579239537901", "remove")
    assert removal.removed_at is not None and removal.processed_at is not None


def test_instagram_comment_of_a_connected_account_is_stored(client, app):
    connect("instagram", "17841405822304914")
    body = next(p for p in PAYLOADS if p.name == "ig_live_comments.json").read_bytes()
    assert client.post(URL, data=body, headers=signed(app, body)).status_code == 200
    [event] = session.query(InboxEvent).all()
    assert (event.platform, event.comment_id, event.message) == ("instagram", "18102938475610293",
                                                                 "Combien la robe rouge ?")


@pytest.mark.parametrize("tamper", ["wrong", "missing", "altered"])
def test_bad_signature_is_403_and_stores_nothing(client, app, tamper):
    connect("facebook", "104857392011223")
    body = next(p for p in PAYLOADS if p.name == "fb_feed_batch_user_comment_and_reply.json").read_bytes()
    headers = signed(app, body)
    if tamper == "wrong":
        headers["X-Hub-Signature-256"] = "sha256=" + "0" * 64
    elif tamper == "missing":
        del headers["X-Hub-Signature-256"]
    else:
        body = body.replace(b"combien", b"COMBIEN")

    answer = client.post(URL, data=body, headers=headers)

    assert answer.status_code == 403 and answer.get_json()["code"] == "invalid_signature"
    assert session.query(InboxEvent).count() == 0


def test_signed_body_that_is_not_json_is_400(client, app):
    body = b"not json at all"
    answer = client.post(URL, data=body, headers=signed(app, body))
    assert answer.status_code == 400 and answer.is_json


def test_oversized_body_is_413_json(client, app):
    body = b"{" + b" " * (app.config["MAX_CONTENT_LENGTH"] + 10) + b"}"
    answer = client.post(URL, data=body, headers=signed(app, body))
    assert answer.status_code == 413 and answer.is_json


def test_a_change_no_column_can_hold_does_not_cost_the_rest_of_its_delivery(client, app):
    connect("facebook", "104857392011999")

    def change(comment_id: str, message: str, name: str = "Nour Haddad", created_time=1763900000) -> dict:
        return {"field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": comment_id,
                                           "post_id": "104857392011999_1", "parent_id": "104857392011999_1",
                                           "from": {"id": "7345098712340099", "name": name},
                                           "created_time": created_time, "message": message}}

    body = json.dumps({"object": "page", "entry": [{"id": "104857392011999", "time": 1763900000, "changes": [
        change("1_1", "prix\u0000 svp ?"), change("1_2", "livraison ?", name="N" * 300),
        change("1_" + "9" * 200, "an id no Graph object has"), change("1_3", "taille ?", created_time=10 ** 20),
    ]}]}).encode()

    assert client.post(URL, data=body, headers=signed(app, body)).status_code == 200

    stored = session.query(InboxEvent).order_by(InboxEvent.comment_id).all()
    assert [(e.comment_id, e.message) for e in stored] == [("1_1", "prix svp ?"), ("1_2", "livraison ?"),
                                                           ("1_3", "taille ?")]
    assert stored[1].from_name == "N" * 255 and stored[2].created_time is None
