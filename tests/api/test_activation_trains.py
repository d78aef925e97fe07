"""The Draft trap gone (issue 42 §1): an agent set live is trained and live, whichever step of the wizard the owner
activated it from. "Activate now" on an agent never trained (the wizard's Test step reached from My agents' Edit,
without the configuration step's Next) trains it first and says so (`trained`), a fan's comment is answered, and
"Update now" after a change trains the new version; switching off trains nothing."""
import time

from app.graph import CommentChange
from app.services.pipeline import inbox
from tests.api.agents_support import DELIVERY_ANSWER, add_intent, agent_with_intent, fresh, team, wait_for
from tests.api.pages_support import SECURE


def live(client, owner, agent_id, **body) -> dict:
    answer = client.put(f"{SECURE}/project/agent/live/{agent_id}", json=body, headers=owner.headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def project(client, owner, agent_id) -> dict:
    return client.get(f"{SECURE}/project/get/project/{agent_id}", headers=owner.headers).get_json()


def test_activating_an_agent_never_trained_trains_it_and_fans_get_its_answer(client, sandbox, signed_in,
                                                                             celery_worker):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)  # saved in the wizard, never trained (no Next on step 2)
    assert project(client, owner, agent_id)["trained"] is False

    answer = live(client, owner, agent_id, live=True)

    assert answer == {"status": True, "msg": "Agent activated", "code": "done", "live": True, "pending": False,
                      "trained": True}
    shown = project(client, owner, agent_id)  # what My agents reads: Active, not Draft
    assert (shown["trained"], shown["live"], shown["trainedVersion"]) == (True, True, shown["version"])
    comment = sandbox.admin.comment(owner.post_id, "livraison à Sousse ?", author={"id": "7345098712340077",
                                                                                 "name": "Sami Fan"})
    inbox.store_changes([CommentChange("facebook", owner.page_id, comment["id"], owner.post_id, None,
                                       "7345098712340077", "Sami Fan", "livraison à Sousse ?", int(time.time()),
                                       "add", "feed", None)], "webhook")
    replies = wait_for(lambda: sandbox.admin.comment_effects(comment["id"])["private_replies"])
    assert [reply["text"] for reply in replies] == [DELIVERY_ANSWER]


def test_update_now_after_a_change_trains_the_new_version(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    assert live(client, owner, agent_id, live=True)["trained"] is True
    changed = add_intent(client, owner.headers, agent_id, "contact", "Appelez-nous au 71 000 000.")
    assert (changed["trained"], changed["live"]) == (False, True)

    answer = live(client, owner, agent_id, live=True, pending=False)  # the Test step's "Update now"

    assert (answer["status"], answer["msg"], answer["live"], answer["trained"]) == (True, "Agent updated", True, True)
    assert fresh(agent_id).trained_version == changed["version"]


def test_switching_off_or_a_refusal_never_claims_a_live_agent(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)

    off = live(client, owner, agent_id, live=False)

    assert (off["status"], off["live"], off["trained"]) == (True, False, False)
    assert fresh(agent_id).trained is False
    empty = agent_with_intent(client, owner, id_post=owner.page_id)
    client.put(f"{SECURE}/project/intents/remove/{empty}", json={"intent": "delivery"}, headers=owner.headers)
    refused = live(client, owner, empty, live=True)
    assert (refused["status"], refused["code"], refused["live"], refused["trained"]) == \
        (False, "no_intents", False, False)
