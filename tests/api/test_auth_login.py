"""Sign-in through the sandbox's Graph API (the short-lived token the browser brings kept as the long-lived one it
is exchanged for), the JWT on secure paths, and sign-out."""
import time
from datetime import timedelta

import requests

from app.database import session
from app.models import Invitation, SocialPage, TeamMembership, User, utcnow
from tests.api.pages_support import connected_page, give_plan
from tests.workers.meta_callbacks_support import logged_in_again  # the short-lived token the login dialog hands out


def test_login_creates_the_user_and_answers_a_jwt_with_the_spec_user_fields(client, sandbox):
    network_user = sandbox.admin.user(first_name="Amira", last_name="Ben Salah", email="amira@example.com")

    answer = client.post("/api/v1/auth/login/facebook", json={"token": network_user["access_token"],
                                                              "tokenMemberShip": None})

    assert answer.status_code == 200
    body = answer.get_json()
    assert body["token"].count(".") == 2
    user = body["user"]
    assert set(user) >= {"access_token", "create_at", "email", "first_name", "idFacebook", "isConnected",
                         "last_name", "last_signin", "profilePictureUrl", "pack"}
    assert (user["first_name"], user["last_name"], user["email"]) == ("Amira", "Ben Salah", "amira@example.com")
    assert user["idFacebook"] == network_user["id"]
    assert user["isConnected"] is True
    assert user["profilePictureUrl"].startswith("http")
    assert user["pack"]["name"] == "Free Trial"


def _debug(sandbox, token: str) -> dict:
    return requests.get(f"{sandbox.url}/v23.0/debug_token", timeout=10,
                        params={"input_token": token, "access_token": sandbox.app_token}).json()["data"]


def test_the_short_lived_login_token_is_exchanged_and_the_long_lived_one_kept(client, sandbox):
    network_user = sandbox.admin.user(first_name="Amira", last_name="Ben Salah")
    short = logged_in_again(sandbox, network_user["id"])

    answer = client.post("/api/v1/auth/login/facebook", json={"token": short})

    assert answer.status_code == 200
    assert answer.get_json()["user"]["access_token"] == short  # the browser's own: the lasting one stays here
    user = session.query(User).filter_by(facebook_id=network_user["id"]).one()
    kept = _debug(sandbox, user.access_token)
    assert user.access_token != short and kept["is_valid"] and kept["user_id"] == network_user["id"]
    assert kept["expires_at"] > time.time() + 59 * 86400 > _debug(sandbox, short)["expires_at"]
    # Pages connected afterwards take their tokens from it: those do not expire.
    give_plan(user, "Agencies")
    headers = {"Authorization": f"Bearer {answer.get_json()['token']}"}
    row, _page = connected_page(client, sandbox, headers, network_user)
    assert _debug(sandbox, row.access_token)["expires_at"] == 0


def test_a_login_token_meta_no_longer_takes_is_refused(client, sandbox):
    network_user = sandbox.admin.user(first_name="Karim", last_name="Trabelsi")
    short = logged_in_again(sandbox, network_user["id"])
    sandbox.admin.token_expiry(short, 0)

    answer = client.post("/api/v1/auth/login/facebook", json={"token": short})

    assert answer.status_code == 401
    assert session.query(User).filter_by(facebook_id=network_user["id"]).first() is None


def test_second_login_updates_the_same_user(client, sandbox):
    network_user = sandbox.admin.user(first_name="Karim", last_name="Trabelsi")
    first = client.post("/api/v1/auth/login/facebook", json={"token": network_user["access_token"]}).get_json()
    second = client.post("/api/v1/auth/login/facebook", json={"token": network_user["access_token"]}).get_json()
    assert first["user"]["idFacebook"] == second["user"]["idFacebook"]
    assert first["user"]["create_at"] == second["user"]["create_at"]


def test_wrong_network_token_is_401_with_the_spec_message(client, sandbox):
    answer = client.post("/api/v1/auth/login/facebook", json={"token": "not-a-token"})
    assert answer.status_code == 401
    assert answer.get_json()["message"] == "Connexion error with the server try again !"


def test_missing_token_is_422_json(client):
    answer = client.post("/api/v1/auth/login/facebook", json={})
    assert answer.status_code == 422
    body = answer.get_json()
    assert "token" in str(body["errors"]) and body["code"] == 422


def test_secure_paths_refuse_missing_forged_and_revoked_tokens(client, signed_in):
    _user, headers, _network_user = signed_in()
    secure = "/api/v1/secure/pages/get/all/"

    assert client.get(secure).status_code == 401
    assert client.get(secure).get_json()["code"] == "not_authenticated"
    forged = headers["Authorization"][:-4] + "abcd"
    assert client.get(secure, headers={"Authorization": forged}).status_code == 401

    assert client.post("/api/v1/auth/logout", headers=headers).status_code == 200
    refused = client.get(secure, headers=headers)
    assert refused.status_code == 401 and refused.is_json
    assert client.post("/api/v1/auth/logout", headers=headers).status_code == 401


def test_login_with_an_invitation_joins_the_team_once(client, sandbox, signed_in):
    owner, _headers, _ = signed_in("Owner", "One")
    page = SocialPage(platform="facebook", external_id="999001", name="Boutique", owner_id=owner.id,
                      is_connected=True)
    session.add(page)
    session.flush()
    session.add(Invitation(page_id=page.id, token="invite-123", member_name="Sami",
                           expires_at=utcnow() + timedelta(hours=24)))
    session.commit()
    guest = sandbox.admin.user(first_name="Sami", last_name="Guest")

    body = client.post("/api/v1/auth/login/facebook",
                       json={"token": guest["access_token"], "tokenMemberShip": "invite-123"}).get_json()
    again = client.post("/api/v1/auth/login/facebook",
                        json={"token": guest["access_token"], "tokenMemberShip": "invite-123"}).get_json()

    assert body["invitation"] == "accepted" and again["invitation"] == "used"
    members = session.query(TeamMembership).filter_by(page_id=page.id).all()
    assert [m.role for m in members] == ["invited_member"]


def test_expired_invitation_does_not_join(client, sandbox, signed_in):
    owner, _headers, _ = signed_in("Owner", "Two")
    page = SocialPage(platform="facebook", external_id="999002", name="Shop", owner_id=owner.id)
    session.add(page)
    session.flush()
    session.add(Invitation(page_id=page.id, token="old-invite", expires_at=utcnow() - timedelta(minutes=1)))
    session.commit()
    guest = sandbox.admin.user(first_name="Late", last_name="Guest")

    body = client.post("/api/v1/auth/login/facebook",
                       json={"token": guest["access_token"], "tokenMemberShip": "old-invite"}).get_json()

    assert body["invitation"] == "expired"
    assert session.query(TeamMembership).filter_by(page_id=page.id).count() == 0
