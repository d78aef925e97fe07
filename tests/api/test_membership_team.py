"""The team calls of the team screen (spec 000 §5 "Team", §6, §7): listing the team, adding a member of the owner's
other teams, deleting members but never the owner; a stranger refused on every page-scoped call, and every call
needing a session. Every answer body is the payload itself (the team), never {"data": ...}; refusals are JSON and
change nothing."""
from __future__ import annotations

import pytest

from tests.api.membership_support import BASE, counts, generate, join, make_page, owner  # noqa: F401 (owner: a fixture)


@pytest.fixture
def stranger(signed_in):
    return signed_in("Sonia", "Stranger")


# --- listUser ------------------------------------------------------------------------------------------------

def test_every_team_member_lists_the_team_owner_first(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user, external_id="17841400000001", platform="instagram")
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member)

    for caller in (headers, member_headers):
        answer = client.get(f"{BASE}/listUser/17841400000001/instagram", headers=caller)
        assert answer.status_code == 200
        assert [(m["name"], m["role"], m["idPage"]) for m in answer.get_json()] == [
            ("Olfa Owner", "owner", "17841400000001"), ("Mona Member", "invited_member", "17841400000001")]

    # The same network id on the other platform is another page, which does not exist: 403.
    assert client.get(f"{BASE}/listUser/17841400000001/facebook", headers=headers).status_code == 403


def test_a_bad_page_id_is_422(client, owner):
    _user, headers, _ = owner
    answer = client.get(f"{BASE}/listUser/not%20an%20id/facebook", headers=headers)
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalidPage"


# --- addExistingMember ---------------------------------------------------------------------------------------

def _selected(member, other_page, role="invited_member"):
    return {"idFacebook": member.facebook_id, "firstName": member.first_name, "lastName": member.last_name,
            "role": role, "idPage": other_page.external_id}


def test_owner_adds_a_member_of_another_team(client, signed_in, owner):
    user, headers, _ = owner
    page, other_page = make_page(user), make_page(user, external_id="5550002", name="Second Shop")
    member, member_headers, _ = signed_in("Karim", "Haddad")
    join(other_page, member, "invited_admin")

    answer = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                         json=_selected(member, other_page))

    assert answer.status_code == 200
    assert [(m["idFacebook"], m["role"]) for m in answer.get_json()] == [
        (user.facebook_id, "owner"), (member.facebook_id, "invited_member")]
    assert client.get(f"{BASE}/listUser/5550001/facebook", headers=member_headers).status_code == 200

    again = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                        json=_selected(member, other_page))
    assert again.status_code == 409
    assert again.get_json() == {"code": "alreadyInvited", "message": "This user was already invited"}


def test_adding_someone_outside_the_owners_teams_or_an_owner_is_refused(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user)
    outsider, _, _ = signed_in("Out", "Sider")
    before = counts()

    not_mine = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                           json=_selected(outsider, page))
    unknown = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                          json={"idFacebook": "424242424242"})
    themselves = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                             json=_selected(user, page, "owner"))

    assert (not_mine.status_code, not_mine.get_json()["code"]) == (422, "invitFailed")
    assert (unknown.status_code, unknown.get_json()["code"]) == (422, "invitFailed")
    assert (themselves.status_code, themselves.get_json()["code"]) == (422, "ownerNotSelectable")
    assert counts() == before


@pytest.mark.parametrize("body", [{}, {"idFacebook": ""}, {"idFacebook": None}, {"idFacebook": "12 34"},
                                  {"idFacebook": "1" * 65}, [], "x"])
def test_add_existing_member_refuses_bad_input(client, owner, body):
    user, headers, _ = owner
    make_page(user)
    before = counts()
    answer = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers, json=body)
    assert answer.status_code == 422 and answer.is_json
    assert counts() == before


# --- deleteMember --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path_role", ["invited_member", "owner"])  # the member's role, or the caller's
def test_owner_deletes_a_member_and_gets_the_team(client, signed_in, owner, path_role):
    user, headers, _ = owner
    page = make_page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member)

    answer = client.post(f"{BASE}/deleteMember/{path_role}", headers=headers,
                         json={"idFacebook": member.facebook_id, "idPage": "5550001", "typePage": "facebook"})

    assert answer.status_code == 200
    assert [m["role"] for m in answer.get_json()] == ["owner"]
    assert client.get(f"{BASE}/listUser/5550001/facebook", headers=member_headers).status_code == 403

    missing = client.post(f"{BASE}/deleteMember/invited_member", headers=headers,
                          json={"idFacebook": member.facebook_id, "idPage": "5550001", "typePage": "facebook"})
    assert missing.status_code == 404 and missing.get_json()["code"] == "memberNotFound"


@pytest.mark.parametrize("path_role", ["owner", "invited_member"])
def test_the_owner_cannot_be_deleted(client, owner, path_role):
    user, headers, _ = owner
    make_page(user)
    before = counts()
    answer = client.post(f"{BASE}/deleteMember/{path_role}", headers=headers,
                         json={"idFacebook": user.facebook_id, "idPage": "5550001", "typePage": "facebook"})
    assert answer.status_code == 403
    assert answer.get_json() == {"code": "cannotDeleteOwner", "message": "You can't delete the owner"}
    assert counts() == before


def test_members_cannot_delete_members(client, signed_in, owner):
    user, _headers, _ = owner
    page = make_page(user)
    admin, admin_headers, _ = signed_in("Adam", "Admin")
    member, _, _ = signed_in("Mona", "Member")
    join(page, admin, "invited_admin")
    join(page, member)
    before = counts()

    answer = client.post(f"{BASE}/deleteMember/invited_member", headers=admin_headers,
                         json={"idFacebook": member.facebook_id, "idPage": "5550001", "typePage": "facebook"})

    assert answer.status_code == 403 and answer.get_json()["code"] == "ownerOnly"
    assert counts() == before


@pytest.mark.parametrize("body", [{}, {"idFacebook": "1", "idPage": "5550001"},
                                  {"idFacebook": "1", "idPage": "5550001", "typePage": "twitter"},
                                  {"idFacebook": "1", "idPage": "", "typePage": "facebook"},
                                  {"idFacebook": "1\x00", "idPage": "5550001", "typePage": "facebook"}])
def test_delete_member_refuses_bad_input(client, signed_in, owner, body):
    user, headers, _ = owner
    page = make_page(user)
    member, _, _ = signed_in("Mona", "Member")
    join(page, member)
    before = counts()
    answer = client.post(f"{BASE}/deleteMember/invited_member", headers=headers, json=body)
    assert answer.status_code == 422 and answer.is_json
    assert counts() == before


# --- strangers -----------------------------------------------------------------------------------------------

def test_a_stranger_gets_403_on_every_page_scoped_call(client, signed_in, owner, stranger):
    user, headers, _ = owner
    page = make_page(user)
    token = generate(client, headers, page, "Sami").get_json()["tokenPage"]
    member, _, _ = signed_in("Mona", "Member")
    join(page, member)
    _s, stranger_headers, _ = stranger
    before = counts()

    calls = [
        client.get(f"{BASE}/get/5550001/facebook/Sami", headers=stranger_headers),
        client.get(f"{BASE}/get/9999999/facebook/Sami", headers=stranger_headers),  # no such page: the same 403
        client.get(f"{BASE}/listUser/5550001/facebook", headers=stranger_headers),
        client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=stranger_headers,
                    json={"idFacebook": member.facebook_id}),
        client.post(f"{BASE}/deleteMember/invited_member", headers=stranger_headers,
                    json={"idFacebook": member.facebook_id, "idPage": "5550001", "typePage": "facebook"}),
        client.post(f"{BASE}/sendMail/5550001/facebook", headers=stranger_headers,
                    json={"email": "x@example.com", "nameUser": "X", "token": token}),
    ]

    for answer in calls:
        assert answer.status_code == 403, answer.get_json()
        assert answer.get_json() == {"code": "page_not_in_team", "message": "You are not on this page's team"}
    assert counts() == before


def test_every_call_needs_a_session(client, owner):
    user, _headers, _ = owner
    make_page(user)
    assert client.get(f"{BASE}/listUser/5550001/facebook").status_code == 401
    assert client.get(f"{BASE}/get/5550001/facebook/Sami").status_code == 401
    assert client.post(f"{BASE}/deleteMember/owner", json={}).status_code == 401
