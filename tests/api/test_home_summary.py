"""The Home screen's day of a page: today's comments (from the reader's midnight), answered, hidden, the others by
reason, and its agents: Active, Not Active, Draft, and set live but never trained."""
from __future__ import annotations

from datetime import datetime

from app.database import session
from app.models import Agent, PlannedAction, utcnow
from app.services.home_summary import day_start
from tests.api.alerts_support import SECURE, comments, page_of
from tests.api.pages_support import paid_user


def _summary(client, headers, offset=None):
    query = "" if offset is None else f"?tzOffset={offset}"
    return client.get(f"{SECURE}/home/summary/8880001/facebook{query}", headers=headers)


def _hours_since_midnight() -> float:
    now = utcnow()
    return now.hour + now.minute / 60 + now.second / 3600


def test_todays_comments_answers_hides_reasons_and_agents(client, signed_in):
    user, headers, _network = paid_user(signed_in, "Olfa")
    page = page_of(user)
    today = _hours_since_midnight() / 2  # some time after midnight UTC, whatever the time now
    comments(page, 3, hours_ago=today, reply="done")
    comments(page, 2, hours_ago=today, skip_reason="not_matched")
    comments(page, 1, hours_ago=today, skip_reason="plan_limit")
    comments(page, 4, hours_ago=_hours_since_midnight() + 2, reply="done")  # yesterday's
    session.add(PlannedAction(page_id=page.id, comment_id=f"{page.external_id}_spam", kind="hide", state="done"))
    for trained, live in ((True, True), (True, True), (True, False), (False, False), (False, True)):
        session.add(Agent(page_id=page.id, target_id=f"{page.external_id}_{trained}{live}{utcnow().timestamp()}",
                          trained=trained, live=live))
    session.commit()

    answer = _summary(client, headers)

    assert answer.status_code == 200
    body = answer.get_json()
    assert body["page"] == {"id": "8880001", "platform": "facebook", "name": "Boutique Amira"}
    assert (body["comments"], body["answered"], body["hidden"]) == (6, 3, 1)
    assert body["skipped"] == [{"reason": "not_matched", "count": 2}, {"reason": "plan_limit", "count": 1}]
    assert body["agents"] == {"live": 2, "notLive": 1, "draft": 1, "untrained": 1}


def test_today_starts_at_the_readers_midnight():
    now = datetime(2026, 12, 1, 23, 30)
    assert day_start(now, 0) == datetime(2026, 12, 1)
    assert day_start(now, -60) == datetime(2026, 12, 1, 23)  # Tunis (UTC+1): 00:30 on 2 December there
    assert day_start(now, 300) == datetime(2026, 12, 1, 5)  # Montreal (UTC-5): 18:30 on 1 December


def test_an_offset_no_time_zone_has_is_refused(client, signed_in):
    user, headers, _network = paid_user(signed_in, "Olfa")
    page_of(user)
    for offset in ("900", "-900", "1.5", "soon", "٩", "-1000"):
        assert _summary(client, headers, offset).status_code == 422
    assert _summary(client, headers, "-60").status_code == 200
