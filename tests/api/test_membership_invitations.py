"""The invitation calls of the team screen (spec 000 §4 "Invitation flow", §6): generate an invitation, or the picker
of the owner's other teams' members instead; mail the link. Single use and 24 h expiry through the real login with
tokenMemberShip; the plan's seats. Every answer body is the payload itself (false, the members or the invitation;
{"message"} for the mail), never {"data": ...}; refusals are JSON and change nothing."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from app.database import session
from app.models import Invitation, TeamMembership, utcnow
from tests.api.membership_support import BASE, counts, generate, join, make_page, owner  # noqa: F401 (owner: a fixture)


def _login(client, network_user, token):
    answer = client.post("/api/v1/auth/login/facebook",
                         json={"token": network_user["access_token"], "tokenMemberShip": token})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


# --- generate ------------------------------------------------------------------------------------------------

def test_owner_generates_a_single_use_link_valid_24_hours(app, client, sandbox, owner):
    user, headers, _ = owner
    page = make_page(user)

    answer = generate(client, headers, page, "Sami Guest")

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
    page = make_page(user)
    token = generate(client, headers, page, "Sami Guest").get_json()["tokenPage"]

    assert _login(client, network, token)["invitation"] == "accepted"

    assert session.scalar(select(func.count(TeamMembership.id))) == 0
    guest = sandbox.admin.user(first_name="Sami", last_name="Guest")
    assert _login(client, guest, token)["invitation"] == "accepted"


def test_a_link_older_than_24_hours_joins_nobody(client, sandbox, owner):
    user, headers, _ = owner
    page = make_page(user)
    token = generate(client, headers, page, "Late Guest").get_json()["tokenPage"]
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
    page = make_page(user, external_id=fb_page["id"])
    token = generate(client, headers, page, "Adam").get_json()["tokenPage"]

    assert _login(client, admin, token)["invitation"] == "accepted"
    roles = session.scalars(select(TeamMembership.role).where(TeamMembership.page_id == page.id)).all()
    assert roles == ["invited_admin"]


@pytest.mark.parametrize("name", ["ab", "%20%20%20ab"])
def test_a_member_name_under_3_characters_is_refused(client, owner, name):
    user, headers, _ = owner
    page = make_page(user)
    before = counts()

    answer = generate(client, headers, page, name)

    assert answer.status_code == 422
    assert answer.get_json()["code"] == "validName"
    assert answer.get_json()["message"] == "Please enter a valid name first !"
    assert counts() == before


def test_past_the_plans_seats_the_answer_is_false(client, signed_in):
    user, headers, _ = signed_in("Free", "Trial")  # Free Trial: one seat, the owner's
    page = make_page(user)

    answer = generate(client, headers, page, "Sami")

    assert answer.status_code == 200 and answer.get_json() is False
    assert counts()[0] == 0


def test_open_links_take_seats_until_used_or_expired(client, owner):
    user, headers, _ = owner
    page = make_page(user)
    first = generate(client, headers, page, "Guest One").get_json()
    second = generate(client, headers, page, "Guest Two").get_json()
    assert "tokenPage" in first and "tokenPage" in second
    assert generate(client, headers, page, "Guest Three").get_json() is False

    invitation = session.scalars(select(Invitation).where(Invitation.token == first["tokenPage"])).one()
    invitation.expires_at = utcnow() - timedelta(seconds=1)
    session.commit()
    assert "tokenPage" in generate(client, headers, page, "Guest Three").get_json()


def test_an_expired_plan_answers_false(client, owner):
    user, headers, _ = owner
    page = make_page(user)
    for subscription in user.subscriptions:
        subscription.expires_at = utcnow() - timedelta(days=1)
    session.commit()
    assert generate(client, headers, page, "Sami").get_json() is False


def test_people_of_the_owners_other_teams_are_offered_in_the_picker(client, signed_in, owner):
    user, headers, _ = owner
    page = make_page(user)
    other_page = make_page(user, external_id="5550002", name="Second Shop")
    member, _, _ = signed_in("Karim", "Haddad")
    someone_else, _, _ = signed_in("Karima", "Elsewhere")
    join(other_page, member, "invited_admin")
    join(make_page(someone_else, external_id="5550003", name="Not Mine"), someone_else)  # not this owner's team
    before = counts()

    answer = generate(client, headers, page, "kARIm")

    assert answer.status_code == 200
    assert answer.get_json() == [{
        "idFacebook": member.facebook_id, "first_name": "Karim", "last_name": "Haddad", "name": "Karim Haddad",
        "role": "invited_admin", "idPage": "5550002", "platform": "facebook",
        "profilePictureUrl": member.picture_url}]
    assert counts() == before  # no invitation is made while the picker opens

    # Already on this page: not offered again, so a new invitation is made.
    join(page, member)
    assert "tokenPage" in generate(client, headers, page, "Karim").get_json()


def test_only_the_owner_generates(client, signed_in, owner):
    user, _headers, _ = owner
    page = make_page(user)
    member, member_headers, _ = signed_in("Mona", "Member")
    join(page, member, "invited_admin")

    answer = generate(client, member_headers, page, "Sami")

    assert answer.status_code == 403 and answer.get_json()["code"] == "ownerOnly"
    assert counts()[0] == 0


# --- sendMail ------------------------------------------------------------------------------------------------

def test_owner_mails_an_open_invitation(client, owner):
    user, headers, _ = owner
    page = make_page(user)
    token = generate(client, headers, page, "Sami").get_json()["tokenPage"]

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
    page = make_page(user)
    token = generate(client, headers, page, "Sami").get_json()["tokenPage"]
    before = counts()

    answer = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                         json={"email": email, "nameUser": name, "token": token})

    assert answer.status_code == 422
    assert answer.get_json() == {"code": "invalidEmail", "message": "Invalid email"}
    assert counts() == before


def test_send_mail_refuses_a_link_that_is_used_expired_or_of_another_page(client, sandbox, owner):
    user, headers, _ = owner
    page, other = make_page(user), make_page(user, external_id="5550002", name="Second Shop")
    used = generate(client, headers, page, "Used Link").get_json()["tokenPage"]
    _login(client, sandbox.admin.user(first_name="Used", last_name="Link"), used)
    foreign = generate(client, headers, other, "Other Page").get_json()["tokenPage"]
    before = counts()

    for token in (used, foreign, "unknown-token-123"):
        answer = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                             json={"email": "sami@example.com", "nameUser": "Sami", "token": token})
        assert answer.status_code == 422 and answer.get_json()["code"] == "invitationNotValid"
    bad = client.post(f"{BASE}/sendMail/5550001/facebook", headers=headers,
                      json={"email": "sami@example.com", "nameUser": "Sami", "token": "no"})
    assert bad.status_code == 422 and "token" in bad.get_json()["errors"]["json"]
    assert counts() == before
