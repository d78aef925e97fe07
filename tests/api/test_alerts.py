"""A page's alerts (issue 42 "Silent failures"): raised by the beat pass when a cause appears, listed with the
action that fixes each, read and unread for each team member, cleared as soon as the cause is gone; the plan's
causes for every page of the owner; another team's page and alerts refused as every page call refuses them."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Alert, Subscription, utcnow
from tests.api.alerts_support import (BUTTON_REFUSED, SECURE, agent_of, comments, kinds, listed, page_of,
                                      replies_used, run_pass)
from tests.api.pages_support import join_team, paid_user


@pytest.fixture
def owner(signed_in):
    return paid_user(signed_in, "Olfa")


def test_a_page_to_reconnect_is_an_unread_alert_that_clears_once_connected_again(client, owner):
    user, headers, _network = owner
    page = page_of(user)
    page.needs_reconnect = True
    session.commit()

    assert run_pass()["raised"] == 1
    body = listed(client, headers)

    [alert] = body["alerts"]
    assert (alert["kind"], alert["read"], body["unread"]) == ("page_reconnect", False, 1)
    assert alert["action"] == {"kind": "reconnect", "route": "/pages", "agentId": None}
    assert alert["page"] == {"id": "8880001", "platform": "facebook", "name": "Boutique Amira"}
    page.needs_reconnect, page.access_token = False, "new-page-token"  # what connecting again does
    session.commit()
    assert listed(client, headers) == {"alerts": [], "unread": 0}
    assert run_pass()["raised"] == 0  # gone for good: nothing raised again


def test_three_replies_refused_with_the_same_error_name_the_error_and_the_agent_to_edit(client, owner):
    user, headers, _network = owner
    page = page_of(user)
    agent = agent_of(page)
    comments(page, 1, hours_ago=3, agent=agent, reply="done")
    comments(page, 2, hours_ago=2, agent=agent, reply="failed", error=BUTTON_REFUSED)
    run_pass()
    assert kinds(client, headers) == []  # two in a row are not yet a pattern

    comments(page, 1, hours_ago=1, agent=agent, reply="failed", error=BUTTON_REFUSED)
    run_pass()

    [alert] = listed(client, headers)["alerts"]
    assert alert["kind"] == "reply_errors"
    assert alert["details"] == {"error": BUTTON_REFUSED, "agent": {"id": agent.id, "generic": False,
                                                                   "post": "Nouvelle collection d'été"}}
    assert alert["action"] == {"kind": "edit_agent", "route": "/home/auto-wizard", "agentId": agent.id}
    comments(page, 1, agent=agent, reply="done")  # the agent was fixed: its next reply went out
    assert kinds(client, headers) == []


def test_different_errors_in_a_row_are_no_pattern(client, owner):
    user, headers, _network = owner
    page = page_of(user)
    agent = agent_of(page)
    comments(page, 2, hours_ago=2, agent=agent, reply="failed", error=BUTTON_REFUSED)
    comments(page, 1, hours_ago=1, agent=agent, reply="failed", error="2 - Service temporarily unavailable")
    run_pass()
    assert kinds(client, headers) == []


def test_the_reply_limit_at_80_then_100_percent(client, owner):
    user, headers, _network = owner
    page_of(user)
    replies_used(user, 15_999)  # Agencies: 20,000 a month
    run_pass()
    assert kinds(client, headers) == []

    _use(user, 16_000)
    run_pass()
    [alert] = listed(client, headers)["alerts"]
    assert (alert["kind"], alert["details"], alert["action"]["route"]) == (
        "reply_limit_80", {"used": 16_000, "limit": 20_000}, "/home/billing")

    _use(user, 20_000)
    run_pass()
    assert kinds(client, headers) == ["reply_limit_100"]


def _use(user, used: int) -> None:
    from app.models import ReplyUsage

    session.scalars(select(ReplyUsage).where(ReplyUsage.owner_id == user.id)).one().used = used
    session.commit()


def test_a_paid_plan_ending_within_3_days_then_expired(client, owner):
    user, headers, _network = owner
    page_of(user)
    subscription = _latest_subscription(user)
    subscription.expires_at = utcnow() + timedelta(days=2)
    session.commit()
    run_pass()
    [alert] = listed(client, headers)["alerts"]
    assert (alert["kind"], alert["details"]["plan"]) == ("plan_expiring", "Agencies")
    assert alert["details"]["expiresAt"] == subscription.expires_at.strftime("%Y-%m-%dT%H:%M:%SZ")

    subscription.expires_at = utcnow() - timedelta(minutes=1)
    session.commit()
    run_pass()
    assert kinds(client, headers) == ["plan_expired"]

    subscription.expires_at = utcnow() + timedelta(days=365)  # renewed
    session.commit()
    assert kinds(client, headers) == []


def test_the_free_trial_gets_no_renewal_notice_but_is_told_when_over(client, signed_in):
    user, headers, _network = signed_in("Tarek", "Trial")
    page_of(user)
    trial = _latest_subscription(user)
    trial.expires_at = utcnow() + timedelta(days=1)
    session.commit()
    run_pass()
    assert kinds(client, headers) == []  # spec 000 §4: the renewal notice is not for the Free Trial

    trial.expires_at = utcnow() - timedelta(days=1)
    session.commit()
    run_pass()
    assert kinds(client, headers) == ["plan_expired"]


def _latest_subscription(user) -> Subscription:
    return session.scalars(select(Subscription).where(Subscription.user_id == user.id)
                           .order_by(Subscription.started_at.desc())).first()


def test_no_comment_for_a_day_on_a_page_that_usually_gets_five_a_day(client, owner):
    user, headers, _network = owner
    page = page_of(user)
    comments(page, 34, hours_ago=48)
    run_pass()
    assert kinds(client, headers) == []  # fewer than 5 a day on average: quiet is usual

    comments(page, 1, hours_ago=30)
    run_pass()
    [alert] = listed(client, headers)["alerts"]
    assert (alert["kind"], alert["details"]) == ("no_comments", {"usualPerDay": 5, "hours": 24})
    comments(page, 1)
    assert kinds(client, headers) == []


def test_read_and_unread_are_each_members_own(client, owner, signed_in):
    user, headers, _network = owner
    member, member_headers, _member_network = signed_in("Mona", "Member")
    page = page_of(user)
    join_team(page, member, "invited_member")
    page.needs_reconnect = True
    replies_used(user, 20_000)
    run_pass()
    first, second = listed(client, headers)["alerts"]

    answer = client.put(f"{SECURE}/alerts/read/{first['id']}", headers=member_headers)

    assert answer.status_code == 200 and answer.get_json() == {"unread": 1}
    assert [alert["read"] for alert in listed(client, member_headers)["alerts"]] == [True, False]
    assert client.get(f"{SECURE}/alerts/unread/8880001/facebook", headers=headers).get_json() == {"unread": 2}
    answer = client.put(f"{SECURE}/alerts/readAll/8880001/facebook", headers=headers)
    assert answer.status_code == 200 and answer.get_json() == {"unread": 0}
    assert listed(client, headers)["unread"] == 0 and listed(client, member_headers)["unread"] == 1


def test_the_plan_alerts_are_on_every_page_of_the_owner_and_a_disconnected_page_has_none(client, owner):
    user, headers, _network = owner
    first, second = page_of(user), page_of(user, "8880002", "Boutique Sousse")
    replies_used(user, 20_000)
    run_pass()
    assert kinds(client, headers) == kinds(client, headers, "8880002") == ["reply_limit_100"]

    second.is_connected = False
    session.commit()
    assert run_pass()["cleared_disconnected"] == 1
    assert kinds(client, headers, "8880002") == [] and kinds(client, headers) == ["reply_limit_100"]


def test_another_teams_page_and_alerts_are_refused(client, owner, signed_in):
    user, _headers, _network = owner
    _stranger, stranger_headers, _stranger_network = signed_in("Sami", "Stranger")
    page = page_of(user)
    page.needs_reconnect = True
    session.commit()
    run_pass()
    alert_id = session.scalars(select(Alert.id)).one()

    for call in (client.get(f"{SECURE}/alerts/get/8880001/facebook", headers=stranger_headers),
                 client.get(f"{SECURE}/alerts/unread/8880001/facebook", headers=stranger_headers),
                 client.put(f"{SECURE}/alerts/readAll/8880001/facebook", headers=stranger_headers),
                 client.get(f"{SECURE}/home/summary/8880001/facebook", headers=stranger_headers),
                 client.get(f"{SECURE}/alerts/get/9999999/facebook", headers=stranger_headers)):
        assert (call.status_code, call.get_json()["code"]) == (403, "page_not_in_team")
    for missing in (alert_id, alert_id + 1000, 2**40):
        answer = client.put(f"{SECURE}/alerts/read/{missing}", headers=stranger_headers)
        assert (answer.status_code, answer.get_json()["code"]) == (404, "alert_not_found")
    assert client.get(f"{SECURE}/alerts/get/8880001/twitter", headers=stranger_headers).status_code == 422
    assert client.get(f"{SECURE}/alerts/get/8880001/facebook").status_code == 401
