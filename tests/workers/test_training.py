"""Training an agent from the wizard's call: the job runs in a real worker and marks the agent trained."""
import time

from app.database import session
from app.models import Agent, AgentIntent, SocialPage, TeamMembership


def _page_with_agent(owner_id, generic=False):
    page = SocialPage(platform="facebook", external_id=f"77{owner_id}", name="Shop", owner_id=owner_id,
                      is_connected=True)
    session.add(page)
    session.flush()
    agent = Agent(page_id=page.id, target_id=page.external_id if generic else f"77{owner_id}_1", is_generic=generic,
                  intents=[AgentIntent(intent_name="price", generic_answer="45 DT")])
    session.add(agent)
    session.commit()
    return page, agent


def test_trainagentpos_trains_the_agent_in_a_worker(client, signed_in, celery_worker):
    user, headers, _ = signed_in()
    _page, agent = _page_with_agent(user.id)

    answer = client.post("/trainagentpos", json={"intents": "price", "entiti": "", "idProject": agent.id},
                         headers=headers)

    assert answer.status_code == 202 and answer.get_json()["status"] == "queued"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        session.expire_all()
        if session.get(Agent, agent.id).trained:
            break
        time.sleep(0.2)
    trained = session.get(Agent, agent.id)
    assert trained.trained and trained.trained_version == trained.version


def test_training_an_agent_of_another_team_answers_as_a_missing_agent(client, signed_in):
    owner, _headers, _ = signed_in("Owner", "A")
    _stranger, stranger_headers, _ = signed_in("Stranger", "B")
    _page, agent = _page_with_agent(owner.id, generic=True)

    answer = client.post("/trainagentpag", json={"idProject": agent.id}, headers=stranger_headers)

    assert answer.status_code == 404 and answer.get_json()["code"] == "agent_not_found"
    assert session.get(Agent, agent.id).trained is False


def test_team_member_may_train_and_kind_must_match(client, signed_in):
    owner, _h, _ = signed_in("Owner", "C")
    member, member_headers, _ = signed_in("Member", "D")
    page, agent = _page_with_agent(owner.id, generic=True)
    session.add(TeamMembership(page_id=page.id, user_id=member.id, role="invited_member"))
    session.commit()

    assert client.post("/trainagentpag", json={"idProject": agent.id}, headers=member_headers).status_code == 202
    wrong_kind = client.post("/trainagentpos", json={"idProject": agent.id}, headers=member_headers)
    assert wrong_kind.status_code == 422


def test_training_without_token_is_401(client):
    assert client.post("/trainagentpag", json={"idProject": 1}).status_code == 401
