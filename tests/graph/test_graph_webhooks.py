"""Every conformance payload, read as raw bytes and signed the way Meta signs it, passes the product's
signature check and parser; tampered, unsigned or wrongly signed bodies are refused."""
import hashlib
import hmac
import json
from pathlib import Path

import pytest

from app.graph.webhooks import (CommentChange, WebhookPayloadInvalid, handshake, parse_changes,
                                verify_signature)

PAYLOADS = Path(__file__).resolve().parents[1] / "fixtures" / "meta_webhooks"
APP_SECRET = "sandbox-app-secret"


def sign(raw_body: bytes, secret: str = APP_SECRET) -> str:
    """X-Hub-Signature-256 as Meta computes it (tests/fixtures/meta_webhooks/README.md): over the file's bytes,
    unchanged."""
    return "sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()


def facebook(page_id, comment_id, post_id, parent_id, from_id, from_name, message, created_time, verb):
    return CommentChange("facebook", page_id, comment_id, post_id, parent_id, from_id, from_name, message,
                         created_time, verb, "feed", None)


EXPECTED = {
    "fb_feed_batch_user_comment_and_reply.json": [
        facebook("104857392011223", "122101234567890123_1187245637712398", "104857392011223_122101234567890123",
                 "104857392011223_122101234567890123", "7345098712340012", "Amira Ben Salah",
                 "Bonjour, c'est combien ? Livraison à Sfax possible ?", 1767261604, "add"),
        facebook("104857392011223", "122101234567890123_1322870045119456", "104857392011223_122101234567890123",
                 "122101234567890123_1187245637712398", "6120934471203388", "Karim Trabelsi",
                 "Moi aussi, le prix svp", 1767261606, "add"),
    ],
    "fb_feed_comment_add_by_page.json": [
        facebook("1234567890321", "901097836652708_903438993085259", "1234567890321_901097836652708",
                 "1234567890321_901097836652708", "1234567890321", "Tester", "and the next one", 1449135003, "add"),
    ],
    "fb_feed_comment_edited_legacy_sender_fields.json": [
        facebook("1234567890321", "900728623356296_900744590021366", "1234567890321_900728623356296",
                 "1234567890321_900728623356296", "1234567890321", "Tester",
                 "Let's see the Webhooks in action :D", 1448555737, "edited"),
    ],
    "fb_feed_comment_hide.json": [
        facebook("1234567890321", "900728623356296_900744590021366", "1234567890321_901097836652708",
                 "1234567890321_901097836652708", "1234567890321", "Tester", "and the next one", 1467894562,
                 "hide"),
    ],
    "fb_feed_comment_remove.json": [
        facebook("1234567890321", "905578656204626_905579239537901", "1234567890321_905578656204626",
                 "1234567890321_905578656204626", "1234567890321", "John Doe", None, 1452107182, "remove"),
    ],
    "fb_feed_reaction_add_on_comment.json": [],
    "ig_comments_reply_with_media.json": [
        CommentChange("instagram", "0", "123456789", "76543987", "987654321", "1234536447", "testuser",
                      "This is an example.", 1519399307, "add", "comments", "FEED"),
    ],
    "ig_live_comments.json": [
        CommentChange("instagram", "17841405822304914", "18102938475610293", "18034567891234567", None,
                      "1187330569912345", "amira.bs", "Combien la robe rouge ?", 1767261700, "add",
                      "live_comments", "LIVE"),
    ],
}


def test_every_conformance_payload_has_an_expectation():
    assert sorted(path.name for path in PAYLOADS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_conformance_payload_passes_signature_and_parser(name):
    raw_body = (PAYLOADS / name).read_bytes()

    assert verify_signature(raw_body, sign(raw_body), APP_SECRET)
    assert parse_changes(json.loads(raw_body)) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_conformance_payload_refused_with_another_secret(name):
    raw_body = (PAYLOADS / name).read_bytes()

    assert not verify_signature(raw_body, sign(raw_body, "another-app-secret"), APP_SECRET)


@pytest.mark.parametrize("header", [None, "", "sha256=", "sha1=" + "0" * 40, "sha256=" + "0" * 64,
                                    "sha256=zz-not-hex", "sha256=ü" * 3])
def test_missing_or_malformed_signature_is_refused(header):
    raw_body = (PAYLOADS / "fb_feed_comment_add_by_page.json").read_bytes()

    assert not verify_signature(raw_body, header, APP_SECRET)


def test_body_altered_after_signing_is_refused():
    raw_body = (PAYLOADS / "fb_feed_batch_user_comment_and_reply.json").read_bytes()
    header = sign(raw_body)
    altered = raw_body.replace(b"le prix svp", b"le prix SVP")

    assert altered != raw_body
    assert not verify_signature(altered, header, APP_SECRET)


def test_reserialised_json_no_longer_matches_the_signature():
    raw_body = (PAYLOADS / "fb_feed_batch_user_comment_and_reply.json").read_bytes()
    reserialised = json.dumps(json.loads(raw_body), ensure_ascii=False).encode()

    assert not verify_signature(reserialised, sign(raw_body), APP_SECRET)


def test_no_app_secret_never_verifies():
    raw_body = b'{"object":"page","entry":[]}'

    assert not verify_signature(raw_body, sign(raw_body, ""), "")


def test_instagram_login_envelope_with_field_and_value_on_the_entry():
    payload = json.loads((PAYLOADS / "ig_live_comments.json").read_bytes())
    entry = payload["entry"][0]
    change = entry.pop("changes")[0]
    entry.update(field=change["field"], value=change["value"])

    assert parse_changes(payload) == EXPECTED["ig_live_comments.json"]


def test_instagram_comment_id_spelled_comment_id_is_accepted():
    payload = json.loads((PAYLOADS / "ig_comments_reply_with_media.json").read_bytes())
    value = payload["entry"][0]["changes"][0]["value"]
    value["comment_id"] = value.pop("id")

    assert [change.comment_id for change in parse_changes(payload)] == ["123456789"]


@pytest.mark.parametrize("payload", [None, [], "page", {"object": "page"}, {"object": "page", "entry": {}}])
def test_body_that_is_not_a_webhook_envelope_is_refused(payload):
    with pytest.raises(WebhookPayloadInvalid):
        parse_changes(payload)


def test_malformed_changes_are_skipped_and_good_ones_kept():
    payload = json.loads((PAYLOADS / "fb_feed_comment_add_by_page.json").read_bytes())
    good = payload["entry"][0]
    payload["entry"] = ["junk", {"id": "1", "changes": [{"field": "feed", "value": "x"}, 7]},
                        {"id": "1", "changes": [{"field": "feed", "value": {"item": "comment"}}]},
                        {"changes": good["changes"]}, good]

    assert parse_changes(payload) == EXPECTED["fb_feed_comment_add_by_page.json"]


def test_other_webhook_objects_carry_no_comment_changes():
    assert parse_changes({"object": "user", "entry": [{"id": "1", "changed_fields": ["feed"], "time": 1}]}) == []


def test_handshake_answers_the_challenge_for_our_verify_token():
    args = {"hub.mode": "subscribe", "hub.challenge": "1158201444", "hub.verify_token": "meatyhamhock"}

    assert handshake(args, "meatyhamhock") == "1158201444"


def test_handshake_accepts_underscored_parameter_names():
    args = {"hub_mode": "subscribe", "hub_challenge": "42", "hub_verify_token": "meatyhamhock"}

    assert handshake(args, "meatyhamhock") == "42"


@pytest.mark.parametrize("args", [
    {"hub.mode": "subscribe", "hub.challenge": "1158201444", "hub.verify_token": "wrong"},
    {"hub.mode": "unsubscribe", "hub.challenge": "1158201444", "hub.verify_token": "meatyhamhock"},
    {"hub.mode": "subscribe", "hub.verify_token": "meatyhamhock"},
    {"hub.mode": "subscribe", "hub.challenge": "1158201444"},
    {"hub.mode": "subscribe", "hub.challenge": "<script>alert(1)</script>", "hub.verify_token": "meatyhamhock"},
    {},
])
def test_handshake_refuses_anything_else(args):
    assert handshake(args, "meatyhamhock") is None
