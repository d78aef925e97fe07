"""Page settings (spec 000 §3 "Preferences payload", "Public reply payload", §4 "Page settings", §9): the owner's
switches and reply delay, stored in milliseconds, and the public reply; every bad value a 422 that changes nothing."""
import pytest

from app.database import session
from tests.api.pages_support import SECURE, connected_page, paid_user


@pytest.fixture
def owned(client, sandbox, signed_in):
    """(page row, headers) of a Facebook page the signed-in user owns."""
    _me, headers, network_me = paid_user(signed_in)
    row, _page = connected_page(client, sandbox, headers, network_me)
    return row, headers


def _preferences(client, row, headers, body, platform=None):
    return client.put(f"{SECURE}/pages/preference/{row.external_id}/{platform or row.platform}", json=body,
                      headers=headers)


def _listed(client, headers):
    return client.get(f"{SECURE}/pages/get/all/", headers=headers).get_json()["listPageConnectedOwner"][0]


def _stored(row):
    session.expire_all()
    return (row.spam, row.likes_comment, row.hide_comment, row.delay_mode, row.delay_times_ms,
            row.public_reply_enabled, row.public_reply_message)


@pytest.mark.parametrize("delay, stored", [
    ({"statut": "immediatly", "time": [0]}, []),
    ({"statut": "Exactly", "time": [5 * 60000 + 30 * 1000]}, [330000]),
    ({"statut": "Randomly", "time": [1000, 59 * 60000 + 59 * 1000]}, [1000, 3599000]),
    ({"statut": "Randomly", "time": [60000, 60000]}, [60000, 60000]),
])
def test_preferences_round_trip(client, owned, delay, stored):
    row, headers = owned
    body = {"platforme": "facebook", "likesComment": True, "spam": True, "hideComment": True,
            "respReplies": delay}

    answer = _preferences(client, row, headers, body)

    assert answer.status_code == 200
    data = answer.get_json()
    assert (data["idPage"], data["platform"]) == (row.external_id, "facebook")
    assert (data["spam"], data["likesComment"], data["hideComment"]) == (True, True, True)
    assert data["delay"] == delay["statut"] and data["respReplies"] == {"statut": delay["statut"], "time": stored}
    assert _stored(row)[:5] == (True, True, True, delay["statut"], stored)
    page = _listed(client, headers)
    assert page["respReplies"] == {"statut": delay["statut"], "time": stored} and page["hideComment"] is True


def test_values_not_sent_are_kept(client, owned):
    row, headers = owned
    assert _preferences(client, row, headers, {"spam": True, "respReplies": {"statut": "Exactly",
                                                                             "time": [2000]}}).status_code == 200
    # The original client sends no hideComment: what was stored stays.
    assert _preferences(client, row, headers, {"platforme": "facebook", "likesComment": True,
                                               "spam": False}).status_code == 200
    assert _stored(row)[:5] == (False, True, False, "Exactly", [2000])


def test_an_owner_keeps_complaints_visible_while_abuse_is_hidden(client, owned):
    """Hide negative comments hides abuse and complaints, as before (keepComplaints false for every page); with
    keepComplaints the complaints stay (app/services/pipeline/comment_decision.py)."""
    row, headers = owned
    assert _listed(client, headers)["keepComplaints"] is False

    answer = _preferences(client, row, headers, {"hideComment": True, "keepComplaints": True})

    assert answer.status_code == 200
    assert (answer.get_json()["hideComment"], answer.get_json()["keepComplaints"]) == (True, True)
    assert _listed(client, headers)["keepComplaints"] is True
    # The original client sends no keepComplaints: the owner's choice stays.
    assert _preferences(client, row, headers, {"platforme": "facebook", "spam": True}).status_code == 200
    session.expire_all()
    assert row.keep_complaints is True and row.hide_comment is True


@pytest.mark.parametrize("body", [
    {"spam": "yes"}, {"spam": 1}, {"likesComment": None}, {"hideComment": "true"}, {"keepComplaints": "yes"},
    {"keepComplaints": None},
    {"platforme": "twitter"},
    {"respReplies": {"statut": "Later", "time": []}},
    {"respReplies": {"time": [1000]}},
    {"respReplies": {"statut": "Exactly", "time": []}},
    {"respReplies": {"statut": "Exactly", "time": [1000, 2000]}},
    {"respReplies": {"statut": "Exactly", "time": [60 * 60000]}},
    {"respReplies": {"statut": "Exactly", "time": [-1000]}},
    {"respReplies": {"statut": "Exactly", "time": [1500]}},
    {"respReplies": {"statut": "Exactly", "time": ["1000"]}},
    {"respReplies": {"statut": "Exactly", "time": [True]}},
    {"respReplies": {"statut": "Randomly", "time": [1000]}},
    {"respReplies": {"statut": "Randomly", "time": [5000, 1000]}},
    {"respReplies": {"statut": "Randomly", "time": [1000, 2000, 3000]}},
    {"respReplies": "immediatly"},
    {"unknown": True},
], ids=lambda body: str(body))
def test_each_bad_preference_is_422_and_changes_nothing(client, owned, body):
    row, headers = owned
    before = _stored(row)

    answer = _preferences(client, row, headers, {"spam": True, **body})

    assert answer.status_code == 422 and answer.is_json
    assert _stored(row) == before


def test_an_unknown_platform_or_another_networks_page_is_refused(client, owned):
    row, headers = owned
    # No route has another platform (the app's catch-all only serves GET, hence 405).
    unknown = _preferences(client, row, headers, {"spam": True}, platform="twitter")
    assert unknown.status_code in (404, 405) and unknown.is_json
    # No team of the caller's has an Instagram account of this id: refused as any page outside their teams.
    other_network = _preferences(client, row, headers, {"spam": True}, platform="instagram")
    assert (other_network.status_code, other_network.get_json()["code"]) == (403, "page_not_in_team")
    assert _stored(row)[0] is False


def test_instagram_preferences_are_set_under_the_pages_path(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    row, _page = connected_page(client, sandbox, headers, network_me, platform="instagram")

    answer = _preferences(client, row, headers, {"platforme": "instagram", "spam": True, "likesComment": False,
                                                 "respReplies": {"statut": "Randomly", "time": [0, 30000]}})

    assert answer.status_code == 200 and answer.get_json()["platform"] == "instagram"
    assert _stored(row)[0] is True and _stored(row)[3:5] == ("Randomly", [0, 30000])


def _public_reply(client, row, headers, body):
    return client.put(f"{SECURE}/pages/publicreply/{row.external_id}/{row.platform}", json=body, headers=headers)


def test_public_reply_on_then_off(client, owned):
    row, headers = owned

    on = _public_reply(client, row, headers, {"statut": True, "message": "Merci, regardez vos messages !"})

    assert on.status_code == 200
    assert on.get_json()["public_reply"] == {"statut": True, "message": "Merci, regardez vos messages !"}
    assert _listed(client, headers)["public_reply"] == {"statut": True, "message": "Merci, regardez vos messages !"}

    off = _public_reply(client, row, headers, {"statut": False, "message": ""})  # as the client turns it off

    assert off.status_code == 200 and off.get_json()["public_reply"] == {"statut": False, "message": ""}
    assert _stored(row)[5:] == (False, "")


def test_the_longest_public_reply_is_taken(client, owned):
    row, headers = owned
    assert _public_reply(client, row, headers, {"statut": True, "message": "a" * 8000}).status_code == 200
    assert _stored(row)[6] == "a" * 8000


@pytest.mark.parametrize("body", [
    {}, {"message": "Merci"}, {"statut": "true", "message": "Merci"}, {"statut": None, "message": "Merci"},
    {"statut": True}, {"statut": True, "message": "   "}, {"statut": True, "message": "a" * 8001},
    {"statut": True, "message": 12}, {"statut": False, "message": None}, {"statut": True, "message": "x", "y": 1},
], ids=lambda body: str(body)[:60])
def test_each_bad_public_reply_is_422_and_changes_nothing(client, owned, body):
    row, headers = owned
    assert _public_reply(client, row, headers, {"statut": True, "message": "Bonjour"}).status_code == 200
    before = _stored(row)

    answer = _public_reply(client, row, headers, body)

    assert answer.status_code == 422 and answer.is_json
    assert _stored(row) == before
