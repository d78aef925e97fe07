"""The team screen's calls (spec 000 §4 "Invitation flow", §5 "Team", §6, §7): generate an invitation, the picker of
existing members, adding one, deleting members, mailing the link, listing the team; single use and 24 h expiry
through the real login with tokenMemberShip. Every answer body is the payload itself (false, the members or the
invitation; the team; {"message"} for the mail), never {"data": ...}; refusals are JSON and change nothing."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from app.database import session
from app.models import Invitation, SocialPage, TeamMembership, utcnow
from app.services.billing import grants

BASE = "/api/v1/secure/membership"


def _page(owner, external_id="5550001", platform="facebook", name="Boutique Amira"):
    page = SocialPage(platform=platform, external_id=external_id, name=name, owner_id=owner.id, is_connected=True)
    session.add(page)
    session.commit()
    return page


def _join(page, user, role="invited_member"):
    session.add(TeamMembership(page_id=page.id, user_id=user.id, role=role))
    session.commit()


def _counts():
    session.expire_all()
    return (session.scalar(select(func.count(Invitation.id))),
            session.scalar(select(func.count(TeamMembership.id))),
            tuple(session.scalars(select(Invitation.email).order_by(Invitation.id))))


@pytest.fixture
def owner(signed_in):
    user, headers, network = signed_in("Olfa", "Owner")
    grants.grant(user.facebook_id, "SME/Artisans")  # 3 seats: the owner and two more
    return user, headers, network


@pytest.fixture
def stranger(signed_in):
    return signed_in("Sonia", "Stranger")


def _login(client, network_user, token):
    answer = client.post("/api/v1/auth/login/facebook",
                         json={"token": network_user["access_token"], "tokenMemberShip": token})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def _generate(client, headers, page, name):
    return client.get(f"{BASE}/get/{page.external_id}/{page.platform}/{name}", headers=headers)


# --- generate ------------------------------------------------------------------------------------------------

def test_owner_generates_a_single_use_link_valid_24_hours(app, client, sandbox, owner):
    user, headers, _ = owner
    page = _page(user)

    answer = _generate(client, headers, page, "Sami Guest")

    assert answer.status_code == 200
    data = answer.get_json()
    assert set(data) >= {"tokenPage", "link", "expiresAt", "memberName"}
    assert data["link"] == f"{app.config['PUBLIC_URL'].rstrip('/')}/{data['tokenPage']}"
    invitation = session.scalars(select(Invitation).where(Invitation.token == data["tokenPage"])).one()
    assert invitation.page_id == page.id and invitation.member_name == "Sami Guest"
    assert abs((invitation.expires_at - utcnow()) - timedelta(hours=24)) < timedelta(minutes=1)

    guest = sandbox.admin.user(first_name="Sami", last_name="Guest")
    assert _login(client, guest, data["tokenPage"])["invitation"] == "accepted"
    assert _login(client, guest, data["tokenPage"])["invitation"] == "used"
    other = sandbox.admin.user(first_name="Second", last_name="Try")
    assert _login(client, other, data["tokenPage"])["invitation"] == "used"
    team = client.get(f"{BASE}/listUser/{page.external_id}/facebook", headers=headers).get_json()
    assert [(m["idFacebook"], m["role"]) for m in team] == [(user.facebook_id, "owner"),
                                                            (guest["id"], "invited_member")]


def test_the_owner_opening_their_own_link_leaves_it_unused(client, sandbox, owner):
    user, headers, network = owner
    page = _page(user)
    token = _generate(client, headers, page, "Sami Guest").get_json()["tokenPage"]

    assert _login(client, network, token)["invitation"] == "accepted"

    assert session.scalar(select(func.count(TeamMembership.id))) == 0
    guest = sandbox.admin.user(first_name="Sami", last_name="Guest")
    assert _login(client, guest, token)["invitation"] == "accepted"


def test_a_link_older_than_24_hours_joins_nobody(client, sandbox, owner):
    user, headers, _ = owner
    page = _page(user)
    token = _generate(client, headers, page, "Late Guest").get_json()["tokenPage"]
    invitation = session.scalars(select(Invitation).where(Invitation.token == token)).one()
    invitation.created_at -= timedelta(hours=24, seconds=1)
    invitation.expires_at -= timedelta(hours=24, seconds=1)
    session.commit()

    late = sandbox.admin.user(first_name="Late", last_name="Guest")
    assert _login(client, late, token)["invitation"] == "expired"
    assert session.scalar(select(func.count(TeamMembership.id)).where(TeamMembership.page_id == page.id)) == 0


def test_an_administrator_of_the_page_joins_as_invited_admin(client, sandbox, owner):
    user, headers, network = owner
    admin = sandbox.admin.user(first_name="Adam", last_name="Admin")
    fb_page = sandbox.admin.page("Shared Page", [network["id"], admin["id"]])
    page = _page(user, external_id=fb_page["id"])
    token = _generate(client, headers, page, "Adam").get_json()["tokenPage"]

    assert _login(client, admin, token)["invitation"] == "accepted"
    roles = session.scalars(select(TeamMembership.role).where(TeamMembership.page_id == page.id)).all()
    assert roles == ["invited_admin"]


@pytest.mark.parametrize("name", ["ab", "%20%20%20ab"])
def test_a_member_name_under_3_characters_is_refused(client, owner, name):
    user, headers, _ = owner
    page = _page(user)
    before = _counts()

    answer = _generate(client, headers, page, name)

    assert answer.status_code == 422
    assert answer.get_json()["code"] == "validName"
    assert answer.get_json()["message"] == "Please enter a valid name first !"
    assert _counts() == before


def test_past_the_plans_seats_the_answer_is_false(client, signed_in):
    user, headers, _ = signed_in("Free", "Trial")  # Free Trial: one seat, the owner's
    page = _page(user)

    answer = _generate(client, headers, page, "Sami")

    assert answer.status_code == 200 and answer.get_json() is False
    assert _counts()[0] == 0


def test_open_links_take_seats_until_used_or_expired(client, owner):
    user, headers, _ = owner
    page = _page(user)
    first = _generate(client, headers, page, "Guest One").get_json()
    second = _generate(client, headers, page, "Guest Two").get_json()
    assert "tokenPage" in first and "tokenPage" in second
    assert _generate(client, headers, page, "Guest Three").get_json() is False

    invitation = session.scalars(select(Invitation).where(Invitation.token == first["tokenPage"])).one()
    invitation.expires_at = utcnow() - timedelta(seconds=1)
    session.commit()
    assert "tokenPage" in _generate(client, headers, page, "Guest Three").get_json()


def test_an_expired_plan_answers_false(client, owner):
    user, headers, _ = owner
    page = _page(user)
    for subscription in user.subscriptions:
        subscription.expires_at = utcnow() - timedelta(days=1)
    session.commit()
    assert _generate(client, headers, page, "Sami").get_json() is False


def test_people_of_the_owners_other_teams_are_offered_in_the_picker(client, signed_in, owner):
    user, headers, _ = owner
    page = _page(user)
    other_page = _page(user, external_id="5550002", name="Second Shop")
    member, _, _ = signed_in("Karim", "Haddad")
    someone_else, _, _ = signed_in("Karima", "Elsewhere")
    _join(other_page, member, "invited_admin")
    _join(_page(someone_else, external_id="5550003", name="Not Mine"), someone_else)  # not this owner's team
    before = _counts()

    answer = _generate(client, headers, page, "kARIm")

    assert answer.status_code == 200
    assert answer.get_json() == [{
        "idFacebook": member.facebook_id, "first_name": "Karim", "last_name": "Haddad", "name": "Karim Haddad",
        "role": "invited_admin", "idPage": "5550002", "platform": "facebook",
        "profilePictureUrl": member.picture_url}]
    assert _counts() == before  # no invitation is made while the picker opens

    # Already on this page: not offered again, so a new invitation is made.
    _join(page, member)
    assert "tokenPage" in _generate(client, headers, page, "Karim").get_json()


def test_only_the_owner_generates(client, signed_in, owner):
    user, _headers, _ = owner
    page = _page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    _join(page, member, "invited_admin")

    answer = _generate(client, member_headers, page, "Sami")

    assert answer.status_code == 403 and answer.get_json()["code"] == "ownerOnly"
    assert _counts()[0] == 0


# --- listUser ------------------------------------------------------------------------------------------------

def test_every_team_member_lists_the_team_owner_first(client, signed_in, owner):
    user, headers, _ = owner
    page = _page(user, external_id="17841400000001", platform="instagram")
    member, member_headers, _ = signed_in("Mona", "Member")
    _join(page, member)

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
    page, other_page = _page(user), _page(user, external_id="5550002", name="Second Shop")
    member, member_headers, _ = signed_in("Karim", "Haddad")
    _join(other_page, member, "invited_admin")

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
    page = _page(user)
    outsider, _, _ = signed_in("Out", "Sider")
    before = _counts()

    not_mine = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                           json=_selected(outsider, page))
    unknown = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                          json={"idFacebook": "424242424242"})
    themselves = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers,
                             json=_selected(user, page, "owner"))

    assert (not_mine.status_code, not_mine.get_json()["code"]) == (422, "invitFailed")
    assert (unknown.status_code, unknown.get_json()["code"]) == (422, "invitFailed")
    assert (themselves.status_code, themselves.get_json()["code"]) == (422, "ownerNotSelectable")
    assert _counts() == before


@pytest.mark.parametrize("body", [{}, {"idFacebook": ""}, {"idFacebook": None}, {"idFacebook": "12 34"},
                                  {"idFacebook": "1" * 65}, [], "x"])
def test_add_existing_member_refuses_bad_input(client, owner, body):
    user, headers, _ = owner
    _page(user)
    before = _counts()
    answer = client.post(f"{BASE}/addExistingMember/5550001/facebook", headers=headers, json=body)
    assert answer.status_code == 422 and answer.is_json
    assert _counts() == before


# --- deleteMember --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path_role", ["invited_member", "owner"])  # the member's role, or the caller's
def test_owner_deletes_a_member_and_gets_the_team(client, signed_in, owner, path_role):
    user, headers, _ = owner
    page = _page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    _join(page, member)

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
    _page(user)
    before = _counts()
    answer = client.post(f"{BASE}/deleteMember/{path_role}", headers=headers,
                         json={"idFacebook": user.facebook_id, "idPage": "5550001", "typePage": "facebook"})
    assert answer.status_code == 403
    assert answer.get_json() == {"code": "cannotDeleteOwner", "message": "You can't delete the owner"}
    assert _counts() == before


def test_members_cannot_delete_members(client, signed_in, owner):
    user, _headers, _ = owner
    page = _page(user)
    admin, admin_headers, _ = signed_in("Adam", "Admin")
    member, _, _ = signed_in("Mona", "Member")
    _join(page, admin, "invited_admin")
    _join(page, member)
    before = _counts()

    answer = client.post(f"{BASE}/deleteMember/invited_member", headers=admin_headers,
                         json={"idFacebook": member.facebook_id, "idPage": "5550001", "typePage": "facebook"})

    assert answer.status_code == 403 and answer.get_json()["code"] == "ownerOnly"
    assert _counts() == before


@pytest.mark.parametrize("body", [{}, {"idFacebook": "1", "idPage": "5550001"},
                                  {"idFacebook": "1", "idPage": "5550001", "typePage": "twitter"},
                                  {"idFacebook": "1", "idPage": "", "typePage": "facebook"},
                                  {"idFacebook": "1\x00", "idPage": "5550001", "typePage": "facebook"}])
def test_delete_member_refuses_bad_input(client, signed_in, owner, body):
    user, headers, _ = owner
    page = _page(user)
    member, _, _ = signed_in("Mona", "Member")
    _join(page, member)
    before = _counts()
    answer = client.post(f"{BASE}/deleteMember/invited_member", headers=headers, json=body)
    assert answer.status_code == 422 and answer.is_json
    assert _counts() == before


# --- sendMail ------------------------------------------------------------------------------------------------

def test_owner_mails_an_open_invitation(client, owner):
    user, headers, _ = owner
    page = _page(user)
    token = _generate(client, headers, page, "Sami").get_json()["tokenPage"]

    answer = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                         json={"email": "sami@example.com", "nameUser": "Sami Guest", "token": token})

    assert answer.status_code == 200
    assert answer.get_json() == {"message": "Invitation sent successfully"}
    invitation = session.scalars(select(Invitation).where(Invitation.token == token)).one()
    session.refresh(invitation)
    assert (invitation.email, invitation.member_name) == ("sami@example.com", "Sami Guest")


@pytest.mark.parametrize("email, name", [("not-an-address", "Sami"), ("sami@example", "Sami"),
                                         ("sami@example.com", "   "), ("", "Sami"), ("a b@example.com", "Sami"),
                                         ("sámi@example.com", "Sami"), ("sami@example.com\nBcc: x@y.tn", "Sami")])
def test_send_mail_refuses_a_bad_address_or_an_empty_name(client, owner, email, name):
    user, headers, _ = owner
    page = _page(user)
    token = _generate(client, headers, page, "Sami").get_json()["tokenPage"]
    before = _counts()

    answer = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                         json={"email": email, "nameUser": name, "token": token})

    assert answer.status_code == 422
    assert answer.get_json() == {"code": "invalidEmail", "message": "Invalid email"}
    assert _counts() == before


def test_send_mail_refuses_a_link_that_is_used_expired_or_of_another_page(client, sandbox, owner):
    user, headers, _ = owner
    page, other = _page(user), _page(user, external_id="5550002", name="Second Shop")
    used = _generate(client, headers, page, "Used Link").get_json()["tokenPage"]
    _login(client, sandbox.admin.user(first_name="Used", last_name="Link"), used)
    foreign = _generate(client, headers, other, "Other Page").get_json()["tokenPage"]
    before = _counts()

    for token in (used, foreign, "unknown-token-123"):
        answer = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                             json={"email": "sami@example.com", "nameUser": "Sami", "token": token})
        assert answer.status_code == 422 and answer.get_json()["code"] == "invitationNotValid"
    bad = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                      json={"email": "sami@example.com", "nameUser": "Sami", "token": "no"})
    assert bad.status_code == 422 and "token" in bad.get_json()["errors"]["json"]
    assert _counts() == before


# --- strangers -----------------------------------------------------------------------------------------------

def test_a_stranger_gets_403_on_every_page_scoped_call(client, signed_in, owner, stranger):
    user, headers, _ = owner
    page = _page(user)
    token = _generate(client, headers, page, "Sami").get_json()["tokenPage"]
    member, _, _ = signed_in("Mona", "Member")
    _join(page, member)
    _s, stranger_headers, _ = stranger
    before = _counts()

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
    assert _counts() == before


def test_every_call_needs_a_session(client, owner):
    user, _headers, _ = owner
    _page(user)
    assert client.get(f"{BASE}/listUser/5550001/facebook").status_code == 401
    assert client.get(f"{BASE}/get/5550001/facebook/Sami").status_code == 401
    assert client.post(f"{BASE}/deleteMember/owner", json={}).status_code == 401
