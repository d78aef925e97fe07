"""One decision for a comment (app/services/pipeline/comment_decision.py): the same comments, fed to the live pipeline,
the replay and the wizard's chat simulator, are decided alike. The pipeline is the suite's real Celery worker draining
the inbox and acting on the sandbox; the replay reads the same comments from the sandbox's Graph API in that
worker; the simulator is the wizard's call. Anti-spam and hide-negative are on."""
import time

from sqlalchemy import update

from app.database import session
from app.graph import CommentChange
from app.models import SocialPage
from app.services.pipeline import inbox
from tests.api.replay_support import ended, replays_of, start
from tests.api.test_simulator import TEST, go_live, shop

OWN = "Merci à tous pour vos messages !"
# Each comment with what is done with it: (answered, hidden, reason).
EXPECTED = {
    "Prix svp": (True, False, None),
    "combien la robe rouge ?": (True, False, None),
    "c'est combien ? moins cher ici bit.ly/xYz12": (False, True, "link"),
    "regardez https://promo.example/offre": (False, True, "link"),
    "Service nul, très déçue, arnaque !": (False, True, "negative_hidden"),
    "Magnifique, bravo !": (False, False, "asks_nothing"),
    "Vous livrez à Sfax ?": (False, False, "intent_not_in_agent"),
    OWN: (False, False, "own_comment"),
}


def test_the_pipeline_the_replay_and_the_simulator_decide_each_comment_alike(client, sandbox, signed_in,
                                                                              celery_worker):
    owner, agent_id = shop(client, sandbox, signed_in)
    session.execute(update(SocialPage).where(SocialPage.id == owner.page.id).values(spam=True, hide_comment=True))
    session.commit()
    # The commenter has the tester's name, so the personalisation tags read the same in the simulator.
    fan = {"id": "7345098712340077", "name": f"{owner.user.first_name} {owner.user.last_name}"}
    authors = {text: {"id": owner.page_id, "name": owner.page.name} if text == OWN else fan for text in EXPECTED}
    ids = sandbox.admin.past_comments(owner.post_id, [{"message": text, "from": authors[text]}
                                                      for text in EXPECTED])["ids"]
    go_live(client, owner, agent_id)

    start(client, owner.headers, agent_id)
    replayed = _replayed(client, owner.headers, agent_id, ended(client, owner.headers, agent_id)["id"])
    inbox.store_changes([CommentChange("facebook", owner.page_id, comment_id, owner.post_id, None,
                                       authors[text]["id"], authors[text]["name"], text, int(time.time()), "add",
                                       "feed", None) for comment_id, text in zip(ids, EXPECTED)], "webhook")
    live = _decided_live(client, owner)
    shown = {text: client.post(TEST, json={"message": {"text": text}, "idPost": owner.post_id},
                               headers=owner.headers).get_json() for text in EXPECTED if text != OWN}

    assert {text: decision[:3] for text, decision in live.items()} == EXPECTED
    assert replayed == live
    for text, (answered, hidden, reason, intent, product, reply) in live.items():
        if reason in ("own_comment", "link"):
            continue  # the page writes no test message, and a test message is on no post: nothing hides it
        assert [(item["intent"], item["product"], item["response"]["text"]) for item in shown[text]] == \
            ([(intent, product, reply)] if answered else []), text
    assert live["combien la robe rouge ?"][3:] == ("price", "Robe rouge", "La robe rouge: 59 DT.")


def _replayed(client, headers, agent_id: int, replay_id: int) -> dict:
    """Each replayed comment's (answered, hidden, reason, intent, product, reply text), by its text."""
    decided = {}
    for group in ("answered", "unanswered"):
        answer = client.get(f"{replays_of(agent_id)}/{replay_id}/comments?group={group}&perPage=100", headers=headers)
        for item in answer.get_json()["items"]:
            reply = item["reply"]
            decided[item["message"]] = (item["answered"], item["hidden"], item["reason"],
                                        item["intent"] if reply else None, item["product"] if reply else None,
                                        reply and reply["text"])
    return decided


def _decided_live(client, owner, timeout: float = 60.0) -> dict:
    """The same facts as the agent messages screen shows them, once every comment is logged and its actions done."""
    deadline = time.monotonic() + timeout
    while True:
        body = client.get(f"/api/v1/secure/logEvent/post/{owner.post_id}/all", headers=owner.headers).get_json()
        logs = body["data"]
        done = len(logs) == len(EXPECTED) and all(action["state"] == "done" for entry in logs
                                                  for action in entry["why"]["actions"])
        if done or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert done, f"the pipeline did not decide and act on every comment in {timeout} s: {logs}"
    decided = {}
    for entry in logs:
        why = entry["why"]
        kinds = [action["kind"] for action in why["actions"]]
        reply = next((action["text"] for action in why["actions"] if action["kind"] == "private_reply"), None)
        decided[entry["message"]] = (why["answered"], "hide" in kinds, why["reason"],
                                     why["intent"] if why["answered"] else None,
                                     why["product"] if why["answered"] else None, reply)
    return decided
