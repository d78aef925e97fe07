"""The dashboard calls (spec 001 §7 "Dashboard"): a page's most requested intents and its posts' performance.

The intents answer is the list itself (at most 5 rows); the posts answer is `{"data": [...]}` (the
specification's client reads data.data). `{pageId}` is the page's network id; a page outside the caller's teams,
or no such page, answers 403; a bad period or platform 422. The `{accessToken}` segment of the posts path is
accepted with any value and never used: the Graph API is read with the page token the server stores.
Rules and caching in app/services/dashboard.py; the answers come from it as JSON text (a warm one straight from
Redis), sent as they are.
"""
from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from app.api.blueprint import Blueprint
from app.api.dashboard_schemas import DashboardPathSchema, IntentRowSchema, PostsAnswerSchema, PostsPathSchema
from app.api.security import current_user, signed_in
from app.services import dashboard

blp = Blueprint("dashboard", __name__, url_prefix="/api/v1/secure/logEvent/dashbord",
                description="A page's dashboard: most requested intents and posts' performance")


def _json(text: str):
    """The service's JSON text as the body (flask-smorest sends a ready Response as it is, undumped)."""
    return current_app.response_class(text, mimetype="application/json")


@blp.route("/intent/<pageId>/<platform>/<period>")
class TopIntents(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(DashboardPathSchema, location="path", as_kwargs=True)
    @blp.response(200, IntentRowSchema(many=True))
    def get(self, pageId, platform, period):
        """The page's five most requested intents in the period (a comment counts for its best intent)."""
        return _json(dashboard.top_intents(current_app.config, current_user(), platform, pageId, period))


@blp.route("/post/<pageId>/<accessToken>/<platform>/<period>")
class PostsPerformance(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PostsPathSchema, location="path", as_kwargs=True)
    @blp.response(200, PostsAnswerSchema)
    def get(self, pageId, accessToken, platform, period):
        """The page's most commented posts in the period: comments, matched and performance, with picture and
        permalink."""
        rows = dashboard.posts_performance(current_app.config, current_user(), platform, pageId, period)
        return _json(f'{{"data":{rows}}}')
