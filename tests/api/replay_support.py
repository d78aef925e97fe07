"""What the replay tests share: a page with anti-spam and hide-negative on whose post already holds a known mix of
comments (written before the app subscribed, so no webhook answers them), and following a replay to its end."""
from __future__ import annotations

import time

from sqlalchemy import update

from app.database import session
from app.models import SocialPage
from tests.api.pages_support import SECURE
from tests.api.test_simulator import shop

FAN = {"id": "700001", "name": "Salma Haddad"}
# Each comment with what the agent (Price only, the red dress with its own answer) would do with it.
MIX = {
    "Prix svp": "answered",
    "c est combien ?": "answered",
    "combien la robe rouge ?": "answered",
    "regardez https://promo.example/offre": "link",
    "Service nul, très déçue, arnaque !": "negative_hidden",
    "Magnifique, bravo !": "asks_nothing",
    "Vous livrez à Sfax ?": "intent_not_in_agent",
}


def replays_of(agent_id: int) -> str:
    return f"{SECURE}/agents/{agent_id}/replays"


def shop_with_history(client, sandbox, signed_in, comments=MIX):
    """The chat simulator's shop (a post agent answering the price, the red dress apart) with anti-spam and
    hide-negative on, and the post's past comments; the page itself wrote one more."""
    owner, agent_id = shop(client, sandbox, signed_in)
    session.execute(update(SocialPage).where(SocialPage.id == owner.page.id).values(spam=True, hide_comment=True))
    session.commit()
    past = [{"message": text, "from": FAN} for text in comments]
    past.append({"message": "Merci à tous pour vos messages !", "from": {"id": owner.page_id, "name": "Boutique"}})
    sandbox.admin.past_comments(owner.post_id, past)
    return owner, agent_id


def ended(client, headers, agent_id: int, timeout: float = 60.0) -> dict:
    """The latest replay once it is no longer running."""
    return latest_when(client, headers, agent_id, lambda replay: replay["state"] != "running", "end", timeout)


def latest_when(client, headers, agent_id: int, condition, what: str, timeout: float = 60.0) -> dict:
    """The latest replay, read as the screen polls it, once `condition(replay)` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = client.get(f"{replays_of(agent_id)}/latest", headers=headers)
        assert answer.status_code == 200, answer.get_json()
        replay = answer.get_json()["replay"]
        if replay and condition(replay):
            return replay
        time.sleep(0.1)
    raise AssertionError(f"the replay of agent {agent_id} did not {what} in {timeout} s")


def start(client, headers, agent_id: int) -> dict:
    answer = client.post(replays_of(agent_id), headers=headers)
    assert answer.status_code == 202, answer.get_json()
    return answer.get_json()
