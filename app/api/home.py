"""The Home screen's calls: a page's day (comments, answers, why not, its agents) and its alerts, read and unread
(rules in app/services/home_summary.py and app/services/alerts.py).

`{pageId}` is the page's network id: a page outside the caller's teams, or no such page, answers 403
page_not_in_team as every page call does; an alert of another team's page answers 404 as a missing one.
"""
from __future__ import annotations

from flask.views import MethodView

from app.api.blueprint import Blueprint
from app.api.fields import path_row_id
from app.api.home_schemas import AlertsSchema, PagePathSchema, SummaryQuerySchema, SummarySchema, UnreadSchema
from app.api.security import current_user, signed_in
from app.services import alerts, home_summary

blp = Blueprint("home", __name__, url_prefix="/api/v1/secure",
                description="The Home screen: a page's day and its alerts")


@blp.route("/home/summary/<pageId>/<platform>")
class Summary(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PagePathSchema, location="path", as_kwargs=True)
    @blp.arguments(SummaryQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, SummarySchema)
    def get(self, pageId, platform, tzOffset):
        """Today on the page (from the reader's midnight): comments, answered, hidden, the others by reason, and
        its agents live, not live, draft and set live untrained."""
        return home_summary.summary(current_user(), pageId, platform, tzOffset)


@blp.route("/alerts/get/<pageId>/<platform>")
class Alerts(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PagePathSchema, location="path", as_kwargs=True)
    @blp.response(200, AlertsSchema)
    def get(self, pageId, platform):
        """The page's open alerts, newest first, each with the action that fixes it and whether the caller read
        it; those whose cause is gone are cleared first."""
        return alerts.listing(current_user(), pageId, platform)


@blp.route("/alerts/unread/<pageId>/<platform>")
class Unread(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PagePathSchema, location="path", as_kwargs=True)
    @blp.response(200, UnreadSchema)
    def get(self, pageId, platform):
        """How many of the page's open alerts the caller has not read (the bell)."""
        return {"unread": alerts.unread(current_user(), pageId, platform)}


@blp.route("/alerts/read/<int(signed=True):alertId>")
class Read(MethodView):
    @signed_in(blp)
    @blp.response(200, UnreadSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, alertId):
        """The alert read by the caller; the page's unread count after it."""
        return {"unread": alerts.mark_read(current_user(), path_row_id(alertId, alerts.AlertNotFound()))}


@blp.route("/alerts/readAll/<pageId>/<platform>")
class ReadAll(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PagePathSchema, location="path", as_kwargs=True)
    @blp.response(200, UnreadSchema)
    def put(self, pageId, platform):
        """Every open alert of the page read by the caller."""
        alerts.mark_all_read(current_user(), pageId, platform)
        return {"unread": 0}
