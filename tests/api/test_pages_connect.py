"""Connecting a page (spec 000 §4 "Page connection state", §6): administrators only, refused with `false` on the free
offer, the app subscribed to the page's webhooks, the page token kept on the server, the user its owner."""
import threading
import time

import pytest
from sqlalchemy import select
from werkzeug.serving import make_server

from app.database import session
from app.models import InboxEvent, SocialPage, TeamMembership
from tests.api.pages_support import SECURE, connect, connected_page, give_plan, page_subscribed, paid_user
from tests.fixtures.sandbox import subscribe_webhooks
from tests.fixtures.services import at_once


def _rows():
    return session.scalars(select(SocialPage)).all()


def test_connecting_subscribes_the_page_and_makes_the_user_its_owner(app, client, sandbox, signed_in):
    me, headers, network_me = paid_user(signed_in)
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"]])
    assert not page_subscribed(app, page)

    answer = connect(client, headers, "facebook", page["id"])

    assert answer.status_code == 200 and answer.get_json() is True
    assert page["access_token"] not in answer.get_data(as_text=True)
    [row] = _rows()
    assert (row.platform, row.external_id, row.name, row.owner_id) == ("facebook", page["id"], "Boutique", me.id)
    assert row.is_connected and row.webhook_subscribed and row.access_token == page["access_token"]
    assert session.scalars(select(TeamMembership.role).where(TeamMembership.page_id == row.id,
                                                             TeamMembership.user_id == me.id)).all() == ["owner"]
    assert page_subscribed(app, page)


def test_an_instagram_account_subscribes_through_its_linked_page(app, client, sandbox, signed_in):
    me, headers, network_me = paid_user(signed_in)
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"]])
    account = sandbox.admin.instagram(page_id=page["id"], username="boutique.ig")

    answer = client.post(f"{SECURE}/pagesInsta/connect/", json={"id": account["id"]}, headers=headers)

    assert answer.get_json() is True
    [row] = _rows()
    assert (row.platform, row.external_id, row.linked_page_external_id) == ("instagram", account["id"], page["id"])
    assert row.username == "boutique.ig" and row.owner_id == me.id
    assert page_subscribed(app, page)


def test_the_free_offer_is_refused_with_false_and_nothing_changes(app, client, sandbox, signed_in):
    _me, headers, network_me = signed_in()  # every new user starts on the Free Trial
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"]])

    answer = connect(client, headers, "facebook", page["id"])

    assert answer.status_code == 200 and answer.get_json() is False
    assert _rows() == [] and not page_subscribed(app, page)


def test_the_plans_page_limit_is_kept(client, sandbox, signed_in):
    me, headers, network_me = signed_in()
    give_plan(me, "SME/Artisans")  # two pages
    ids = [sandbox.admin.page(name=f"Page {n}", owner_ids=[network_me["id"]])["id"] for n in range(3)]

    assert [connect(client, headers, "facebook", page_id).get_json() for page_id in ids] == [True, True, False]


def test_only_administrators_of_the_page_connect_it(client, sandbox, signed_in):
    _me, headers, _network_me = paid_user(signed_in)
    someone = sandbox.admin.user(first_name="Other", last_name="Admin")
    page = sandbox.admin.page(name="Not Mine", owner_ids=[someone["id"]])

    answer = connect(client, headers, "facebook", page["id"])

    assert answer.status_code == 403 and answer.get_json()["code"] == "not_page_admin"
    assert _rows() == []


def test_a_page_connected_by_another_team_is_refused(client, sandbox, signed_in):
    owner, owner_headers, owner_network = paid_user(signed_in, "Owner")
    _me, headers, network_me = paid_user(signed_in, "Amira")
    page = sandbox.admin.page(name="Shared", owner_ids=[owner_network["id"], network_me["id"]])
    assert connect(client, owner_headers, "facebook", page["id"]).get_json() is True

    answer = connect(client, headers, "facebook", page["id"])

    assert answer.status_code == 403 and answer.get_json()["code"] == "page_not_in_team"
    assert [row.owner_id for row in _rows()] == [owner.id]


def test_connecting_again_refreshes_a_page_marked_for_reconnection(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    row, _page = connected_page(client, sandbox, headers, network_me)
    row.needs_reconnect, row.access_token = True, "expired-token"
    session.commit()

    assert connect(client, headers, "facebook", row.external_id).get_json() is True

    session.refresh(row)
    assert not row.needs_reconnect and row.access_token == _page["access_token"]


def test_a_subscription_the_network_refuses_connects_nothing(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"]])
    sandbox.admin.fault("server_error", scope=page["id"])

    answer = connect(client, headers, "facebook", page["id"])

    assert answer.status_code == 502 and answer.is_json
    assert _rows() == []


@pytest.mark.parametrize("body", [{}, {"id": ""}, {"id": "abc"}, {"id": "1" * 65}, {"id": None}, {"id": True},
                                  {"id": ["1"]}, {"id": "12", "extra": 1}])
def test_bad_ids_are_422(client, signed_in, body):
    _me, headers, _network_me = paid_user(signed_in)
    answer = client.post(f"{SECURE}/pages/connect/", json=body, headers=headers)
    assert answer.status_code == 422 and answer.is_json
    assert _rows() == []


@pytest.fixture
def live_app(app):
    """This test's app served over HTTP, so that the sandbox delivers webhooks to it."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_a_comment_after_connecting_reaches_the_inbox(app, client, sandbox, signed_in, live_app, platform):
    # The app-level subscription is registered once per installation (`python -m app register-webhooks`).
    subscribe_webhooks(app.config, live_app, platform)
    _me, headers, network_me = paid_user(signed_in)
    row, page = connected_page(client, sandbox, headers, network_me, platform=platform)
    owner = {"ig_user_id": row.external_id} if platform == "instagram" else {"page_id": page["id"]}
    post = sandbox.admin.post("Nouvelle collection", **owner)

    comment = sandbox.admin.comment(post["id"], "Combien la robe ?",
                                    author={"id": "7345098712340012", "name": "Karim", "username": "karim"})

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not _inbox(comment["id"]):
        time.sleep(0.1)
    [event] = _inbox(comment["id"])
    assert (event.platform, event.page_external_id, event.message) == (platform, row.external_id,
                                                                       "Combien la robe ?")


def _inbox(comment_id):
    session.expire_all()
    return session.scalars(select(InboxEvent).where(InboxEvent.comment_id == comment_id)).all()


def test_two_administrators_connecting_one_page_at_once_leave_one_owner(client, sandbox, signed_in):
    first, first_headers, first_network = paid_user(signed_in, "First")
    second, second_headers, second_network = paid_user(signed_in, "Second")
    page = sandbox.admin.page(name="Shared", owner_ids=[first_network["id"], second_network["id"]])
    callers = iter([first_headers, second_headers])
    lock = threading.Lock()

    def connect_as_next_caller():
        with lock:
            headers = next(callers)
        answer = connect(client, headers, "facebook", page["id"])
        return answer.status_code, answer.get_json()

    answers = at_once(connect_as_next_caller)

    assert sorted(status for status, _body in answers)[0] == 200
    assert [body for status, body in answers if status == 200] == [True]
    assert all(status in (200, 403, 409) for status, _body in answers), answers
    session.expire_all()
    [row] = _rows()
    assert row.owner_id in (first.id, second.id)
