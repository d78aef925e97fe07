"""Sign-in through the sandbox's Graph API, the JWT on secure paths, and sign-out."""
from datetime import timedelta

from app.database import session
from app.models import Invitation, SocialPage, TeamMembership, utcnow


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
