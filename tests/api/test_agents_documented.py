"""The agent and wizard calls' successful answers, in every one of their shapes, are the ones the OpenAPI document
declares (the fuzzer, test_openapi_fuzz.py, signs in as a user with no pages and mostly sees refusals)."""
from __future__ import annotations

import pytest
import schemathesis
from sqlalchemy import update

from app.database import session
from app.models import Category, Product, SocialPage
from tests.api.agents_support import PRICE_ANSWER, SITE_BUTTON, add_agent, team
from tests.api.pages_support import SECURE


@pytest.fixture
def documented(app):
    """check(response, method, path template, status): the answer has the status and the document's shape."""
    schema = schemathesis.openapi.from_dict(app.test_client().get("/api/openapi.json").get_json())

    def check(response, method: str, template: str, status: int = 200):
        assert response.status_code == status, response.get_json()
        schema[template][method].validate_response(response)
        return response.get_json()

    return check


def test_agent_and_wizard_answers_match_the_document(client, sandbox, signed_in, documented):
    owner = team(client, sandbox, signed_in)
    session.execute(update(SocialPage).where(SocialPage.id == owner.page.id).values(white_set=True))
    category = Category(page_id=owner.page.id, name="Robes")
    session.add(category)
    session.flush()
    session.add(Product(category_id=category.id, page_id=owner.page.id, content="Robe rouge"))
    session.commit()
    headers, project = owner.headers, f"{SECURE}/project"

    assert documented(client.get(f"{project}/get/activeproject/{owner.page_id}", headers=headers), "GET",
                      f"{project}/get/activeproject/{{pageId}}") == "project not found"
    agent_id = documented(client.post(f"{project}/add", json={"post": {
        "idPage": owner.page_id, "typePage": "facebook", "idPost": owner.post_id, "name": owner.page.name,
        "message": "Nouvelle collection", "picture": None, "status": None, "published": True}}, headers=headers),
        "POST", f"{project}/add")
    add_agent(client, owner, id_post=owner.page_id)
    change = f"{project}/generiqueadd/{{projectId}}"
    documented(client.put(change.format(projectId=agent_id), headers=headers, json={
        "intent": "Price", "genericAnswer": PRICE_ANSWER, "buttons": [SITE_BUTTON]}), "PUT", change)
    first = f"{project}/firstupdate/{{projectId}}"
    body = {"entity": "Robe rouge", "intent": "Price", "specificAnswer": "59 DT", "buttons": []}
    assert isinstance(documented(client.put(first.format(projectId=agent_id), json=body, headers=headers), "PUT",
                                 first), dict)
    assert documented(client.put(first.format(projectId=agent_id), json=body, headers=headers), "PUT",
                      first) == "exist"
    assert documented(client.put(first.format(projectId=agent_id), json={**body, "entity": "Jupe"},
                                 headers=headers), "PUT", first) == "not exist"
    documented(client.get(f"{project}/get/project/{agent_id}", headers=headers), "GET",
               f"{project}/get/project/{{id}}")
    documented(client.get(f"{SECURE}/pages/get/project/{owner.page_id}", headers=headers), "GET",
               f"{SECURE}/pages/get/project/{{pageId}}")
    documented(client.get(f"{project}/get/activeproject/{owner.page_id}", headers=headers), "GET",
               f"{project}/get/activeproject/{{pageId}}")
    documented(client.get(f"{SECURE}/post/get/{owner.page_id}/facebook/all", headers=headers), "GET",
               f"{SECURE}/post/get/{{pageId}}/{{platform}}/all")
    replies = documented(client.post(f"{SECURE}/logEvent/test/wizard", json={
        "message": {"text": "Prix svp"}, "idPost": owner.post_id}, headers=headers), "POST",
        f"{SECURE}/logEvent/test/wizard")
    assert len(replies) == 1
    live = f"{project}/agent/live/{{projectId}}"
    assert documented(client.put(live.format(projectId=agent_id), json={"live": True}, headers=headers), "PUT",
                      live)["status"] is True
    documented(client.get("/api/v1/intent/defaulintent/all"), "GET", "/api/v1/intent/defaulintent/all")
    documented(client.get("/api/v1/intent/generiqueintent/all"), "GET", "/api/v1/intent/generiqueintent/all")
    documented(client.put(f"{project}/remove/project", json={"project": {"_id": agent_id}}, headers=headers), "PUT",
               f"{project}/remove/project")
