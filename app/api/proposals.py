"""The proposals calls (docs/contracts.md "Proposals"): what an agent missed, turned into synonyms, intents and
phrasings to accept or reject. Any member of the agent's page's team; an agent (or proposal) the caller cannot
see answers 404 like a missing one."""
from __future__ import annotations

from flask.views import MethodView

from app.api.agents import agent_id_of
from app.api.blueprint import Blueprint
from app.api.fields import path_row_id
from app.api.proposals_schemas import AcceptBodySchema, DecidedSchema, ProposalsSchema
from app.api.security import current_user, signed_in
from app.services import proposals

blp = Blueprint("proposals", __name__, url_prefix="/api/v1/secure",
                description="Proposals learnt from the comments an agent missed")


def proposal_id_of(value: int) -> int:
    return path_row_id(value, proposals.ProposalNotFound())


@blp.route("/agents/<int(signed=True):agentId>/proposals")
class AgentProposals(MethodView):
    @signed_in(blp)
    @blp.response(200, ProposalsSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, agentId):
        """The agent's open proposals by kind, computed from its missed comments (and its latest replay's), each
        with the comments behind it."""
        return proposals.listing(current_user(), agent_id_of(agentId))


@blp.route("/agents/<int(signed=True):agentId>/proposals/<int(signed=True):proposalId>/accept")
class AcceptProposal(MethodView):
    @signed_in(blp)
    @blp.arguments(AcceptBodySchema)
    @blp.response(200, DecidedSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, body, agentId, proposalId):
        """Accept: a synonym into the catalogue, an intent into the agent (trained at once), a phrasing kept as
        examples. Takes effect on the next comment."""
        return {"data": proposals.accept(current_user(), agent_id_of(agentId), proposal_id_of(proposalId), body)}


@blp.route("/agents/<int(signed=True):agentId>/proposals/<int(signed=True):proposalId>/reject")
class RejectProposal(MethodView):
    @signed_in(blp)
    @blp.response(200, DecidedSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, agentId, proposalId):
        """Reject: the proposal is never proposed again."""
        return {"data": proposals.reject(current_user(), agent_id_of(agentId), proposal_id_of(proposalId))}
