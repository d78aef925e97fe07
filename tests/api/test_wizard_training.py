"""Training from the wizard (spec 001 §4 "Wizard": changes need an explicit update step): a change leaves the agent
untrained, /trainagentpos (/trainagentpag for a generic agent) has the real Celery worker build its matcher and mark
the version it built trained, and the next change makes a newer version that is untrained again."""
import time

from tests.api.agents_support import add_intent, agent_with_intent, fresh, team
from tests.api.pages_support import SECURE


def _trained(agent_id: int, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        agent = fresh(agent_id)
        if agent.trained:
            return agent
        time.sleep(0.2)
    raise AssertionError("the worker never marked the agent trained")


def test_train_change_and_train_again(client, sandbox, signed_in, celery_worker):
    owner = team(client, sandbox, signed_in)
    post_agent = agent_with_intent(client, owner)
    generic_agent = agent_with_intent(client, owner, id_post=owner.page_id)

    assert client.post("/trainagentpos", json={"intents": "Delivery", "entiti": "", "idProject": post_agent},
                       headers=owner.headers).status_code == 202
    assert client.post("/trainagentpag", json={"intents": "Delivery", "entiti": "", "idProject": generic_agent},
                       headers=owner.headers).status_code == 202
    first = _trained(post_agent)
    version, trained_at = first.version, first.trained_at  # the row object is reloaded by later reads
    assert first.trained_version == version and trained_at is not None
    assert _trained(generic_agent).trained_version == fresh(generic_agent).version
    listed = {agent["_id"]: agent for agent in client.get(f"{SECURE}/pages/get/project/{owner.page_id}",
                                                           headers=owner.headers).get_json()}
    assert listed[post_agent]["trained"] is True and listed[post_agent]["trainedVersion"] == version

    changed = add_intent(client, owner.headers, post_agent, "contact", "Appelez-nous au 71 000 000.")

    assert (changed["trained"], changed["version"], changed["trainedVersion"]) == \
        (False, version + 1, version)
    client.post("/trainagentpos", json={"idProject": post_agent}, headers=owner.headers)
    again = _trained(post_agent)
    assert again.trained_version == version + 1 and again.trained_at >= trained_at
