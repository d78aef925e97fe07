"""Sign-in with a network access token (verified server-side against the Graph API) and sign-out.

The network id is never a credential (docs/architecture.md#rules-on-every-request): the product answers with its
own signed JWT, and a logged-out token's id is kept in `revoked_tokens` until it would have expired. The short-lived
token the browser brings is exchanged for a long-lived one, which only the server keeps.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from flask_jwt_extended import create_access_token
from sqlalchemy import select

from app import graph
from app.database import session
from app.errors import LoginFailed, UpstreamUnavailable
from app.models import RevokedToken, User, utcnow
from app.services import invitations
from app.services.billing import plans
from app.services.graph_client import graph_client


@dataclass
class LoginResult:
    token: str
    user: User
    invitation: str | None


def login_with_facebook(settings: dict, network_token: str, invitation_token: str | None,
                        language: str | None = None) -> LoginResult:
    """Sign in with a network token; `language`, the screens' one, is kept for the user's mails."""
    profile, lasting_token = _verified(settings, network_token)
    user = _upsert_user(profile, lasting_token)
    user.language = language or user.language
    invitation = None
    if invitation_token:
        invitation = invitations.accept(invitation_token, user, _admin_page_ids(settings, lasting_token))
    session.commit()
    return LoginResult(create_access_token(identity=str(user.id)), user, invitation)


def _verified(settings: dict, network_token: str) -> tuple[dict, str]:
    """The person's profile once Meta confirmed the token is theirs and our app's, and the long-lived token it is
    exchanged for: the one kept, so that the page tokens read with it last (docs/graph-api.md#tokens)."""
    client = graph_client(settings)
    try:
        debug = client.debug_token(network_token)  # checks validity and that it was issued to our app
        profile = client.me(network_token)
        if str(profile.get("id")) != str(debug.get("user_id")):
            raise LoginFailed()
        lasting = client.exchange_token(network_token)["access_token"]
    except (graph.TokenInvalid, graph.PermissionDenied, graph.NotFound, graph.Permanent) as error:
        raise LoginFailed() from error
    except (graph.Transient, graph.RateLimited) as error:
        raise UpstreamUnavailable() from error
    return profile, lasting


def _upsert_user(profile: dict, network_token: str) -> User:
    user = session.scalars(select(User).where(User.facebook_id == str(profile["id"]))).first()
    is_new = user is None
    if is_new:
        user = User(facebook_id=str(profile["id"]))
        session.add(user)
    user.first_name = profile.get("first_name") or (profile.get("name") or "").split(" ")[0]
    user.last_name = profile.get("last_name") or ""
    user.email = profile.get("email") or user.email
    user.picture_url = ((profile.get("picture") or {}).get("data") or {}).get("url") or user.picture_url
    user.access_token = network_token
    user.is_connected = True
    user.last_signin_at = utcnow()
    if is_new:
        session.flush()
        plans.start_free_trial(user)
    return user


def _admin_page_ids(settings: dict, network_token: str) -> set[str]:
    try:
        return {str(page["id"]) for page in graph_client(settings).accounts(network_token)}
    except graph.GraphError:
        return set()


def logout(user: User, jti: str, expires: int) -> None:
    if session.get(RevokedToken, jti) is None:
        expires_at = datetime.fromtimestamp(expires, timezone.utc).replace(tzinfo=None)
        session.add(RevokedToken(jti=jti, expires_at=expires_at))
    user.is_connected = False
    session.commit()


def is_revoked(jti: str) -> bool:
    return session.get(RevokedToken, jti) is not None
