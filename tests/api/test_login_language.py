"""The language a user signs in with (the screens' one) is kept for their mails; a later sign-in without one keeps
it, and a language the product does not write is refused."""
from __future__ import annotations

from app.database import session
from app.models import User

LOGIN = "/api/v1/auth/login/facebook"


def test_the_sign_in_language_is_kept_for_the_users_mails(client, sandbox):
    network_user = sandbox.admin.user(first_name="Olfa", last_name="Owner")

    assert client.post(LOGIN, json={"token": network_user["access_token"], "language": "fr"}).status_code == 200
    assert client.post(LOGIN, json={"token": network_user["access_token"]}).status_code == 200

    session.expire_all()
    assert session.query(User).filter_by(facebook_id=network_user["id"]).one().language == "fr"
    refused = client.post(LOGIN, json={"token": network_user["access_token"], "language": "de"})
    assert refused.status_code == 422
