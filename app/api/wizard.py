"""The wizard calls (spec 001 §7 "Wizard"): a page's posts with their agents' statuses, an agent's intents and
their answers, and the chat simulator.

Answers are the payload itself as the body: the posts (a list), the project after each change (as GET
project/get/project answers it), 'exist' or 'not exist' as a bare JSON string for the product-answer calls that
say so, and the simulator's list of replies (empty when the agent would not answer: the client shows "I didn't
understand. Sorry !"). Every team member may change an agent (spec 001 §6); an agent of another team answers 404
as a missing one, a page or post of another team 403. Bad input is a 422 that changes nothing.
"""
from __future__ import annotations

from flask import current_app, jsonify
from flask.views import MethodView

from app.api.agents import agent_id_of
from app.api.agents_schemas import ProjectSchema
from app.api.blueprint import Blueprint
from app.api.security import current_user, signed_in
from app.api.wizard_schemas import (FIRST_UPDATE_ANSWER, EntityRemoveSchema, GenericAnswerSchema, IntentRefSchema,
                                    PagePostSchema, ProductAnswerInSchema, ProductAnswerWithCategorySchema,
                                    TestMessageSchema, TestReplySchema)
from app.models import Agent
from app.services import agents, page_posts, simulator, wizard

blp = Blueprint("wizard", __name__, url_prefix="/api/v1/secure", description="The agent wizard")

PROJECT_PATH = "<int(signed=True):projectId>"


def _agent(project_id: int) -> Agent:
    return agents.agent_for(current_user(), agent_id_of(project_id))


def _project_or_word(result) -> object:
    """The project, or the bare word the client reads ('exist', 'not exist')."""
    return jsonify(result if isinstance(result, str) else ProjectSchema().dump(result))


@blp.route("/post/get/<pageId>/<any(facebook,instagram):platform>/all")
class PagePosts(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, PagePostSchema(many=True))
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(502, response="BAD_GATEWAY")
    def get(self, pageId, platform):
        """The page's posts (Instagram: media), newest first, each with its agent's status (null: no agent)."""
        page = agents.team_page(current_user(), pageId, platform)
        return page_posts.posts_of(current_app.config, page)


@blp.route(f"/project/generiqueadd/{PROJECT_PATH}")
class AddIntent(MethodView):
    @signed_in(blp)
    @blp.arguments(GenericAnswerSchema)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def put(self, body, projectId):
        """Add an intent with its generic answer and buttons (409 when already selected)."""
        return wizard.add_intent(_agent(projectId), body["intent"], body["genericAnswer"], body["buttons"])


@blp.route(f"/project/generiqueupdate/{PROJECT_PATH}")
class UpdateIntent(MethodView):
    @signed_in(blp)
    @blp.arguments(GenericAnswerSchema)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """Change an intent's generic answer and buttons."""
        return wizard.update_intent(_agent(projectId), body["intent"], body["genericAnswer"], body["buttons"])


@blp.route(f"/project/intents/remove/{PROJECT_PATH}")
class RemoveIntent(MethodView):
    @signed_in(blp)
    @blp.arguments(IntentRefSchema)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """Remove an intent with its product answers."""
        return wizard.remove_intent(_agent(projectId), body["intent"])


@blp.route(f"/project/{PROJECT_PATH}/remove/entity")
class RemoveProductAnswer(MethodView):
    @signed_in(blp)
    @blp.arguments(EntityRemoveSchema)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """Remove one product answer (by its _id) from an intent."""
        return wizard.remove_answer(_agent(projectId), body["intent"], body["answer"])


@blp.route(f"/project/firstupdate/{PROJECT_PATH}")
class FirstProductAnswer(MethodView):
    @signed_in(blp)
    @blp.arguments(ProductAnswerInSchema)
    @blp.response(200, schema=FIRST_UPDATE_ANSWER)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """A product's answer for an intent: 'exist', 'not exist' (no such product in the catalogue) or the
        project."""
        return _project_or_word(wizard.first_product_answer(_agent(projectId), body))


@blp.route(f"/project/update/{PROJECT_PATH}")
class ProductAnswerInCategory(MethodView):
    @signed_in(blp)
    @blp.arguments(ProductAnswerWithCategorySchema)
    @blp.response(200, schema=FIRST_UPDATE_ANSWER)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """The same with the category: a product missing from the catalogue is added to it; 'exist' or the
        project."""
        return _project_or_word(wizard.product_answer_in_category(_agent(projectId), body))


@blp.route(f"/project/entitiesupdate/{PROJECT_PATH}")
class UpdateProductAnswer(MethodView):
    @signed_in(blp)
    @blp.arguments(ProductAnswerInSchema)
    @blp.response(200, ProjectSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, body, projectId):
        """Change a product answer's text and buttons."""
        return wizard.update_product_answer(_agent(projectId), body)


@blp.route("/logEvent/test/wizard")
class TestMessage(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(TestMessageSchema)
    @blp.response(200, TestReplySchema(many=True))
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, body):
        """The agent's replies to a test comment, as the live pipeline would send them ([] when none)."""
        return simulator.replies(current_user(), body["idPost"], body["message"]["text"])
