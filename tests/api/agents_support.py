"""What the agent and wizard API tests share: a connected sandbox page with a post, an agent made through the API,
its intents added through the wizard's calls, and reading rows back fresh from the database."""
from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import func, select, update

from app.database import session
from app.models import Agent, AgentIntent, ProductAnswer, SocialPage
from tests.api.pages_support import SECURE, connected_page, paid_user

PRICE_ANSWER = "Bonjour ##FIRST_NAME##, la robe est à 45 DT chez ##PAGE_NAME##."
DELIVERY_ANSWER = "Livraison partout en 48 h."
SITE_BUTTON = {"type": "web_url", "url": "https://shop.example/robe", "title": "Voir la robe"}
PHONE_BUTTON = {"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}


@dataclass
class Team:
    """A signed-in owner (on a paid plan) of a connected page with one post."""
    user: object
    headers: dict
    network_user: dict
    page: SocialPage
    sandbox_page: dict
    post_id: str

    @property
    def page_id(self) -> str:
        return self.page.external_id


def team(client, sandbox, signed_in, first_name="Amira", plan="Agencies", platform="facebook",
         **page_fields) -> Team:
    user, headers, network_user = paid_user(signed_in, first_name, plan)
    row, sandbox_page = connected_page(client, sandbox, headers, network_user, name=f"Boutique {first_name}",
                                       platform=platform, **page_fields)
    owner = {"ig_user_id": row.external_id} if platform == "instagram" else {"page_id": row.external_id}
    post = sandbox.admin.post("Nouvelle collection: la robe rouge", **owner)
    return Team(user, headers, network_user, row, sandbox_page, post["id"])


def post_body(owner: Team, id_post: str | None = None, **fields) -> dict:
    return {"idPage": owner.page_id, "name": owner.page.name, "typePage": owner.page.platform,
            "idPost": id_post or owner.post_id, "picture": "https://cdn.example/robe.jpg",
            "message": "Nouvelle collection: la robe rouge", "status": "Published",
            "published": "2026-11-20T10:00:00+0000", **fields}


def add_agent(client, owner: Team, id_post: str | None = None, wrap: bool = True) -> int:
    body = post_body(owner, id_post)
    answer = client.post(f"{SECURE}/project/add", json={"post": body} if wrap else body, headers=owner.headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def add_intent(client, headers, agent_id: int, intent="Price", text=PRICE_ANSWER, buttons=None):
    answer = client.put(f"{SECURE}/project/generiqueadd/{agent_id}", headers=headers,
                        json={"intent": intent, "genericAnswer": text, "buttons": buttons or []})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def agent_with_intent(client, owner: Team, intent="delivery", text=DELIVERY_ANSWER, id_post=None) -> int:
    agent_id = add_agent(client, owner, id_post)
    add_intent(client, owner.headers, agent_id, intent, text)
    return agent_id


def trained(agent_id: int) -> None:
    """Marks the agent trained in the database, as a finished training leaves it, without a worker."""
    session.execute(update(Agent).where(Agent.id == agent_id).values(trained=True))
    session.commit()


def fresh(agent_id: int) -> Agent | None:
    session.expire_all()
    return session.get(Agent, agent_id)


def counts() -> tuple[int, int, int]:
    """Agents, intents and product answers in the database: a refused call changes none."""
    session.expire_all()
    return tuple(session.scalar(select(func.count()).select_from(model))
                 for model in (Agent, AgentIntent, ProductAnswer))


def snapshot(agent_id: int) -> dict:
    """Everything a wizard call may change on an agent, to show a refusal left it as it was."""
    agent = fresh(agent_id)
    return {"version": agent.version, "trained": agent.trained, "live": agent.live, "pending": agent.pending,
            "intents": [(intent.intent_name, intent.generic_answer, intent.buttons,
                         [(item.product_name, item.answer, item.buttons) for item in intent.product_answers])
                        for intent in agent.intents]}


def wait_for(predicate, timeout: float = 60.0):
    """The predicate's first truthy value, asked again every 0.2 s (a worker's training or a sent reply)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("not reached in time")
