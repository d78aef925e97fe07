"""The agent calls (spec 001 §7 "Agents"): a page's agents, one agent, create, delete, activate, and the page's
agents as the wizard's post table reads them.

Answers are the payload itself as the body (the specification's `data` is the original client's
`response.data`): a list of projects, a project, the new project's id (a bare number), `{status, msg}` for
activation, and for the active projects a list or the bare string "project not found". A page is named by its
network id. Every team member may read and change (spec 001 §6); anyone else gets 403 for a page (as for a page
no team has) and 404 for an agent (as for a missing one).
"""
from __future__ import annotations

from flask import jsonify
from flask.views import MethodView

from app.api.agents_schemas import (ActiveProjectSchema, LiveAnswerSchema, LiveSchema, ProjectAddSchema,
                                    ProjectRefSchema, ProjectSchema)
from app.api.blueprint import Blueprint
from app.api.fields import path_row_id
from app.api.security import current_user, signed_in
from app.errors import NotFound
from app.services import activation, agents

blp = Blueprint("agents", __name__, url_prefix="/api/v1/secure", description="Agents (projects)")

PROJECT_NOT_FOUND = "project not found"
NEW_PROJECT_ANSWER = {"type": "integer", "description": "the new project's _id"}
ACTIVE_PROJECTS_ANSWER = {"oneOf": [{"type": "array", "items": {"type": "object"}},
                                    {"type": "string", "enum": [PROJECT_NOT_FOUND]}],
                          "description": "entries {_id, post: {idPost}, intents, trained, live}, or 'project not found'"}


def agent_id_of(value: int) -> int:
    """An id in the path that can name no row answers 404 like a missing agent."""
    return path_row_id(value, NotFound("Agent not found", code="agent_not_found"))


@blp.route("/pages/get/project/<pageId>")
class PageAgents(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, ProjectSchema(many=True))
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, pageId):
        """The page's agents that have intents, newest first."""
        return agents.page_agents(agents.team_page(current_user(), pageId), with_intents_only=True)


@blp.route("/project/get/project/<int(signed=True):id>")
class OneAgent(MethodView):
    @signed_in(blp)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, id):
        """One agent with its intents and product answers."""
        return agents.agent_for(current_user(), agent_id_of(id))


@blp.route("/project/add")
class AddAgent(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(ProjectAddSchema)
    @blp.response(200, schema=NEW_PROJECT_ANSWER)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body):
        """A new agent for a post, or for the whole page (generic) when idPost is the page id; answers its id."""
        return jsonify(agents.add(current_user(), body).id)


@blp.route("/project/remove/project")
class RemoveAgent(MethodView):
    @signed_in(blp)
    @blp.arguments(ProjectRefSchema)
    @blp.response(200, ProjectSchema(many=True))
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body):
        """Delete an agent; answers its page's agents as My agents lists them."""
        page = agents.remove(current_user(), body["id"])
        return agents.page_agents(page, with_intents_only=True)


@blp.route("/project/agent/live/<int(signed=True):projectId>")
class AgentLive(MethodView):
    @signed_in(blp)
    @blp.arguments(LiveSchema)
    @blp.response(200, LiveAnswerSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """Activate or deactivate (and set the pending flag); an agent set live is trained first on its current
        version; a refusal (no intent, the plan) is status false with its msg."""
        agent = agents.agent_for(current_user(), agent_id_of(projectId))
        return activation.set_live(agent, body["live"], body["pending"])


@blp.route("/project/get/activeproject/<pageId>")
class ActiveAgents(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, schema=ACTIVE_PROJECTS_ANSWER)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, pageId):
        """Every agent of the page with its post id, intents, trained and live (the wizard's post statuses), or
        the string 'project not found' when the page has none."""
        found = agents.page_agents(agents.team_page(current_user(), pageId))
        if not found:
            return jsonify(PROJECT_NOT_FOUND)
        return jsonify(ActiveProjectSchema(many=True).dump(found))
