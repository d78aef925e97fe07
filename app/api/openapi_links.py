"""The OpenAPI document's links (OpenAPI 3 `links` on a 200 answer): which later calls take the id an earlier call
answered, for the main create, read, change and delete flows. A client reads from them how the calls chain, and the
stateful fuzzing (tests/api/test_openapi_fuzz.py) follows them to reach the calls behind a create.

They are added as each path is documented, by an apispec plugin, so the views keep only their own documentation.
"""
from __future__ import annotations

from apispec import BasePlugin

SECURE = "/api/v1/secure"
CATALOGUE_PREFIXES = ("pages", "pagesInsta")


def operation(path: str, method: str) -> str:
    """An operationRef: a JSON pointer to the operation in this document."""
    return "#/paths/" + path.replace("~", "~0").replace("/", "~1") + "/" + method


def link(path: str, method: str, parameters: dict | None = None, body: dict | None = None) -> dict:
    described = {"operationRef": operation(path, method)}
    if parameters:
        described["parameters"] = parameters
    if body is not None:
        described["requestBody"] = body
    return described


def _agent_links() -> dict:
    """A created agent (its id is the bare body) is read, given an intent, set live, trained and removed."""
    agent = "$response.body"
    on_agent = {"projectId": agent}
    return {
        "ReadAgent": link(f"{SECURE}/project/get/project/{{id}}", "get", {"id": agent}),
        "AddIntent": link(f"{SECURE}/project/generiqueadd/{{projectId}}", "put", on_agent),
        "UpdateIntent": link(f"{SECURE}/project/generiqueupdate/{{projectId}}", "put", on_agent),
        "RemoveIntent": link(f"{SECURE}/project/intents/remove/{{projectId}}", "put", on_agent),
        "SetLive": link(f"{SECURE}/project/agent/live/{{projectId}}", "put", on_agent),
        "Train": link("/trainagentpag", "post", body={"idProject": agent}),
        "RemoveAgent": link(f"{SECURE}/project/remove/project", "put", body={"_id": agent}),
    }


def _catalogue_links(prefix: str) -> dict:
    """After a category is added (the answer is the page's categories), its first category is renamed, given a
    product, or removed; its first product renamed, given a synonym, or removed. The page stays the request's."""
    page = {"pageId": "$request.path.pageId"}
    category, product = "$response.body#/data/0/_id", "$response.body#/data/0/children/0/_id"
    base = f"{SECURE}/{prefix}"
    return {
        "RenameCategory": link(f"{base}/nameentiteupdate/{{pageId}}", "put", page,
                               {"id": category, "name": "Renamed category"}),
        "AddProduct": link(f"{base}/valuesadd/{{pageId}}", "put", page,
                           {"id": category, "entity": {"content": "Added product", "synonyms": []}}),
        "RenameProduct": link(f"{base}/contentupdate/{{pageId}}", "put", page,
                              {"id": category, "idChildren": product, "name": "Renamed product"}),
        "AddSynonym": link(f"{base}/synonymssupdate/{{pageId}}", "put", page,
                           {"idEntity": category, "idChildren": product, "synonyms": ["added synonym"]}),
        "RemoveProduct": link(f"{base}/contentremove/{{pageId}}", "put", page,
                              {"id": category, "idChildren": product}),
        "RemoveCategory": link(f"{base}/entiteremove/{{pageId}}", "put", page, {"id": category}),
        "ListCategories": link(f"{SECURE}/project/get/entitiesproject/{{platform}}/{{pageId}}", "get",
                               {**page, "platform": "instagram" if prefix == "pagesInsta" else "facebook"}),
    }


def _team_links() -> dict:
    """A generated invitation is mailed; the team is listed."""
    page = {"pageId": "$request.path.pageId", "platform": "$request.path.platform"}
    return {
        "MailInvitation": link(f"{SECURE}/membership/sendMail/{{pageId}}/{{platform}}", "post", page,
                               {"token": "$response.body#/tokenPage", "email": "invited@example.com",
                                "nameUser": "$response.body#/memberName"}),
        "ListTeam": link(f"{SECURE}/membership/listUser/{{pageId}}/{{platform}}", "get", page),
    }


def _order_links() -> dict:
    """A recorded purchase is found in the payment history; its invoice exists once it is paid."""
    return {
        "ReadInvoice": link(f"{SECURE}/profile/invoice/{{order_id}}", "get",
                            {"order_id": "$response.body#/data/idPack"}),
        "PaymentHistory": link(f"{SECURE}/profile/paymentHistory/{{token}}", "get", {"token": "$request.path.id"}),
        "CurrentPlan": link(f"{SECURE}/profile/billing/{{token}}", "get", {"token": "$request.path.id"}),
    }


LINKS: dict[tuple[str, str], dict] = {
    (f"{SECURE}/project/add", "post"): _agent_links(),
    **{(f"{SECURE}/{prefix}/entities/add/{{pageId}}", "post"): _catalogue_links(prefix)
       for prefix in CATALOGUE_PREFIXES},
    (f"{SECURE}/membership/get/{{pageId}}/{{platform}}/{{memberName}}", "get"): _team_links(),
    (f"{SECURE}/profile/addNewTransaction/{{id}}", "post"): _order_links(),
}


class LinksPlugin(BasePlugin):
    """Adds LINKS to the 200 answer of their operations as the paths are documented."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        for method, described in (operations or {}).items():
            links = LINKS.get((path, method))
            if links:
                described.setdefault("responses", {}).setdefault("200", {})["links"] = links
