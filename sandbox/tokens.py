"""Tokens that expire and tokens that last, as Meta's (docs/graph-api.md#tokens).

- The login dialog hands out a short-lived user token (SHORT_LIVED_SECONDS, "about an hour or two" at Meta), a new
  one at each login.
- `GET /oauth/access_token?grant_type=fb_exchange_token` trades a valid user token for a new long-lived one
  (LONG_LIVED_SECONDS, about 60 days). Page tokens never expire here (at Meta, those read with a long-lived user
  token do not).
- A person's tokens end early when Meta revokes them (`revoke_sessions`): they removed the app (190/458, sandbox/
  app_callbacks.py) or changed their password (190/460, `POST /__admin/users/<id>/revoke_tokens`); those of the pages
  they administer go with them, and fresh ones are issued for their next login. `debug_token` then says
  `is_valid: false`, and every call with them is refused.
- `POST /__admin/tokens/expiry` moves a token's end (a token about to expire, or expired).

The tokens the admin API and the demo scenario hand out (`user["token"]`) do not expire: they stand for a person who
has just logged in, for tests and scripts that run at any later time.
"""
import time

from flask import current_app

from sandbox.errors import GraphError

SHORT_LIVED_SECONDS = 3600
LONG_LIVED_SECONDS = 5183944
APP_REMOVED = 458
PASSWORD_CHANGED = 460
REVOKED_MESSAGES = {
    APP_REMOVED: "Error validating access token: The user has not authorized application {app_id}.",
    PASSWORD_CHANGED: "Error validating access token: The session has been invalidated because the user changed "
                      "their password or Facebook has changed the session for security reasons.",
}


def short_lived(user):
    """A new login's token, ending SHORT_LIVED_SECONDS from now."""
    return _issued("user", user["id"], "EAAU", SHORT_LIVED_SECONDS)


def long_lived(info):
    """A new long-lived token for the same person as a valid user token's `info`."""
    return _issued("user", info["subject"], "EAAL", LONG_LIVED_SECONDS)


def _issued(kind, subject, prefix, lifetime):
    token = store().issue_token(kind, subject, prefix)
    with store().lock:
        store().tokens[token]["expires_at"] = int(time.time()) + lifetime
    store().saved()
    return token


def refusal(info):
    """Meta's 190 for a token it no longer takes (revoked, or past its end), else None."""
    revoked = info.get("revoked")
    if revoked:
        subcode = APP_REMOVED if revoked is True else revoked
        return GraphError(190, REVOKED_MESSAGES[subcode].format(app_id=current_app.config["SANDBOX_APP_ID"]),
                          subcode=subcode)
    if info.get("expired") or 0 < info.get("expires_at", 0) <= time.time():
        return GraphError(190, "Error validating access token: Session has expired. "
                               "The current time is later than the expiry time.", subcode=463)
    return None


def revoke_sessions(user, subcode):
    """Every token of the person and of the pages they administer refused from now on with 190/`subcode`; the next
    login (and the pages' listing then) hands out new ones."""
    with store().lock:
        for token, info in store().tokens.items():
            if info["kind"] == "user" and info["subject"] == user["id"]:
                info["revoked"] = subcode
        user["token"] = store().issue_token("user", user["id"], "EAAU")
        for page in store().of_type("page"):
            if user["id"] in page["owner_ids"]:
                store().tokens[page["token"]]["revoked"] = subcode
                page["token"] = store().issue_token("page", page["id"], "EAAP")
    store().saved()


def store():
    return current_app.config["SANDBOX_STORE"]


def set_expiry(token, expires_in):
    """The token ends `expires_in` seconds from now (0 or less: it has ended)."""
    with store().lock:
        store().tokens[token]["expires_at"] = int(time.time()) + expires_in
    store().saved()
