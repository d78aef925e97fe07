"""A person removes the app from their Facebook account: the sandbox revokes their tokens and calls the product's
deauthorize callback over HTTP with Meta's signed request. The product forgets their token, stops answering the
pages they connected (their replies held), shows those pages as needing reconnection, with why, and tells the owner
(the page's alert, mailed over real SMTP); logging in and connecting again resumes them. Requests Meta did not sign
are refused with 400 and change nothing."""
from __future__ import annotations

import pytest
import requests
from sqlalchemy import func, select

from app.database import session
from app.models import DataDeletionRequest, User
from tests.api.pages_support import SECURE, all_pages, connect, connected_page, paid_user
from tests.workers.meta_callbacks_support import DATA_DELETION, DEAUTHORIZE, delayed_reply, forgeries, logged_in_again
from tests.workers.test_mail import (mail_prefix, mail_worker, mailbox, publish_to_mail_worker,  # noqa: F401
                                     smtp_port)


def _graph_error(sandbox, page_id: str, token: str) -> dict:
    return requests.get(f"{sandbox.url}/v23.0/{page_id}", params={"access_token": token}, timeout=10).json()["error"]


def test_removing_the_app_stops_the_pages_it_connected_until_they_are_connected_again(
        client, sandbox, signed_in, callbacks, mailbox):
    me, headers, network_me = paid_user(signed_in)
    row, network_page = connected_page(client, sandbox, headers, network_me)
    action = delayed_reply(row)

    called = sandbox.admin.remove_app(network_me["id"])

    assert (called["status"], called["answer"]) == (200, {"success": True})
    session.expire_all()
    assert me.access_token is None and not me.is_connected
    assert row.is_connected and row.needs_reconnect and row.reconnect_reason == "app_removed"
    assert row.access_token is None
    assert (action.state, action.error) == ("held", "the page needs to be reconnected")
    # Meta no longer takes the token the product held.
    assert (_graph_error(sandbox, network_page["id"], network_page["access_token"])["error_subcode"]) == 458
    [shown] = all_pages(client.get(f"{SECURE}/pages/get/all/", headers=headers).get_json())
    assert (shown["id"], shown["status"]) == (network_page["id"], "listPageConnectedOwner")
    assert (shown["needsReconnect"], shown["reconnectReason"]) == (True, "app_removed")
    # The owner is told at once: the page's alert, on Home and the bell, and mailed over SMTP by a real worker.
    told = client.get(f"{SECURE}/alerts/get/{network_page['id']}/facebook", headers=headers).get_json()
    assert [(alert["kind"], alert["action"]["route"]) for alert in told["alerts"]] == [("page_reconnect", "/pages")]
    [message] = mailbox.wait_for(1)
    assert message["To"] == me.email and message["Subject"] == "This page needs reconnecting – Boutique Amira"

    # Logging in again authorizes the app again; connecting the page again takes its new token.
    again = client.post("/api/v1/auth/login/facebook", json={"token": logged_in_again(sandbox, network_me["id"])})
    headers = {"Authorization": f"Bearer {again.get_json()['token']}"}
    assert connect(client, headers, "facebook", network_page["id"]).get_json() is True
    session.expire_all()
    assert not row.needs_reconnect and row.reconnect_reason is None and row.access_token
    [shown] = all_pages(client.get(f"{SECURE}/pages/get/all/", headers=headers).get_json())
    assert (shown["needsReconnect"], shown["reconnectReason"]) == (False, None)


def test_pages_of_others_and_people_the_product_never_saw_are_left_alone(client, sandbox, signed_in, callbacks):
    _me, headers, network_me = paid_user(signed_in)
    row, _page = connected_page(client, sandbox, headers, network_me)
    stranger = sandbox.admin.user(first_name="Never", last_name="Signed")

    assert sandbox.admin.remove_app(stranger["id"])["status"] == 200

    session.expire_all()
    assert row.access_token and not row.needs_reconnect


@pytest.mark.parametrize("path", [DEAUTHORIZE, DATA_DELETION])
def test_requests_meta_did_not_sign_are_refused_and_change_nothing(client, sandbox, signed_in, callbacks, path):
    me, headers, network_me = paid_user(signed_in)
    row, _page = connected_page(client, sandbox, headers, network_me)
    token = me.access_token

    for flaw, form in forgeries(network_me["id"], sandbox.app_secret).items():
        answer = requests.post(f"{callbacks}{path}", data=form, timeout=10)
        assert answer.status_code == 400, flaw
        assert answer.json()["code"] == "signed_request_invalid", flaw

    session.expire_all()
    assert me.access_token == token and me.is_connected
    assert row.access_token and not row.needs_reconnect
    assert session.scalar(select(func.count(DataDeletionRequest.id))) == 0
    assert session.scalar(select(func.count(User.id))) == 1


def test_a_json_body_is_not_meta_s_form(callbacks):
    answer = requests.post(f"{callbacks}{DEAUTHORIZE}", json={"signed_request": "x.y"}, timeout=10)

    assert answer.status_code == 400 and answer.json()["code"] == "signed_request_invalid"
