"""The owner's team administration beyond the specification's calls (issue 42 §4): changing a member's role, and the
invitations not yet used, listed, mailed again and revoked. Only the owner may (a member of the team gets 403
ownerOnly); a page outside the caller's teams is 403 page_not_in_team as for every team call, and an invitation of
such a page is the 404 of a missing one. Refusals are JSON and change nothing."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Invitation, TeamMembership, utcnow
from app.services.billing import grants
from tests.api.membership_support import BASE, counts, generate, join, make_page, owner  # noqa: F401 (owner: a fixture)


def _team(client, headers, page_id="5550001"):
    return [(m["name"], m["role"]) for m in client.get(f"{BASE}/listUser/{page_id}/facebook", headers=headers).get_json()]


def _mailed(client, headers, page, name, email):
    token = generate(client, headers, page, name).get_json()["tokenPage"]
    answer = client.post(f"{BASE}/sendMail/{page.external_id}/facebook", headers=headers,
                         json={"email": email, "nameUser": name, "token": token})
    assert answer.status_code == 200, answer.get_json()
    return session.scalars(select(Invitation).where(Invitation.token == token)).one()


def _pending(client, headers, page_id="5550001"):
    answer = client.get(f"{BASE}/invitations/{page_id}/facebook", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


# --- roles ---------------------------------------------------------------------------------------------------

def test_the_owner_makes_a_member_an_admin_and_back(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member)

    answer = client.put(f"{BASE}/role/5550001/facebook", headers=headers,
                        json={"idFacebook": member.facebook_id, "role": "invited_admin"})

    assert answer.status_code == 200, answer.get_json()
    assert [(m["name"], m["role"]) for m in answer.get_json()] == [("Olfa Owner", "owner"),
                                                                    ("Mona Member", "invited_admin")]
    assert _team(client, member_headers) == [("Olfa Owner", "owner"), ("Mona Member", "invited_admin")]
    client.put(f"{BASE}/role/5550001/facebook", headers=headers,
               json={"idFacebook": member.facebook_id, "role": "invited_member"})
    assert _team(client, headers)[1] == ("Mona Member", "invited_member")


def test_role_changes_the_owner_may_not_make(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member)
    outsider, _, _ = signed_in("Sonia", "Outsider")
    before = counts(), _team(client, headers)

    refusals = [
        (client.put(f"{BASE}/role/5550001/facebook", headers=headers,
                    json={"idFacebook": user.facebook_id, "role": "invited_member"}), 403, "cannotChangeOwner"),
        (client.put(f"{BASE}/role/5550001/facebook", headers=headers,
                    json={"idFacebook": outsider.facebook_id, "role": "invited_admin"}), 404, "memberNotFound"),
        (client.put(f"{BASE}/role/5550001/facebook", headers=headers,
                    json={"idFacebook": member.facebook_id, "role": "owner"}), 422, None),
        (client.put(f"{BASE}/role/5550001/facebook", headers=headers, json={"role": "invited_admin"}), 422, None),
        (client.put(f"{BASE}/role/5550001/facebook", headers=member_headers,
                    json={"idFacebook": member.facebook_id, "role": "invited_admin"}), 403, "ownerOnly"),
    ]

    for answer, status, code in refusals:
        assert answer.status_code == status, answer.get_json()
        assert answer.is_json and answer.get_json()["message"]
        if code:
            assert answer.get_json()["code"] == code
    assert (counts(), _team(client, headers)) == before


# --- pending invitations -------------------------------------------------------------------------------------

def test_the_owner_lists_the_invitations_nobody_used(client, app, sandbox, owner):
    user, headers, _ = owner
    grants.grant(user.facebook_id, "Agencies")  # 10 seats
    page = make_page(user)
    mailed = _mailed(client, headers, page, "Sami Guest", "sami@example.com")
    link_only = generate(client, headers, page, "Rania Link").get_json()["tokenPage"]
    used = generate(client, headers, page, "Used Guest").get_json()["tokenPage"]
    guest = sandbox.admin.user(first_name="Used", last_name="Guest")
    client.post("/api/v1/auth/login/facebook", json={"token": guest["access_token"], "tokenMemberShip": used})
    mailed.created_at -= timedelta(hours=30)
    mailed.expires_at = utcnow() - timedelta(hours=6)
    session.commit()

    listed = _pending(client, headers)

    public = app.config["PUBLIC_URL"].rstrip("/")
    assert [(i["memberName"], i["email"], i["expired"], i["link"]) for i in listed] == [
        ("Rania Link", None, False, f"{public}/{link_only}"),
        ("Sami Guest", "sami@example.com", True, f"{public}/{mailed.token}")]
    assert {"id", "createdAt", "expiresAt"} <= set(listed[0])


def test_resending_mails_the_invitation_again_valid_24_hours(client, owner):
    user, headers, _ = owner
    page = make_page(user)
    invitation = _mailed(client, headers, page, "Sami Guest", "sami@example.com")
    invitation.expires_at = utcnow() - timedelta(minutes=1)
    session.commit()

    answer = client.post(f"{BASE}/invitations/resend/{invitation.id}", headers=headers)

    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["expired"] is False and answer.get_json()["email"] == "sami@example.com"
    session.expire_all()
    assert abs(invitation.expires_at - utcnow() - timedelta(hours=24)) < timedelta(minutes=1)
    assert [i["expired"] for i in _pending(client, headers)] == [False]


def test_resending_is_refused_without_an_address_or_a_seat(client, owner):
    user, headers, _ = owner  # 3 seats: the owner and two more
    page = make_page(user)
    expired = _mailed(client, headers, page, "Sami Guest", "sami@example.com")
    expired.expires_at = utcnow() - timedelta(minutes=1)
    session.commit()
    generate(client, headers, page, "Nour Link")
    link_only = generate(client, headers, page, "Rania Link").get_json()["tokenPage"]  # the open links hold the seats
    link_only_id = session.scalar(select(Invitation.id).where(Invitation.token == link_only))
    before = counts()

    no_seat = client.post(f"{BASE}/invitations/resend/{expired.id}", headers=headers)
    no_address = client.post(f"{BASE}/invitations/resend/{link_only_id}", headers=headers)

    assert (no_seat.status_code, no_seat.get_json()["code"]) == (403, "errorOffer")
    assert (no_address.status_code, no_address.get_json()["code"]) == (409, "neverMailed")
    assert counts() == before
    session.expire_all()
    assert expired.expires_at < utcnow()


def test_revoking_an_invitation_frees_its_link_and_seat(client, sandbox, owner):
    user, headers, _ = owner
    page = make_page(user)
    kept = _mailed(client, headers, page, "Sami Guest", "sami@example.com")
    revoked = generate(client, headers, page, "Rania Link").get_json()["tokenPage"]
    revoked_id = session.scalar(select(Invitation.id).where(Invitation.token == revoked))

    answer = client.delete(f"{BASE}/invitations/revoke/{revoked_id}", headers=headers)

    assert answer.status_code == 200, answer.get_json()
    assert [i["id"] for i in answer.get_json()] == [kept.id]
    guest = sandbox.admin.user(first_name="Rania", last_name="Link")
    login = client.post("/api/v1/auth/login/facebook", json={"token": guest["access_token"], "tokenMemberShip": revoked})
    assert login.get_json()["invitation"] == "invalid"
    assert session.scalar(select(TeamMembership.id).where(TeamMembership.page_id == page.id)) is None
    assert client.delete(f"{BASE}/invitations/revoke/{revoked_id}", headers=headers).status_code == 404


def test_only_the_owner_manages_invitations_and_another_teams_are_ids_of_nothing(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user)
    invitation = _mailed(client, headers, page, "Sami Guest", "sami@example.com")
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member, "invited_admin")
    stranger, stranger_headers, _ = signed_in("Sonia", "Stranger")
    grants.grant(stranger.facebook_id, "SME/Artisans")
    make_page(stranger, external_id="5550009", name="Sonia Shop")
    before = counts()

    for caller, expected in ((member_headers, (403, "ownerOnly")), (stranger_headers, (404, "invitation_not_found"))):
        for answer in (client.post(f"{BASE}/invitations/resend/{invitation.id}", headers=caller),
                       client.delete(f"{BASE}/invitations/revoke/{invitation.id}", headers=caller)):
            assert (answer.status_code, answer.get_json()["code"]) == expected, answer.get_json()
    for missing in (0, 2_147_000_000, -3):
        answer = client.post(f"{BASE}/invitations/resend/{missing}", headers=headers)
        assert (answer.status_code, answer.get_json()["code"]) == (404, "invitation_not_found")
    listing = client.get(f"{BASE}/invitations/5550001/facebook", headers=member_headers)
    assert (listing.status_code, listing.get_json()["code"]) == (403, "ownerOnly")
    listing = client.get(f"{BASE}/invitations/5550001/facebook", headers=stranger_headers)
    assert (listing.status_code, listing.get_json()["code"]) == (403, "page_not_in_team")
    assert _pending(client, stranger_headers, "5550009") == []
    assert counts() == before


@pytest.mark.parametrize("call", ["get", "post", "delete"])
def test_the_invitation_calls_need_a_session(client, owner, call):
    user, _headers, _ = owner
    make_page(user)
    path = {"get": f"{BASE}/invitations/5550001/facebook", "post": f"{BASE}/invitations/resend/1",
            "delete": f"{BASE}/invitations/revoke/1"}[call]
    assert client.open(path, method=call.upper()).status_code == 401
