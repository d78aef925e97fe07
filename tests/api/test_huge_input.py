"""Huge ids and headers must not hold a web worker (issue 38 §3), over real HTTP to gunicorn on PostgreSQL and
SQLite: a signed delivery whose comment id has 100,000 digits is answered at once and its neighbour stored (the log
redaction used to scan such a line for 31 s, until gunicorn killed the worker); a token longer than any token is
refused at the edge; a header longer than a browser sends is refused by gunicorn before any code reads it."""
from __future__ import annotations

import pytest
import requests

from app import logging_setup
from tests.api.hostile_support import (PAGE_ID, POST_ID, assert_json_error, comment_value, connect_page, deliver,
                                       entry, stored_comment_ids)


@pytest.mark.parametrize("huge_id", [f"{POST_ID}_{'9' * 100_000}", "1" * 100_000], ids=["post-and-digits", "digits"])
def test_a_comment_id_of_100000_digits_is_skipped_and_its_neighbour_stored(live_db, huge_id):
    connect_page()
    good = f"{POST_ID}_1"
    answer = deliver(live_db, {"object": "page", "entry": [entry(PAGE_ID, comment_value(huge_id),
                                                                 comment_value(good))]})
    assert (answer.status_code, answer.text) == (200, "EVENT_RECEIVED")
    assert stored_comment_ids() == [good]


def test_a_comment_id_sent_as_a_5000_digit_number_does_not_cost_its_delivery(live_db):
    connect_page()
    good = f"{POST_ID}_1"
    body = ('{"object": "page", "entry": [{"id": "%s", "time": 1763900001, "changes": ['
            '{"field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": %s, "message": "prix ?"}},'
            '{"field": "feed", "value": {"item": "comment", "verb": "add", "comment_id": "%s", "message": "prix ?"}}'
            ']}]}' % (PAGE_ID, "7" * 5000, good)).encode()
    answer = deliver(live_db, body)
    assert (answer.status_code, answer.text) == (200, "EVENT_RECEIVED")
    assert stored_comment_ids() == [good]


@pytest.mark.parametrize("field, length", [("token", 100_000), ("tokenMemberShip", 10_000)])
def test_a_login_token_longer_than_any_token_is_422(live_db, sandbox, field, length):
    network_user = sandbox.admin.user(first_name="Sami", last_name="Test", email="sami.long@example.com")
    body = {"token": network_user["access_token"], field: "E" * length}
    answer = requests.post(live_db.url + "/api/v1/auth/login/facebook", json=body, timeout=10)
    assert list(assert_json_error(answer, 422)["errors"]["json"]) == [field]


def test_a_referer_longer_than_a_browser_sends_is_a_json_431(live_db):
    too_long = requests.get(live_db.url + "/api/v1/config", headers={"Referer": "https://a.example/" + "x" * 8000},
                            timeout=10)
    assert_json_error(too_long, 431)
    browser_sized = requests.get(live_db.url + "/api/v1/config", timeout=10,
                                 headers={"Referer": "https://a.example/" + "x" * (4096 - len("https://a.example/"))})
    assert browser_sized.status_code == 200


@pytest.mark.parametrize("line", [
    "9" * 100_000, "a" * 100_000, "eyJ" * 33_334, "a." * 50_000, "x@" + "a." * 50_000, "://" + "a:" * 50_000,
    "token " * 16_667, "bearer " * 14_286,
])
def test_redacting_a_100000_character_line_returns_and_still_redacts(line):
    """Lines shaped to make a backtracking pattern rescan the rest of the line from every position."""
    assert logging_setup.redact(line) == line  # no secret in it
    redacted = logging_setup.redact(f"{line} mail amira@example.com token=abcdef12345 eyJhbGciOiJI.eyJzdWIiOiIx.sig")
    assert redacted.endswith(" mail [email] token=[redacted] [redacted]")
