"""A page's catalogue, agents, comments and fans belong to the team that made them (docs/contracts.md "Pages across
teams"), over real HTTP on SQLite and PostgreSQL (gunicorn, tests/fixtures/live_web.py).

Two teams whose owners both administer one Facebook page: the first connects it, fills its catalogue and agent,
then disconnects; the second connects it. The second team starts empty, the first keeps its data and gets the page
back with it; the page's comments go to the team that has it connected, and each team sees only its own fans."""
from __future__ import annotations

import time

import requests
from sqlalchemy import select

from app.config import load_settings
from app.database import session
from app.models import InboxEvent, User
from tests.api.pages_support import give_plan
from tests.fixtures.sandbox import subscribe_webhooks
from tests.fixtures.worker_drain import drain_as_a_worker

SECURE = "/api/v1/secure"
SECRET = "Secret A product 42 DT"


class Owner:
    """A sandbox user signed in to the live web process, on a paid plan, calling it over HTTP."""

    def __init__(self, live, sandbox, first_name: str):
        self.live, self.network = live, sandbox.admin.user(first_name=first_name, last_name="Test")
        answer = requests.post(f"{live.url}/api/v1/auth/login/facebook",
                               json={"token": self.network["access_token"]}, timeout=10)
        assert answer.status_code == 200, answer.text
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        give_plan(session.scalars(select(User).where(User.facebook_id == self.network["id"])).one(), "Agencies")

    def call(self, method: str, path: str, body=None) -> requests.Response:
        return requests.request(method, f"{self.live.url}{SECURE}{path}", json=body, headers=self.headers,
                                timeout=30)

    def connect(self, page_id: str):
        return self.call("POST", "/pages/connect/", {"id": page_id}).json()

    def disconnect(self, page_id: str):
        return self.call("POST", "/pages/disconnect/disconnect", {"id": page_id}).json()

    def generic_agent(self, page: dict, answer: str) -> int:
        """A generic agent of the page (its post is the page itself) answering delivery questions with `answer`."""
        post = {"idPage": page["id"], "name": page["name"], "typePage": "facebook", "idPost": page["id"],
                "picture": "https://cdn.example/p.jpg", "message": "", "status": "Published"}
        added = self.call("POST", "/project/add", {"post": post})
        assert added.status_code == 200, added.text
        agent_id = added.json()
        changed = self.call("PUT", f"/project/generiqueadd/{agent_id}",
                            {"intent": "delivery", "genericAnswer": answer, "buttons": []})
        assert changed.status_code == 200, changed.text
        return agent_id

    def catalogue(self, page_id: str) -> list:
        answer = self.call("GET", f"/project/get/entitiesproject/facebook/{page_id}")
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]


def shared_page(sandbox, *owners: Owner) -> dict:
    return sandbox.admin.page(name="Maison Partagée", owner_ids=[owner.network["id"] for owner in owners])


def test_a_team_connecting_a_page_another_team_left_starts_empty_and_the_first_gets_its_data_back(live_db, sandbox):
    first, second = Owner(live_db, sandbox, "Olfa"), Owner(live_db, sandbox, "Sonia")
    page = shared_page(sandbox, first, second)
    assert first.connect(page["id"]) is True
    added = first.call("POST", f"/pages/entities/add/{page['id']}",
                       {"idPage": page["id"], "entity": {"name": "Secrets", "values": [
                           {"content": "Secret A product", "synonyms": ["secret a"]}]}})
    assert added.status_code == 200, added.text
    agent_id = first.generic_agent(page, SECRET)
    assert first.disconnect(page["id"]) is True

    assert second.connect(page["id"]) is True

    # The second team sees none of the first team's catalogue and agents, and the first keeps its agent.
    assert second.catalogue(page["id"]) == []
    assert second.call("GET", f"/pages/get/project/{page['id']}").json() == []
    theirs = second.call("GET", f"/project/get/project/{agent_id}")
    assert (theirs.status_code, theirs.json()["code"]) == (404, "agent_not_found")
    tried = second.call("POST", "/logEvent/test/wizard", {"message": {"text": "Vous livrez ?"}, "idPost": page["id"]})
    assert tried.status_code == 404 and SECRET not in tried.text
    assert first.call("GET", f"/project/get/project/{agent_id}").status_code == 200

    # The second team's own agent lives beside the first team's, on the same page.
    second_agent = second.generic_agent(page, "Livraison en 48 h.")
    assert second.disconnect(page["id"]) is True
    assert first.connect(page["id"]) is True

    mine = first.call("GET", f"/project/get/project/{agent_id}")
    assert mine.status_code == 200 and mine.json()["intents"][0]["genericAnswer"] == SECRET
    assert [category["name"] for category in first.catalogue(page["id"])] == ["Secrets"]
    assert [agent["_id"] for agent in first.call("GET", f"/pages/get/project/{page['id']}").json()] == [agent_id]
    assert second.call("GET", f"/project/get/project/{second_agent}").status_code == 200
    assert first.call("GET", f"/project/get/project/{second_agent}").status_code == 404


def test_comments_go_to_the_team_that_has_the_page_and_each_team_sees_only_its_fans(live_db, sandbox):
    first, second = Owner(live_db, sandbox, "Olfa"), Owner(live_db, sandbox, "Sonia")
    page = shared_page(sandbox, first, second)
    post = sandbox.admin.post("Nouvelle collection", page_id=page["id"])
    # The app-level subscription is registered once per installation (`python -m app register-webhooks`).
    settings = load_settings(dict(live_db.settings))  # what the live web process runs with
    subscribe_webhooks(settings, live_db.url)
    assert first.connect(page["id"]) is True
    first.generic_agent(page, SECRET)
    comment(settings, sandbox, post, {"id": "7345098712340001", "name": "Fan Of Olfa"}, "Vous livrez à Sousse ?")
    assert first.disconnect(page["id"]) is True
    assert second.connect(page["id"]) is True
    second.generic_agent(page, "Livraison en 48 h.")

    comment(settings, sandbox, post, {"id": "7345098712340002", "name": "Fan Of Sonia"}, "Vous livrez à Sfax ?")

    seen_by_second = second.call("GET", f"/logEvent/post/{page['id']}/all").json()["data"]
    seen_by_first = first.call("GET", f"/logEvent/post/{page['id']}/all").json()["data"]
    assert [log["message"] for log in seen_by_second] == ["Vous livrez à Sfax ?"]
    assert [log["message"] for log in seen_by_first] == ["Vous livrez à Sousse ?"]
    first_fan = second.call("GET", "/profile/subscriber/7345098712340001")
    nobody = second.call("GET", "/profile/subscriber/7345098712340999")
    assert (first_fan.status_code, first_fan.json()) == (nobody.status_code, nobody.json())
    assert first_fan.status_code == 404
    assert second.call("GET", "/profile/subscriber/7345098712340002").json()["data"][0]["name"] == "Fan Of Sonia"
    assert first.call("GET", "/profile/subscriber/7345098712340002").status_code == 404


def comment(settings: dict, sandbox, post: dict, author: dict, message: str) -> None:
    """A fan's comment at the sandbox, delivered to the live web process as Meta's webhook, then decided by the
    pipeline's own code in this process (as a worker would, on the same database)."""
    comment_id = sandbox.admin.comment(post["id"], message, author=author)["id"]
    deadline = time.monotonic() + 10
    while not session.scalars(select(InboxEvent.id).where(InboxEvent.comment_id == comment_id)).first():
        assert time.monotonic() < deadline, "the webhook never reached the inbox"
        time.sleep(0.1)
        session.rollback()
    drain_as_a_worker(settings)
