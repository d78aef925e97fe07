"""The authorization matrix's rows (tests/security/test_authz_matrix.py, tests/security/test_authz_over_http.py): one
row per call needing a session, named as docs/endpoints.tsv names it (calls beyond the specification as the OpenAPI
document does), with its path and body in the world of tests/security/world.py and the refusal each caller must get:
a user of another team (`stranger`: a refusal, or why the call shows them nothing of the owner), an invited member on
an owner-only action (`member`), the stranger naming their own page in the path and the owner's ids in the body
(`crossed`)."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from tests.security.world import NOTHING, World

S = "/api/v1/secure"
PREFIX = {"facebook": "pages", "instagram": "pagesInsta"}


@dataclass(frozen=True)
class Refusal:
    status: int
    code: str | None = None
    message: str | None = None


PAGE_NOT_IN_TEAM = Refusal(403, "page_not_in_team", "You are not on this page's team")
AGENT_NOT_FOUND = Refusal(404, "agent_not_found", "Agent not found")
NO_AGENT_ON_POST = Refusal(404, "agent_not_found", "No agent answers this post")
LOG_NOT_FOUND = Refusal(404, "log_not_found", "This comment is not in the agent's messages")
PROFILE_NOT_FOUND = Refusal(404, "profile_not_found", "No profile for this commenter")
ACCOUNT_NOT_YOURS = Refusal(403, message="This account is not yours")
PAYMENT_NOT_FOUND = Refusal(404, message="No payment with this id")
ALERT_NOT_FOUND = Refusal(404, "alert_not_found", "Alert not found")
NOT_PAGE_ADMIN = Refusal(403, "not_page_admin", "Only page administrators can connect a page")
OWNER_ONLY = Refusal(403, "owner_only", "Only the page owner can do this")
TEAM_OWNER_ONLY = Refusal(403, "ownerOnly", "Only the owner of the page can manage its team")
INVITATION_NOT_FOUND = Refusal(404, "invitation_not_found", "No invitation with this id")
OWN_DATA = "answers only the caller's own data"
NOT_APPLICABLE = "names nothing of anyone else"


@dataclass(frozen=True)
class Row:
    method: str
    template: str  # as docs/endpoints.tsv writes it; for calls beyond the specification, as the OpenAPI document
    path: Callable[[World], str]
    body: Callable[[World], object] = lambda w: None
    stranger: Refusal | str = PAGE_NOT_IN_TEAM
    member: Refusal | None = None  # the refusal of an invited member: an owner-only action
    # The stranger's own page in the path, the owner's ids in the body: (path, body, refusal).
    crossed: Callable[[World], tuple[str, object, Refusal]] | None = None
    upload: bool = False

    @property
    def name(self) -> str:
        return f"{self.method} {self.template}"


def _page(w: World, platform: str) -> str:
    return w.page_id if platform == "facebook" else w.instagram_id


def _post(w: World) -> dict:
    return {"idPage": w.page_id, "name": w.owner.page.name, "typePage": "facebook", "idPost": w.owner.post_id,
            "picture": "https://cdn.example/robe.jpg", "message": "La robe", "status": "Published"}


def _answer(w: World, **fields) -> dict:
    return {"entity": w.product_name, "intent": "price", "specificAnswer": "45 DT", "genericAnswer": "Bonjour",
            **fields}


def _catalogue_rows(platform: str) -> list[Row]:
    """The catalogue calls under one network's prefix (contracts "Catalogue"): any member of the team."""
    prefix = f"{S}/{PREFIX[platform]}"
    spec = f"/api/v1/secure/{PREFIX[platform]}"
    on = (lambda name: lambda w: f"{prefix}/{name}/{_page(w, platform)}")
    crossing = platform == "facebook"  # the owner's Facebook catalogue, named from the stranger's Facebook page

    def crossed(name: str, body: Callable[[World], dict]):
        if not crossing:
            return None
        return lambda w: (f"{prefix}/{name}/{w.stranger.page_id}", body(w), Refusal(404))

    bodies = {
        "entities/add": lambda w: {"idPage": _page(w, platform), "entity": {"name": "Sacs", "values": [
            {"content": "Cabas", "synonyms": ["panier"]}]}},
        "nameentiteupdate": lambda w: {"id": w.category_id, "name": "Robes longues"},
        "entiteremove": lambda w: {"id": w.category_id},
        "valuesadd": lambda w: {"id": w.category_id, "entity": {"content": "Robe verte", "synonyms": []}},
        "contentupdate": lambda w: {"id": w.category_id, "idChildren": w.product_id, "productName": w.product_name,
                                    "name": "Robe longue"},
        "contentremove": lambda w: {"id": w.category_id, "idChildren": w.product_id},
        "synonymssupdate": lambda w: {"idEntity": w.category_id, "idChildren": w.product_id, "synonyms": ["rb"]},
        "removesyn": lambda w: {"id": w.category_id, "index": 0, "synonym": w.synonym},
    }
    rows = [Row("POST" if name == "entities/add" else "PUT", f"{spec}/{name}/{{pageId}}", on(name), body,
                crossed=None if name == "entities/add" else crossed(name, body))
            for name, body in bodies.items()]
    rows += [
        Row("GET", f"{spec}/catalogue/export/{{pageId}}", on("catalogue/export")),
        Row("POST", f"{spec}/catalogue/import/{{pageId}}", on("catalogue/import"),
            lambda w: {"file": (io.BytesIO(b"Sacs,Cabas,panier\n"), "catalogue.csv")}, upload=True),
    ]
    return rows


def _page_rows(platform: str) -> list[Row]:
    """The page calls under one network's prefix (spec 000 §7); disconnect, delete and make owner are the owner's."""
    prefix = f"/api/v1/secure/{PREFIX[platform]}"
    page = lambda w: {"id": _page(w, platform)}  # noqa: E731
    return [
        Row("GET", f"{prefix}/get/all/", lambda w: f"{prefix}/get/all/", stranger=OWN_DATA),
        Row("POST", f"{prefix}/connect/", lambda w: f"{prefix}/connect/", page, stranger=NOT_PAGE_ADMIN),
        Row("POST", f"{prefix}/disconnect/disconnect", lambda w: f"{prefix}/disconnect/disconnect", page,
            member=OWNER_ONLY),
        Row("POST", f"{prefix}/disconnect/delete", lambda w: f"{prefix}/disconnect/delete", page,
            member=OWNER_ONLY),
        Row("POST", f"{prefix}/disconnect/owner", lambda w: f"{prefix}/disconnect/owner",
            lambda w: {"id": _page(w, platform), "idFacebook": w.member.facebook_id},
            member=OWNER_ONLY),
    ]


def _wizard_rows() -> list[Row]:
    """The wizard's changes of one agent (contracts "Agents and wizard"): another team's agent is a missing one."""
    changes = {
        "generiqueadd/{projectId}": lambda w: {"intent": "availability", "genericAnswer": "Disponible",
                                               "buttons": []},
        "generiqueupdate/{projectId}": lambda w: {"intent": "price", "genericAnswer": "45 DT", "buttons": []},
        "intents/remove/{projectId}": lambda w: {"intent": "price"},
        "{projectId}/remove/entity": lambda w: {"intent": "price", "answer": w.product_answer_id},
        "firstupdate/{projectId}": lambda w: _answer(w),
        "update/{projectId}": lambda w: _answer(w, entity="Robe orange", categorie="Robes"),
        "entitiesupdate/{projectId}": lambda w: _answer(w),
    }
    return [Row("PUT", f"/api/v1/secure/project/{change}",
                (lambda change: lambda w: f"{S}/project/{change.format(projectId=w.generic_agent_id)}")(change),
                body, stranger=AGENT_NOT_FOUND) for change, body in changes.items()]


ROWS: list[Row] = [
    *_page_rows("facebook"), *_page_rows("instagram"),
    Row("GET", "/api/v1/secure/pages/test/get/all/", lambda w: f"{S}/pages/test/get/all/", stranger=OWN_DATA),
    Row("GET", "/api/v1/secure/pages/test/connect/get/all/", lambda w: f"{S}/pages/test/connect/get/all/",
        stranger=OWN_DATA),
    Row("PUT", "/api/v1/secure/pages/preference/{idPage}/{platform}",
        lambda w: f"{S}/pages/preference/{w.page_id}/facebook",
        lambda w: {"spam": True, "likesComment": True, "hideComment": True,
                   "respReplies": {"statut": "Exactly", "time": [5000]}},
        member=OWNER_ONLY),
    Row("PUT", "/api/v1/secure/pages/publicreply/{idPage}/{platform}",
        lambda w: f"{S}/pages/publicreply/{w.page_id}/facebook", lambda w: {"statut": True, "message": "Merci !"},
        member=OWNER_ONLY),
    # Team (spec 000 §6): only the owner invites, adds and removes; any member lists.
    Row("GET", "/api/v1/secure/membership/get/{pageId}/{platform}/{memberName}",
        lambda w: f"{S}/membership/get/{w.page_id}/facebook/Karim", member=TEAM_OWNER_ONLY),
    Row("POST", "/api/v1/secure/membership/addExistingMember/{pageId}/{platform}",
        lambda w: f"{S}/membership/addExistingMember/{w.page_id}/facebook",
        lambda w: {"idFacebook": w.stranger.user.facebook_id}, member=TEAM_OWNER_ONLY,
        crossed=lambda w: (f"{S}/membership/addExistingMember/{w.stranger.page_id}/facebook",
                           {"idFacebook": w.member.facebook_id}, Refusal(422, "invitFailed"))),
    Row("POST", "/api/v1/secure/membership/deleteMember/{role}",
        lambda w: f"{S}/membership/deleteMember/invited_member",
        lambda w: {"idFacebook": w.member.facebook_id, "idPage": w.page_id, "typePage": "facebook"},
        member=TEAM_OWNER_ONLY),
    Row("POST", "/api/v1/secure/membership/sendMail/{pageId}/{platform}",
        lambda w: f"{S}/membership/sendMail/{w.page_id}/facebook",
        lambda w: {"email": "karim@example.com", "nameUser": "Karim", "token": w.invitation_token},
        member=TEAM_OWNER_ONLY,
        crossed=lambda w: (f"{S}/membership/sendMail/{w.stranger.page_id}/facebook",
                           {"email": "karim@example.com", "nameUser": "Karim", "token": w.invitation_token},
                           Refusal(422, "invitationNotValid"))),
    Row("GET", "/api/v1/secure/membership/listUser/{pageId}/{platform}",
        lambda w: f"{S}/membership/listUser/{w.page_id}/facebook"),
    # The team's administration beyond the specification (issue 42): the owner's only.
    Row("PUT", "/api/v1/secure/membership/role/{pageId}/{platform}",
        lambda w: f"{S}/membership/role/{w.page_id}/facebook",
        lambda w: {"idFacebook": w.member.facebook_id, "role": "invited_admin"}, member=TEAM_OWNER_ONLY,
        crossed=lambda w: (f"{S}/membership/role/{w.stranger.page_id}/facebook",
                           {"idFacebook": w.member.facebook_id, "role": "invited_admin"},
                           Refusal(404, "memberNotFound"))),
    Row("GET", "/api/v1/secure/membership/invitations/{pageId}/{platform}",
        lambda w: f"{S}/membership/invitations/{w.page_id}/facebook", member=TEAM_OWNER_ONLY),
    Row("POST", "/api/v1/secure/membership/invitations/resend/{invitationId}",
        lambda w: f"{S}/membership/invitations/resend/{w.invitation_id}", stranger=INVITATION_NOT_FOUND,
        member=TEAM_OWNER_ONLY),
    Row("DELETE", "/api/v1/secure/membership/invitations/revoke/{invitationId}",
        lambda w: f"{S}/membership/invitations/revoke/{w.invitation_id}", stranger=INVITATION_NOT_FOUND,
        member=TEAM_OWNER_ONLY),
    # Dashboard, agents, agent messages (spec 001 §7).
    Row("GET", "/api/v1/secure/logEvent/dashbord/intent/{pageId}/{platform}/{period}",
        lambda w: f"{S}/logEvent/dashbord/intent/{w.page_id}/facebook/all"),
    Row("GET", "/api/v1/secure/logEvent/dashbord/post/{pageId}/{accessToken}/{platform}/{period}",
        lambda w: f"{S}/logEvent/dashbord/post/{w.page_id}/token/facebook/all"),
    Row("GET", "/api/v1/secure/pages/get/project/{pageId}", lambda w: f"{S}/pages/get/project/{w.page_id}"),
    Row("GET", "/api/v1/secure/project/get/project/{id}", lambda w: f"{S}/project/get/project/{w.post_agent_id}",
        stranger=AGENT_NOT_FOUND),
    Row("POST", "/api/v1/secure/project/add", lambda w: f"{S}/project/add", lambda w: {"post": _post(w)}),
    Row("PUT", "/api/v1/secure/project/remove/project", lambda w: f"{S}/project/remove/project",
        lambda w: {"_id": w.post_agent_id}, stranger=AGENT_NOT_FOUND),
    Row("PUT", "/api/v1/secure/project/agent/live/{projectId}",
        lambda w: f"{S}/project/agent/live/{w.generic_agent_id}", lambda w: {"live": False},
        stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/project/get/activeproject/{pageId}",
        lambda w: f"{S}/project/get/activeproject/{w.page_id}"),
    Row("GET", "/api/v1/secure/logEvent/post/{postId}/all", lambda w: f"{S}/logEvent/post/{w.page_id}/all",
        stranger=NO_AGENT_ON_POST),
    Row("POST", "/api/v1/secure/logEvent/answer/comment/{platform}", lambda w: f"{S}/logEvent/answer/comment/facebook",
        lambda w: {"logs": w.log_id, "answer": "Bonjour, elle est à 45 DT."}, stranger=LOG_NOT_FOUND),
    Row("GET", "/api/v1/secure/profile/subscriber/{publisherId}",
        lambda w: f"{S}/profile/subscriber/{w.fan_id}", stranger=PROFILE_NOT_FOUND),
    Row("GET", "/api/v1/secure/post/get/{pageId}/{platform}/all", lambda w: f"{S}/post/get/{w.page_id}/facebook/all"),
    *_wizard_rows(),
    Row("POST", "/api/v1/secure/logEvent/test/wizard", lambda w: f"{S}/logEvent/test/wizard",
        lambda w: {"message": {"text": "prix de la robe ?"}, "idPost": w.page_id}, stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/project/get/entitiesproject/{platform}/{pageId}",
        lambda w: f"{S}/project/get/entitiesproject/facebook/{w.page_id}"),
    *_catalogue_rows("facebook"), *_catalogue_rows("instagram"),
    # Billing (contracts "Billing"): the path's network id is only compared with the caller's.
    Row("GET", "/api/v1/secure/profile/paymentHistory/{token}",
        lambda w: f"{S}/profile/paymentHistory/{w.owner.user.facebook_id}", stranger=ACCOUNT_NOT_YOURS),
    Row("GET", "/api/v1/secure/profile/billing/{token}", lambda w: f"{S}/profile/billing/{w.owner.user.facebook_id}",
        stranger=ACCOUNT_NOT_YOURS),
    Row("POST", "/api/v1/secure/profile/addNewTransaction/{id}",
        lambda w: f"{S}/profile/addNewTransaction/{w.owner.user.facebook_id}",
        lambda w: {"name": "Agencies", "delai": 6, "user_name": "Olfa", "last_name": "Test",
                   "email": "olfa@example.com", "adresse": "Tunis"}, stranger=ACCOUNT_NOT_YOURS),
    Row("GET", "/api/v1/secure/profile/invoice/{order_id}", lambda w: f"{S}/profile/invoice/{w.order_id}",
        stranger=PAYMENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/profile/invoice/{order_id}/pdf", lambda w: f"{S}/profile/invoice/{w.order_id}/pdf",
        stranger=PAYMENT_NOT_FOUND),
    # Outside the secure prefix, yet signed in.
    Row("POST", "/api/v1/auth/logout", lambda w: "/api/v1/auth/logout", stranger=NOT_APPLICABLE),
    Row("POST", "/trainagentpag", lambda w: "/trainagentpag", lambda w: {"idProject": w.generic_agent_id},
        stranger=AGENT_NOT_FOUND),
    Row("POST", "/trainagentpos", lambda w: "/trainagentpos", lambda w: {"idProject": w.post_agent_id},
        stranger=AGENT_NOT_FOUND),
    Row("POST", "/payment-success", lambda w: "/payment-success", stranger=OWN_DATA),
    Row("POST", "/api/v1/secure/agents/{agentId}/replays", lambda w: f"{S}/agents/{w.post_agent_id}/replays",
        stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/agents/{agentId}/replays/latest",
        lambda w: f"{S}/agents/{w.post_agent_id}/replays/latest", stranger=AGENT_NOT_FOUND),
    Row("POST", "/api/v1/secure/agents/{agentId}/replays/{replayId}/cancel",
        lambda w: f"{S}/agents/{w.post_agent_id}/replays/1/cancel", stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/agents/{agentId}/replays/{replayId}/comments",
        lambda w: f"{S}/agents/{w.post_agent_id}/replays/1/comments", stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/agents/{agentId}/proposals", lambda w: f"{S}/agents/{w.post_agent_id}/proposals",
        stranger=AGENT_NOT_FOUND),
    Row("POST", "/api/v1/secure/agents/{agentId}/proposals/{proposalId}/accept",
        lambda w: f"{S}/agents/{w.post_agent_id}/proposals/1/accept", stranger=AGENT_NOT_FOUND),
    Row("POST", "/api/v1/secure/agents/{agentId}/proposals/{proposalId}/reject",
        lambda w: f"{S}/agents/{w.post_agent_id}/proposals/1/reject", stranger=AGENT_NOT_FOUND),
    Row("GET", "/api/v1/secure/home/summary/{pageId}/{platform}", lambda w: f"{S}/home/summary/{w.page_id}/facebook"),
    Row("GET", "/api/v1/secure/alerts/get/{pageId}/{platform}", lambda w: f"{S}/alerts/get/{w.page_id}/facebook"),
    Row("GET", "/api/v1/secure/alerts/unread/{pageId}/{platform}",
        lambda w: f"{S}/alerts/unread/{w.page_id}/facebook"),
    Row("PUT", "/api/v1/secure/alerts/readAll/{pageId}/{platform}",
        lambda w: f"{S}/alerts/readAll/{w.page_id}/facebook"),
    # The world raises no alert: another team's alert answers as this missing one (tests/api/test_alerts.py).
    Row("PUT", "/api/v1/secure/alerts/read/{alertId}", lambda w: f"{S}/alerts/read/{NOTHING}",
        stranger=ALERT_NOT_FOUND),
]


REFUSED_ROWS = [row for row in ROWS if isinstance(row.stranger, Refusal)]
