"""The wizard calls (spec 001 §7 "Wizard"): a page's posts with their agents' statuses, an agent's intents and
their answers, and the chat simulator.

Answers are the payload itself as the body: the posts (a list), the project after each change (as GET
project/get/project answers it), 'exist' or 'not exist' as a bare JSON string for the product-answer calls that
say so, and the simulator's list of replies (empty when the agent would not answer: the client shows "I didn't
understand. Sorry !"). Every team member may change an agent (spec 001 §6); an agent of another team, or the
simulator's post of another team, answers 404 as a missing one, a page of another team 403 as a page no team has.
Bad input is a 422 that changes nothing.
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
                                    TestMessageSchema, TestReplySchema, TestWhySchema)
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


def _project_change(rule: str, name: str, schema, change, answer=ProjectSchema) -> None:
    """Register `PUT /project/<rule>`: the body checked by `schema`, then `change(agent, body)` (its docstring
    documents the call); answers the changed project, or the word the change returns."""
    def put(_view, body, projectId):
        return _project_or_word(change(_agent(projectId), body))

    put.__doc__ = change.__doc__
    for decorate in (blp.alt_response(409, response="CONFLICT"), blp.alt_response(404, response="NOT_FOUND"),
                     blp.response(200, answer), blp.arguments(schema), signed_in(blp)):
        put = decorate(put)
    blp.route(f"/project/{rule}")(type(name, (MethodView,), {"put": put}))


_project_change(f"generiqueadd/{PROJECT_PATH}", "AddIntent", GenericAnswerSchema, wizard.add_intent)
_project_change(f"generiqueupdate/{PROJECT_PATH}", "UpdateIntent", GenericAnswerSchema, wizard.update_intent)
_project_change(f"intents/remove/{PROJECT_PATH}", "RemoveIntent", IntentRefSchema, wizard.remove_intent)
_project_change(f"{PROJECT_PATH}/remove/entity", "RemoveProductAnswer", EntityRemoveSchema, wizard.remove_answer)
_project_change(f"firstupdate/{PROJECT_PATH}", "FirstProductAnswer", ProductAnswerInSchema,
                wizard.first_product_answer, FIRST_UPDATE_ANSWER)
_project_change(f"update/{PROJECT_PATH}", "ProductAnswerInCategory", ProductAnswerWithCategorySchema,
                wizard.product_answer_in_category, FIRST_UPDATE_ANSWER)
_project_change(f"entitiesupdate/{PROJECT_PATH}", "UpdateProductAnswer", ProductAnswerInSchema,
                wizard.update_product_answer)


@blp.route("/logEvent/test/wizard")
class TestMessage(MethodView):
    @signed_in(blp)
    @blp.arguments(TestMessageSchema)
    @blp.arguments(TestWhySchema, location="query", as_kwargs=True)
    @blp.response(200, TestReplySchema(many=True))
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, body, why):
        """The agent's replies to a test comment, as the live pipeline would send them ([] when none); with
        ?why=true, each with the comment's why, and the why alone (no response) when the agent would not answer."""
        return simulator.replies(current_user(), body["idPost"], body["message"]["text"], explain=why)
