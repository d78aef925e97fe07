"""Page lists (spec 000 §3 "Social page", §7): the network's pages merged with ours, in groups named after the
user's relation to each page, each page carrying its group as `status`, sorted by name case-insensitively."""
from app.database import session
from app.models import SocialPage
from tests.api.pages_support import (GROUPS, SECURE, all_pages, connected_page, join_team, paid_user)


def _get(client, headers, path):
    answer = client.get(f"{SECURE}/{path}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_pages_are_grouped_by_relation_and_sorted_by_name(client, sandbox, signed_in):
    owner, owner_headers, owner_network = paid_user(signed_in, "Owner")
    me, headers, network_me = paid_user(signed_in, "Amira")
    for name in ("zeta shop", "Alpha Store", "beta boutique"):
        sandbox.admin.page(name=name, owner_ids=[network_me["id"]])
    mine, _ = connected_page(client, sandbox, headers, network_me, name="Mon Magasin")
    # Administered by both on the network, connected by the other user's team.
    connected_page(client, sandbox, owner_headers, owner_network, name="Common Page")
    theirs_too = sandbox.admin.page(name="Shared Page", owner_ids=[owner_network["id"], network_me["id"]])
    assert client.post(f"{SECURE}/pages/connect/", json={"id": theirs_too["id"]},
                       headers=owner_headers).get_json() is True
    # Teams of the other user's pages that I joined (no admin rights on the network needed).
    admin_of, _ = connected_page(client, sandbox, owner_headers, owner_network, name="Invited As Admin")
    member_of, _ = connected_page(client, sandbox, owner_headers, owner_network, name="invited as member")
    join_team(admin_of, me, "invited_admin")
    join_team(member_of, me, "invited_member")

    body = _get(client, headers, "pages/get/all/")

    assert set(body) == set(GROUPS)
    assert [p["name"] for p in body["listPageNotConnected"]] == ["Alpha Store", "beta boutique", "zeta shop"]
    assert [p["name"] for p in body["listPageConnectedOwner"]] == ["Mon Magasin"]
    assert [p["name"] for p in body["listPageConnectedOtherTeam"]] == ["Shared Page"]
    assert [p["name"] for p in body["listPageInviteAdmin"]] == ["Invited As Admin"]
    assert [p["name"] for p in body["listPageInvite"]] == ["invited as member"]
    for group in GROUPS:
        assert all(page["status"] == group for page in body[group])
    # "Common Page" is the other user's alone: neither administered by me nor in my teams.
    assert "Common Page" not in [p["name"] for p in all_pages(body)]


def test_a_page_carries_its_settings_team_and_statistics_but_never_a_token(client, sandbox, signed_in):
    me, headers, network_me = paid_user(signed_in, "Amira")
    row, sandbox_page = connected_page(client, sandbox, headers, network_me, name="Boutique", fan_count=1520,
                                       new_like_count=37)
    row.spam, row.public_reply_enabled, row.public_reply_message = True, True, "Merci !"
    row.delay_mode, row.delay_times_ms = "Randomly", [1000, 61000]
    session.commit()

    [page] = _get(client, headers, "pages/get/all/")["listPageConnectedOwner"]

    assert page["idPage"] == page["id"] == sandbox_page["id"]
    assert page["platform"] == "facebook" and page["isConnectedPage"] is True and page["isConnected"] is True
    assert page["name"] == page["namePage"] == "Boutique"
    assert (page["fan_count"], page["new_like_count"], page["fans"], page["interactions"]) == (1520, 37, 1520, 37)
    assert page["picture"] and page["imageUrl"] == page["picture"]
    assert page["spam"] is True and page["likesComment"] is False and page["hideComment"] is False
    assert page["public_reply"] == {"statut": True, "message": "Merci !"}
    assert page["delay"] == "Randomly" and page["respReplies"] == {"statut": "Randomly", "time": [1000, 61000]}
    assert page["admins"] == page["user"] == [{"idFacebook": network_me["id"], "first_name": "Amira",
                                               "last_name": "Ben Salah", "name": "Amira Ben Salah",
                                               "role": "owner", "idPage": sandbox_page["id"]}]
    assert "access_token" not in page and sandbox_page["access_token"] not in str(page)


def test_another_teams_page_shows_neither_its_team_nor_its_settings(client, sandbox, signed_in):
    _owner, owner_headers, owner_network = paid_user(signed_in, "Owner")
    _me, headers, network_me = signed_in(first_name="Amira")
    shared = sandbox.admin.page(name="Shared", owner_ids=[owner_network["id"], network_me["id"]])
    assert client.post(f"{SECURE}/pages/connect/", json={"id": shared["id"]}, headers=owner_headers).status_code == 200
    row = session.query(SocialPage).one()
    row.spam, row.public_reply_message = True, "secret of theirs"
    session.commit()

    [page] = _get(client, headers, "pages/get/all/")["listPageConnectedOtherTeam"]

    assert page["user"] == [] and page["admins"] == [] and page["spam"] is False
    assert page["public_reply"] == {"statut": False, "message": ""}


def test_instagram_accounts_come_from_the_linked_business_accounts(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in)
    for name, username, followers in (("Boutique", "boutique.ig", 2500), ("atelier", "atelier.ig", 12)):
        page = sandbox.admin.page(name=name, owner_ids=[network_me["id"]])
        sandbox.admin.instagram(page_id=page["id"], username=username, name=name, followers_count=followers)
    sandbox.admin.page(name="No Instagram", owner_ids=[network_me["id"]])

    body = _get(client, headers, "pagesInsta/get/all/")

    pages = body["listPageNotConnected"]
    assert [(p["name"], p["username"], p["followers_count"], p["fans"]) for p in pages] == [
        ("atelier", "atelier.ig", 12, 12), ("Boutique", "boutique.ig", 2500, 2500)]
    assert all(p["platform"] == "instagram" and p["media_count"] == 0 for p in pages)
    assert all(p["profile_picture_url"] and p["picture"] == p["profile_picture_url"] for p in pages)


def test_both_networks_and_connected_only(client, sandbox, signed_in):
    _me, headers, network_me = paid_user(signed_in, plan="Agencies")
    fb_row, fb_page = connected_page(client, sandbox, headers, network_me, name="Facebook Shop")
    sandbox.admin.instagram(page_id=fb_page["id"], username="shop.ig", name="Insta Shop")
    sandbox.admin.page(name="Idle Page", owner_ids=[network_me["id"]])

    everything = _get(client, headers, "pages/test/get/all/")
    connected = _get(client, headers, "pages/test/connect/get/all/")

    assert set(everything) == set(connected) == {"facebookPages", "instaPages"}
    assert [p["name"] for p in everything["facebookPages"]["listPageNotConnected"]] == ["Idle Page"]
    assert [p["name"] for p in everything["facebookPages"]["listPageConnectedOwner"]] == ["Facebook Shop"]
    assert [p["name"] for p in everything["instaPages"]["listPageNotConnected"]] == ["Insta Shop"]
    assert [p["name"] for p in connected["facebookPages"]["listPageConnectedOwner"]] == ["Facebook Shop"]
    assert all(connected[network]["listPageNotConnected"] == [] for network in connected)
    assert connected["instaPages"] == {group: [] for group in GROUPS}


def test_a_page_whose_statistics_cannot_be_read_is_left_out(client, sandbox, signed_in):
    _me, headers, network_me = signed_in()
    sandbox.admin.page(name="Readable", owner_ids=[network_me["id"]])
    broken = sandbox.admin.page(name="Broken", owner_ids=[network_me["id"]])
    sandbox.admin.fault("permission", scope=broken["id"])

    body = _get(client, headers, "pages/get/all/")

    assert [p["name"] for p in all_pages(body)] == ["Readable"]


def test_statistics_are_cached_for_a_while(client, sandbox, signed_in):
    _me, headers, network_me = signed_in()
    page = sandbox.admin.page(name="Cached", owner_ids=[network_me["id"]], fan_count=10)
    assert _get(client, headers, "pages/get/all/")["listPageNotConnected"][0]["fan_count"] == 10
    # The page's own reads now fail: the card keeps the figures read a moment ago.
    sandbox.admin.fault("server_error", scope=page["id"])
    assert _get(client, headers, "pages/get/all/")["listPageNotConnected"][0]["fan_count"] == 10


def test_a_user_with_no_pages_gets_every_group_empty(client, signed_in):
    _me, headers, _network = signed_in()
    assert _get(client, headers, "pagesInsta/get/all/") == {group: [] for group in GROUPS}


def test_lists_need_a_session(client):
    for path in ("pages/get/all/", "pagesInsta/get/all/", "pages/test/get/all/", "pages/test/connect/get/all/"):
        answer = client.get(f"{SECURE}/{path}")
        assert answer.status_code == 401 and answer.is_json


def test_the_network_not_answering_the_users_pages_is_a_502(client, sandbox, signed_in):
    _me, headers, network_me = signed_in()
    sandbox.admin.page(name="Boutique", owner_ids=[network_me["id"]])
    sandbox.admin.fault("server_error", count=1)  # the first Graph call: /me/accounts

    answer = client.get(f"{SECURE}/pages/get/all/", headers=headers)

    assert answer.status_code == 502 and answer.get_json()["message"] == "Error while getting pages"
    assert [p["name"] for p in all_pages(_get(client, headers, "pages/get/all/"))] == ["Boutique"]
