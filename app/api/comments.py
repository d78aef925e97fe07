"""The agent messages calls (spec 001 §7 "Comments"): an agent's comment logs with their why, the manual answer to
an unmatched comment, and a commenter's profile.

Answers are `{"data": ...}` where the specification's client reads `data.data` (the updated log, the profiles);
the logs answer carries `data` (every log, oldest first) beside the split the screen shows and a polling cursor
(docs/contracts.md "Agent messages"). Every call checks the caller is on the page's team: an agent, a log or a
commenter known only to other teams' pages is 404, as one that does not exist; bad input is a 422 that changes
nothing; Meta's refusal of a manual answer is a 409, 429 or 502 with Meta's message.
"""
from __future__ import annotations

import re

from flask import current_app
from flask.views import MethodView

from app.api.blueprint import Blueprint, stacked
from app.api.comments_schemas import (POST_ID_PATTERN, PUBLISHER_ID_PATTERN, LogAnswerSchema, LogsQuerySchema,
                                      LogsSchema, ManualAnswerBodySchema, ProfileQuerySchema, ProfilesSchema)
from app.api.logs_stream import logs_response
from app.api.security import current_user, signed_in
from app.errors import DomainError
from app.services import agent_messages, manual_answers

blp = Blueprint("comments", __name__, url_prefix="/api/v1/secure",
                description="Agent messages: comment logs with their why, manual answers, commenter profiles")

PLATFORMS = ("facebook", "instagram")


class InvalidPathValue(DomainError):
    status, code = 422, "invalid_path"


def _checked(value: str, pattern: str, what: str) -> str:
    if not re.fullmatch(pattern, value):
        raise InvalidPathValue(f"Invalid {what}")
    return value


def _team_read(query_schema, answer_schema):
    """A read of the caller's team's data: signed in, its query checked (422), 404 outside the team as for nothing."""
    return stacked(signed_in(blp), blp.arguments(query_schema, location="query"),
                   blp.response(200, answer_schema), blp.alt_response(404, response="NOT_FOUND"),
                   blp.alt_response(422, response="UNPROCESSABLE_ENTITY"))


@blp.route("/logEvent/post/<string:postId>/all")
class AgentLogs(MethodView):
    @_team_read(LogsQuerySchema, LogsSchema)
    def get(self, query, postId):
        """The agent's comments (postId: its post, or the page's id for a generic agent), each with its why.
        With ?after=<cursor>, only those created or changed since that answer."""
        post_id = _checked(postId, POST_ID_PATTERN, "post id")
        return logs_response(agent_messages.logs(current_user(), post_id, query.get("after")))


@blp.route("/logEvent/answer/comment/<string:platform>")
class ManualAnswer(MethodView):
    @signed_in(blp)
    @blp.arguments(ManualAnswerBodySchema)
    @blp.response(200, LogAnswerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.alt_response(502, response="BAD_GATEWAY")
    def post(self, body, platform):
        """Answer a comment by hand: a private reply sent now; data is the updated log (shown Sent!)."""
        if platform not in PLATFORMS:
            raise InvalidPathValue("The platform is facebook or instagram")
        log = manual_answers.answer(current_app.config, current_user(), platform, body["logs"], body["answer"].strip(),
                                    body["buttons"], body["project"])
        return {"data": agent_messages.one(log)}


@blp.route("/profile/subscriber/<string:publisherId>")
class SubscriberProfile(MethodView):
    @_team_read(ProfileQuerySchema, ProfilesSchema)
    def get(self, query, publisherId):
        """The commenter's profile card (phone, email, birthday, adresse) on the caller's pages; data[0] is shown."""
        publisher_id = _checked(publisherId, PUBLISHER_ID_PATTERN, "publisher id")
        return {"data": agent_messages.profiles(current_user(), publisher_id, query.get("idPage"))}
