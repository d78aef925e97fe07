"""The dashboard of a page (spec 001 §2 "Dashboard", §7): its most requested intents and its posts' performance.

Both are SQL aggregates over the page's log events, read through covering indexes (the best intent of a log is
in its own `top_intent` column, written by the ingest worker). An answer is kept in Redis for CACHE_SECONDS: the
dashboard then lags the pipeline by at most that much, and no write of the pipeline has to touch Redis to keep it
right (an invalidation per decided batch would cost the hot path a Redis call and empty the cache under load).

Periods: `all`, `week` (the last 7 days) and `day`. The specification's screen offers "all, last week, last 30
days" for the intents and "all, most recent, last 30 days" for the posts, and its call takes "all, week or day":
in that order, `day` is the last 30 days and `week` (the posts' "most recent") the last 7 days.

A post's picture and permalink come from the posts table (posts as last read from the Graph API); posts it does
not hold yet are read once from the Graph API with the page token stored on the server and kept there.
"""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, timezone
from itertools import islice

from sqlalchemy import case, func, select
from sqlalchemy.exc import IntegrityError

from app import graph
from app.database import session
from app.models import CommentLog, IntentDefinition, Post, SocialPage, User, utcnow
from app.services import json_cache, page_posts, team

log = logging.getLogger(__name__)

PERIODS = {"all": None, "week": timedelta(days=7), "day": timedelta(days=30)}
TOP_INTENTS = 5  # spec 001 §9 "Dashboard intents capped at 5"
# The grid shows the most commented posts; a page with thousands of posts gets its first ones, not a huge answer.
GRID_POSTS = 50
# How many of the page's latest posts are read from the Graph API when looking for posts the table lacks.
GRAPH_POSTS_READ = 100
CACHE_SECONDS = 30
CACHE_KEY = "dashboard:{kind}:{page_id}:{external_id}:{period}"
# The pie's slices, in rank order (distinct on a white background and for the common colour blindnesses).
COLORS = ("#228be6", "#fab005", "#40c057", "#fa5252", "#7950f2")
GRAPH_TIME = "%Y-%m-%dT%H:%M:%S%z"
PICTURE_KEY = {"facebook": "full_picture", "instagram": "media_url"}
PERMALINK_KEY = {"facebook": "permalink_url", "instagram": "permalink"}


def top_intents(settings: dict, user: User, platform: str, external_id: str, period: str) -> str:
    """The page's five most requested intents in the period, most requested first, as JSON text: rows of title
    (English), title_fr, name, value (how many comments asked it first) and color."""
    page, _role = team.team_page(user, external_id, platform)
    return _cached(settings, "intents", page, period, lambda: _count_intents(page, period))


def posts_performance(settings: dict, user: User, platform: str, external_id: str, period: str) -> str:
    """The page's most commented posts in the period, as JSON text: rows of post (id, message, created_time,
    picture, permalink), comments, matched and performance (matched comments in percent, rounded)."""
    page, _role = team.team_page(user, external_id, platform)
    return _cached(settings, "posts", page, period, lambda: _count_posts(settings, page, period))


def _cached(settings: dict, kind: str, page: SocialPage, period: str, compute) -> str:
    """The answer as JSON text, kept so in Redis: a warm answer is sent as it is, never decoded, checked against
    the answer schema and encoded again (work that grows with the grid's 50 posts)."""
    key = settings.get("CELERY_KEY_PREFIX", "") + CACHE_KEY.format(
        kind=kind, page_id=page.id, external_id=page.external_id, period=period)
    answer = json_cache.get(settings, key)
    if answer is None:
        answer = json.dumps(compute(), ensure_ascii=False, separators=(",", ":"))
        json_cache.put(settings, key, answer, CACHE_SECONDS)
    return answer


def _since(period: str) -> datetime | None:
    window = PERIODS[period]
    return utcnow() - window if window else None


def _in_period(query, page_id: int, period: str):
    query = query.where(CommentLog.page_id == page_id)
    since = _since(period)
    return query.where(CommentLog.created_at >= since) if since else query


def intent_counts_query(page_id: int, period: str):
    """How many comments of the page asked each intent first in the period, the TOP_INTENTS most asked."""
    value = func.count().label("value")
    return _in_period(select(CommentLog.top_intent.label("name"), value), page_id, period).where(
        CommentLog.top_intent.is_not(None)).group_by(CommentLog.top_intent).order_by(
        value.desc(), CommentLog.top_intent).limit(TOP_INTENTS)


def post_counts_query(page_id: int, period: str):
    """Each post's comments and matched comments in the period, the GRID_POSTS most commented."""
    comments = func.count().label("comments")
    matched = func.sum(case((CommentLog.success.is_(True), 1), else_=0)).label("matched")
    return (_in_period(select(CommentLog.post_external_id, comments, matched), page_id, period)
            .where(CommentLog.post_external_id.is_not(None)).group_by(CommentLog.post_external_id)
            .order_by(comments.desc(), CommentLog.post_external_id).limit(GRID_POSTS))


def _count_intents(page: SocialPage, period: str) -> list[dict]:
    counted = intent_counts_query(page.id, period).subquery()
    rows = session.execute(select(counted.c.name, counted.c.value, IntentDefinition.label, IntentDefinition.label_fr)
                           .outerjoin(IntentDefinition, IntentDefinition.name == counted.c.name)
                           .order_by(counted.c.value.desc(), counted.c.name))
    return [{"title": label or name, "title_fr": label_fr or label or name, "name": name, "value": count,
             "color": COLORS[rank]} for rank, (name, count, label, label_fr) in enumerate(rows)]


def _count_posts(settings: dict, page: SocialPage, period: str) -> list[dict]:
    rows = session.execute(post_counts_query(page.id, period)).all()
    posts = _posts_of(settings, page, [row.post_external_id for row in rows])
    return [{"post": _post_answer(page, row.post_external_id, posts.get(row.post_external_id)),
             "comments": row.comments, "matched": int(row.matched), "performance": percent(row.matched, row.comments)}
            for row in rows]


def percent(part: int, whole: int) -> int:
    """part / whole in percent, rounded half up (as a reader rounds: 2 of 3 is 67)."""
    return (200 * int(part) + whole) // (2 * whole) if whole else 0


def _posts_of(settings: dict, page: SocialPage, external_ids: list[str]) -> dict[str, Post]:
    if not external_ids:
        return {}
    known = {post.external_id: post for post in session.scalars(
        select(Post).where(Post.page_id == page.id, Post.external_id.in_(external_ids)))}
    missing = set(external_ids) - set(known)
    if missing and page.access_token:
        known.update(_read_from_graph(settings, page, missing))
    return known


def _read_from_graph(settings: dict, page: SocialPage, wanted: set[str]) -> dict[str, Post]:
    """The wanted posts among the page's latest ones on the Graph API, stored in the posts table."""
    try:
        found = [item for item in islice(page_posts.latest(settings, page), GRAPH_POSTS_READ)
                 if str(item.get("id")) in wanted]
    except graph.GraphError as error:
        log.info("posts of %s page %s unreadable: %s", page.platform, page.external_id, error.reason)
        return {}
    stored = {str(item["id"]): _post_row(page, item) for item in found}
    session.add_all(stored.values())
    try:
        session.commit()
    except IntegrityError:  # another request stored them first: theirs are the same posts
        session.rollback()
    return stored


def _post_row(page: SocialPage, item: dict) -> Post:
    return Post(page_id=page.id, external_id=str(item["id"]), message=item["message"], picture_url=item["picture"],
                permalink_url=item["permalink"], type=item["type"], created_time=_graph_time(item["created_time"]))


def _graph_time(value) -> datetime | None:
    try:
        return datetime.strptime(value, GRAPH_TIME).astimezone(timezone.utc).replace(tzinfo=None)
    except (TypeError, ValueError):
        return None


def _post_answer(page: SocialPage, external_id: str, post: Post | None) -> dict:
    """The post as the Graph API names its fields on the page's network (full_picture or media_url)."""
    created = post.created_time.strftime("%Y-%m-%dT%H:%M:%S+0000") if post and post.created_time else None
    return {"id": external_id, "idPost": external_id, "message": post.message if post else "",
            "created_time": created, PICTURE_KEY[page.platform]: post.picture_url if post else None,
            PERMALINK_KEY[page.platform]: post.permalink_url if post else None}
