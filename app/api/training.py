"""Agent training calls (spec 001 §7 "Wizard"): /trainagentpag (generic agent) and /trainagentpos (post agent).

The specification sends them to a separate training server; here they queue the training job, which builds
the agent's matcher and marks it trained.
"""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields

from app import queue
from app.api.blueprint import Blueprint
from app.api.fields import row_id
from app.api.security import current_user, signed_in
from app.errors import DomainError
from app.services import access

blp = Blueprint("training", __name__, url_prefix="", description="Agent training")


class TrainAgentSchema(Schema):
    intents = fields.String(load_default="", metadata={"description": "comma-joined intent names"})
    entiti = fields.String(load_default="", metadata={"description": "comma-joined product names"})
    idProject = row_id(required=True)


class TrainAnswerSchema(Schema):
    status = fields.String()
    idProject = fields.Integer()


class AgentKindMismatch(DomainError):
    status, code, message = 422, "agent_kind_mismatch", "This agent is not of the kind this call trains"


def _queue_training(body: dict, generic: bool) -> dict:
    agent = access.agent_for_member(current_user(), body["idProject"])
    if agent.is_generic != generic:
        raise AgentKindMismatch()
    queue.enqueue(queue.TRAIN_AGENT, agent.id)
    return {"status": "queued", "idProject": agent.id}


@blp.route("/trainagentpag")
class TrainPageAgent(MethodView):
    @signed_in(blp, forbidden=False)
    @blp.arguments(TrainAgentSchema)
    @blp.response(202, TrainAnswerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, body):
        """Train a page (generic) agent."""
        return _queue_training(body, generic=True)


@blp.route("/trainagentpos")
class TrainPostAgent(MethodView):
    @signed_in(blp, forbidden=False)
    @blp.arguments(TrainAgentSchema)
    @blp.response(202, TrainAnswerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, body):
        """Train a post agent."""
        return _queue_training(body, generic=False)
