"""The replay calls: run an agent as configured now over its page's past comments, sending nothing, follow its
progress, cancel it and read its comments by group (docs/contracts.md "Replay before going live").

Every call names an agent of the caller's team (another team's agent answers 404 as a missing one)."""
from __future__ import annotations

from flask.views import MethodView

from app.api.agents import agent_id_of
from app.api.blueprint import Blueprint
from app.api.fields import path_row_id
from app.api.replay_schemas import LatestReplaySchema, ReplayCommentsQuerySchema, ReplayCommentsSchema, ReplaySchema
from app.api.security import current_user, signed_in
from app.services import replay
from app.services.replay import ReplayNotFound

blp = Blueprint("replay", __name__, url_prefix="/api/v1/secure/agents",
                description="Replay before going live: an agent over its page's past comments, nothing sent")


def replay_id_of(value: int) -> int:
    return path_row_id(value, ReplayNotFound())


@blp.route("/<int(signed=True):agentId>/replays")
class Replays(MethodView):
    @signed_in(blp)
    @blp.response(202, ReplaySchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, agentId):
        """Start a replay of the agent as configured now (its current version, trained or not); 409 while one
        runs."""
        return replay.start(current_user(), agent_id_of(agentId))


@blp.route("/<int(signed=True):agentId>/replays/latest")
class LatestReplay(MethodView):
    @signed_in(blp)
    @blp.response(200, LatestReplaySchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, agentId):
        """The agent's latest replay: state, progress, and once it ended its counts, samples and changes."""
        return {"replay": replay.latest(current_user(), agent_id_of(agentId))}


@blp.route("/<int(signed=True):agentId>/replays/<int(signed=True):replayId>/cancel")
class CancelReplay(MethodView):
    @signed_in(blp)
    @blp.response(200, ReplaySchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, agentId, replayId):
        """Ask a running replay to stop at its next page (state cancelled); an ended one is answered as it is."""
        return replay.cancel(current_user(), agent_id_of(agentId), replay_id_of(replayId))


@blp.route("/<int(signed=True):agentId>/replays/<int(signed=True):replayId>/comments")
class ReplayComments(MethodView):
    @signed_in(blp)
    @blp.arguments(ReplayCommentsQuerySchema, location="query")
    @blp.response(200, ReplayCommentsSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query, agentId, replayId):
        """One page of a group's comments, each with what the agent would do and why."""
        return replay.comments(current_user(), agent_id_of(agentId), replay_id_of(replayId), query["group"],
                               query.get("reason"), query.get("intent"), query["page"], query["perPage"])
