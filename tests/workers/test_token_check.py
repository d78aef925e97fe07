"""The daily check of the pages' tokens (the beat task tokens.check_pages, run here as the worker runs it) against
the sandbox over HTTP: a token Meta revoked is caught before a reply fails on it (the page marked to reconnect,
its planned replies held, its pages screen saying why, its owner mailed over real SMTP by a real worker), a token
about to end is caught the same way, a valid one is left alone until the next day, and a check Meta does not
answer is made again at the next run."""
from __future__ import annotations

from app.database import session
from app.models import SocialPage, utcnow
from app.services import token_check
from tests.api.pages_support import SECURE, all_pages, connected_page, paid_user
from tests.workers.meta_callbacks_support import delayed_reply
from tests.workers.test_mail import (mail_prefix, mail_worker, mailbox, publish_to_mail_worker,  # noqa: F401
                                     smtp_port)


def _a_day_passes(row: SocialPage) -> None:
    row.token_checked_at = utcnow() - token_check.CHECK_EVERY
    session.commit()


def _shown(client, headers) -> dict:
    [page] = all_pages(client.get(f"{SECURE}/pages/get/all/", headers=headers).get_json())
    return page


def test_a_revoked_token_is_caught_by_the_daily_check_and_the_owner_mailed(app, client, sandbox, signed_in,
                                                                           mailbox):  # noqa: F811
    owner, headers, network_owner = paid_user(signed_in, "Olfa")
    row, network_page = connected_page(client, sandbox, headers, network_owner)
    action = delayed_reply(row)
    settings = dict(app.config)
    assert token_check.check_pages(settings) == {"checked": 1, "marked": {}}
    assert token_check.check_pages(settings) == {"checked": 0, "marked": {}}  # once a day

    sandbox.admin.revoke_tokens(network_owner["id"])  # the owner changed their Facebook password
    _a_day_passes(row)
    checked = token_check.check_pages(settings)

    assert checked == {"checked": 1, "marked": {network_page["id"]: "token_revoked"}}
    session.expire_all()
    assert row.needs_reconnect and row.reconnect_reason == "token_revoked" and row.access_token is None
    assert (action.state, action.error) == ("held", "the page needs to be reconnected")
    shown = _shown(client, headers)
    assert (shown["needsReconnect"], shown["reconnectReason"]) == (True, "token_revoked")
    [message] = mailbox.wait_for(1)
    assert message["To"] == owner.email and message["Subject"] == "This page needs reconnecting – Boutique Amira"


def test_a_token_ending_before_the_next_check_is_caught_the_same_way(app, client, sandbox, signed_in):
    _owner, headers, network_owner = paid_user(signed_in)
    row, network_page = connected_page(client, sandbox, headers, network_owner)
    sandbox.admin.token_expiry(row.access_token, 6 * 3600)

    checked = token_check.check_pages(dict(app.config))

    assert checked["marked"] == {network_page["id"]: "token_expiring"}
    assert _shown(client, headers)["reconnectReason"] == "token_expiring"


def test_a_check_meta_does_not_answer_is_made_at_the_next_run(app, client, sandbox, signed_in):
    _owner, headers, network_owner = paid_user(signed_in)
    row, _network_page = connected_page(client, sandbox, headers, network_owner)
    settings = dict(app.config)
    sandbox.admin.fault("server_error", count=1)

    assert token_check.check_pages(settings) == {"checked": 0, "marked": {}}

    session.expire_all()
    assert row.token_checked_at is None and not row.needs_reconnect
    assert token_check.check_pages(settings) == {"checked": 1, "marked": {}}
