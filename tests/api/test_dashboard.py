"""The dashboard calls (spec 001 §2 "Dashboard", §7, §9): the five most requested intents of a page, and its posts'
comments, matched comments and rounded performance with their pictures and permalinks, per period (all, week =
the last 7 days, day = the last 30 days). Log events are written here as the ingest worker writes them (the best
intent in top_intent); tests/e2e/test_dashboard_screen.py has them flow through the real pipeline."""
from __future__ import annotations

from datetime import timedelta
from itertools import count

import pytest
from sqlalchemy import func, select

from app.database import session
from app.models import CommentLog, Post, SocialPage, utcnow
from app.services import dashboard, json_cache
from tests.api.pages_support import connected_page, join_team, paid_user

BASE = "/api/v1/secure/logEvent/dashbord"
_comment_ids = count(1)


def _page(owner, external_id="7770001", platform="facebook", name="Boutique Amira"):
    page = SocialPage(platform=platform, external_id=external_id, name=name, owner_id=owner.id, is_connected=True)
    session.add(page)
    session.commit()
    return page


def _logs(page, times, intent=None, post="7770001_1", success=None, days_ago=0):
    """`times` log events of the page, as ingest writes them: a matched one has its intents and best intent."""
    matched = intent is not None if success is None else success
    when = utcnow() - timedelta(days=days_ago)
    session.add_all(CommentLog(
        page_id=page.id, comment_id=f"c{next(_comment_ids)}", post_external_id=post, message="combien ?",
        success=matched, top_intent=intent if matched else None,
        intents=[{"intent": intent, "score": 0.91}, {"intent": "size", "score": 0.4}] if matched else [],
        created_at=when) for _ in range(times))
    session.commit()


def _intents(client, headers, page_id="7770001", platform="facebook", period="all"):
    return client.get(f"{BASE}/intent/{page_id}/{platform}/{period}", headers=headers)


def _posts(client, headers, page_id="7770001", platform="facebook", period="all", token="anything"):
    return client.get(f"{BASE}/post/{page_id}/{token}/{platform}/{period}", headers=headers)


@pytest.fixture
def owner(signed_in):
    return signed_in("Olfa", "Owner")


# --- most requested intents -------------------------------------------------------------------------------------

def test_the_five_most_requested_intents_with_their_counts_labels_and_colours(client, owner):
    user, headers, _network = owner
    page = _page(user)
    for intent, times in (("price", 6), ("delivery", 5), ("size", 4), ("colors", 3), ("location", 2),
                          ("booking", 1)):
        _logs(page, times, intent)
    _logs(page, 7, None)  # not matched: no intent asked
    _logs(_page(user, "7770002"), 9, "payment methods")  # another page's comments

    answer = _intents(client, headers)

    assert answer.status_code == 200
    assert answer.get_json() == [
        {"title": "Price", "title_fr": "Prix", "name": "price", "value": 6, "color": dashboard.COLORS[0]},
        {"title": "Delivery", "title_fr": "Livraison", "name": "delivery", "value": 5, "color": dashboard.COLORS[1]},
        {"title": "Size", "title_fr": "Taille", "name": "size", "value": 4, "color": dashboard.COLORS[2]},
        {"title": "Colors", "title_fr": "Couleurs", "name": "colors", "value": 3, "color": dashboard.COLORS[3]},
        {"title": "Location", "title_fr": "Adresse", "name": "location", "value": 2,
         "color": dashboard.COLORS[4]},
    ]


def test_the_intents_of_the_last_week_and_of_the_last_30_days(client, owner):
    user, headers, _network = owner
    page = _page(user)
    _logs(page, 2, "price")
    _logs(page, 3, "delivery", days_ago=10)
    _logs(page, 4, "size", days_ago=40)

    def counts(period):
        return {row["name"]: row["value"] for row in _intents(client, headers, period=period).get_json()}

    assert counts("week") == {"price": 2}
    assert counts("day") == {"price": 2, "delivery": 3}
    assert counts("all") == {"price": 2, "delivery": 3, "size": 4}


def test_a_page_without_matched_comments_has_no_intents(client, owner):
    user, headers, _network = owner
    _logs(_page(user), 3, None)
    answer = _intents(client, headers)
    assert answer.status_code == 200 and answer.get_json() == []


def test_an_instagram_account_is_counted_on_its_own(client, owner):
    user, headers, _network = owner
    _logs(_page(user, "7770001", "facebook"), 2, "price")
    _logs(_page(user, "7770001", "instagram"), 3, "delivery", post="17900001")
    assert [(row["name"], row["value"]) for row in _intents(client, headers, platform="instagram").get_json()] == \
        [("delivery", 3)]


# --- posts performance -------------------------------------------------------------------------------------------

def test_posts_performance_with_the_posts_pictures_and_permalinks_read_with_the_stored_token(
        client, sandbox, signed_in):
    user, headers, network_user = paid_user(signed_in)
    page, sandbox_page = connected_page(client, sandbox, headers, network_user)
    picture = f"{sandbox.url}/{sandbox_page['id']}/picture"
    first = sandbox.admin.post("Nouvelle collection", page_id=sandbox_page["id"], picture=picture)["id"]
    second = sandbox.admin.post("Soldes d'hiver", page_id=sandbox_page["id"])["id"]
    _logs(page, 2, "price", post=first)
    _logs(page, 1, None, post=first)
    _logs(page, 4, None, post=second)
    _logs(page, 1, "price", post=second, days_ago=45)

    answer = _posts(client, headers, page_id=sandbox_page["id"], token="not-a-token")

    assert answer.status_code == 200
    rows = answer.get_json()["data"]
    assert [(row["post"]["id"], row["comments"], row["matched"], row["performance"]) for row in rows] == [
        (second, 5, 1, 20), (first, 3, 2, 67)]
    by_id = {row["post"]["id"]: row["post"] for row in rows}
    assert by_id[first]["full_picture"] == picture
    assert by_id[first]["message"] == "Nouvelle collection"
    assert by_id[first]["permalink_url"].startswith(sandbox.url) and first in by_id[first]["permalink_url"]
    assert by_id[first]["created_time"].endswith("+0000")
    assert by_id[second]["full_picture"] is None
    # Read once from the Graph API, then kept: the next call needs no token at all.
    assert session.scalar(select(func.count(Post.id)).where(Post.page_id == page.id)) == 2
    last_30_days = _posts(client, headers, page_id=sandbox_page["id"], period="day").get_json()["data"]
    assert [(row["post"]["id"], row["comments"], row["matched"], row["performance"]) for row in last_30_days] == [
        (second, 4, 0, 0), (first, 3, 2, 67)]


def test_instagram_media_answer_media_url_and_permalink(client, sandbox, signed_in):
    user, headers, network_user = paid_user(signed_in)
    page, _sandbox_page = connected_page(client, sandbox, headers, network_user, platform="instagram")
    media = sandbox.admin.post("Robe rouge", ig_user_id=page.external_id,
                               picture=f"{sandbox.url}/{page.external_id}/picture")["id"]
    _logs(page, 3, "price", post=media)

    rows = _posts(client, headers, page_id=page.external_id, platform="instagram").get_json()["data"]

    assert [(row["comments"], row["matched"], row["performance"]) for row in rows] == [(3, 3, 100)]
    assert rows[0]["post"]["media_url"] == f"{sandbox.url}/{page.external_id}/picture"
    assert media in rows[0]["post"]["permalink"]


def test_posts_of_the_last_week(client, owner):
    user, headers, _network = owner
    page = _page(user)
    _logs(page, 2, "price", post="7770001_1")
    _logs(page, 3, None, post="7770001_2", days_ago=8)
    rows = _posts(client, headers, period="week").get_json()["data"]
    assert [(row["post"]["id"], row["comments"], row["performance"]) for row in rows] == [("7770001_1", 2, 100)]
    assert rows[0]["post"]["full_picture"] is None  # no token stored: the post is shown without its picture


def test_a_post_unknown_to_the_graph_api_is_still_counted(client, sandbox, signed_in):
    user, headers, network_user = paid_user(signed_in)
    page, sandbox_page = connected_page(client, sandbox, headers, network_user)
    _logs(page, 2, "price", post=f"{sandbox_page['id']}_999")
    rows = _posts(client, headers, page_id=sandbox_page["id"]).get_json()["data"]
    assert [(row["post"]["id"], row["comments"], row["post"]["permalink_url"]) for row in rows] == \
        [(f"{sandbox_page['id']}_999", 2, None)]


def test_the_graph_api_down_leaves_the_counts_without_pictures(client, sandbox, signed_in):
    user, headers, network_user = paid_user(signed_in)
    page, sandbox_page = connected_page(client, sandbox, headers, network_user)
    post = sandbox.admin.post("Nouvelle collection", page_id=sandbox_page["id"],
                              picture=f"{sandbox.url}/{sandbox_page['id']}/picture")["id"]
    _logs(page, 2, "price", post=post)
    sandbox.admin.fault("server_error", scope=sandbox_page["id"])

    answer = _posts(client, headers, page_id=sandbox_page["id"])

    assert answer.status_code == 200
    assert [(row["post"]["id"], row["comments"], row["post"]["full_picture"]) for row in answer.get_json()["data"]] \
        == [(post, 2, None)]
    assert session.scalar(select(func.count(Post.id)).where(Post.page_id == page.id)) == 0


def test_rounding_of_the_performance():
    assert [dashboard.percent(part, whole) for part, whole in ((1, 3), (2, 3), (1, 8), (0, 5), (5, 5), (0, 0))] == \
        [33, 67, 13, 0, 100, 0]


# --- the cache ---------------------------------------------------------------------------------------------------

def test_answers_are_kept_for_a_short_while(app, client, owner):
    """A warm answer comes from Redis for CACHE_SECONDS (the dashboard may lag the pipeline that long)."""
    user, headers, _network = owner
    page = _page(user)
    _logs(page, 2, "price")
    assert _intents(client, headers).get_json()[0]["value"] == 2
    _logs(page, 1, "price")
    assert _intents(client, headers).get_json()[0]["value"] == 2
    key = app.config["CELERY_KEY_PREFIX"] + dashboard.CACHE_KEY.format(
        kind="intents", page_id=page.id, external_id=page.external_id, period="all")
    assert 0 < json_cache._redis(app.config["REDIS_URL"]).ttl(key) <= dashboard.CACHE_SECONDS
    json_cache.forget(app.config, key)  # as when it expires
    assert _intents(client, headers).get_json()[0]["value"] == 3


# --- who may read it, and bad input ------------------------------------------------------------------------------

def test_every_team_member_reads_the_dashboard(client, owner, signed_in):
    user, _headers, _network = owner
    page = _page(user)
    _logs(page, 2, "price")
    member, member_headers, _ = signed_in("Sami", "Member")
    join_team(page, member, "invited_member")
    assert _intents(client, member_headers).get_json()[0]["value"] == 2
    assert _posts(client, member_headers).get_json()["data"][0]["comments"] == 2


@pytest.mark.parametrize("call", [_intents, _posts])
def test_another_teams_user_is_refused(client, owner, signed_in, call):
    user, _headers, _network = owner
    _logs(_page(user), 2, "price")
    _stranger, stranger_headers, _ = signed_in("Nabil", "Stranger")
    answer = call(client, stranger_headers)
    assert answer.status_code == 403
    assert answer.get_json()["code"] == "page_not_in_team"
    assert "2" not in str(answer.get_json())


@pytest.mark.parametrize("call", [_intents, _posts])
def test_a_page_that_does_not_exist_is_refused_as_another_teams(client, owner, call):
    _user, headers, _network = owner
    assert call(client, headers, page_id="7779999").status_code == 403


@pytest.mark.parametrize("call", [_intents, _posts])
def test_a_session_is_needed(client, owner, call):
    user, _headers, _network = owner
    _page(user)
    answer = call(client, {})
    assert answer.status_code == 401 and answer.get_json()["code"] == "not_authenticated"


@pytest.mark.parametrize("call", [_intents, _posts])
@pytest.mark.parametrize("bad, field", [({"period": "month"}, "period"), ({"period": "ALL"}, "period"),
                                        ({"platform": "twitter"}, "platform"), ({"page_id": "abc"}, "pageId"),
                                        ({"page_id": "1" * 65}, "pageId")])
def test_bad_input_answers_422_naming_the_field(client, owner, call, bad, field):
    user, headers, _network = owner
    _page(user)
    answer = call(client, headers, **bad)
    assert answer.status_code == 422
    body = answer.get_json()
    assert field in body["errors"]["path"], body
