"""Activating an agent (spec 001 §4 "Agent status", §8 "Limits"): on and off, the pending flag, and the page
owner's plan refusing with status false and the specification's messages; refusals change nothing."""
import threading
from datetime import timedelta

from sqlalchemy import update

from app.database import session
from app.models import Subscription, utcnow
from tests.api.agents_support import add_agent, agent_with_intent, fresh, team
from tests.api.pages_support import SECURE, give_plan, join_team
from tests.fixtures.services import at_once

LIMIT = "You cannot activate the agent, you've reached the limit of your offer"
EXPIRED = "You cannot activate the agent now, your offre is expired. Please pick up another pack"


def on_free_offer(owner):
    """The owner's page was connected on a paid plan; the Free Trial (one active agent) is now the current plan."""
    give_plan(owner.user, "Free Trial")
    return owner


def live(client, headers, agent_id, **body):
    return client.put(f"{SECURE}/project/agent/live/{agent_id}", json=body, headers=headers)


def test_an_agent_is_activated_deactivated_and_its_pending_flag_toggled(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)

    on = live(client, owner.headers, agent_id, live=True)
    assert on.status_code == 200
    assert on.get_json() == {"status": True, "msg": "Agent activated", "code": "done", "live": True,
                             "pending": False, "trained": True}
    pending = live(client, owner.headers, agent_id, live=True, pending=True)
    assert pending.get_json()["status"] is True and (fresh(agent_id).live, fresh(agent_id).pending) == (True, True)
    off = live(client, owner.headers, agent_id, live=False)
    assert off.get_json()["msg"] == "Agent deactivated" and fresh(agent_id).live is False


def test_the_free_offers_one_active_agent_is_its_limit_over_all_the_owners_pages(client, sandbox, signed_in):
    owner = on_free_offer(team(client, sandbox, signed_in))
    second_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id)["id"]
    first = agent_with_intent(client, owner)
    second = agent_with_intent(client, owner, id_post=second_post)
    assert live(client, owner.headers, first, live=True).get_json()["status"] is True

    refused = live(client, owner.headers, second, live=True)

    assert refused.status_code == 200
    assert refused.get_json() == {"status": False, "msg": LIMIT, "code": "agent_limit", "live": False,
                                  "pending": False, "trained": True}
    assert fresh(second).live is False
    # The active one may still be switched, and once off the other takes its place.
    assert live(client, owner.headers, first, live=True, pending=True).get_json()["status"] is True
    assert live(client, owner.headers, first, live=False).get_json()["status"] is True
    assert live(client, owner.headers, second, live=True).get_json()["status"] is True


def test_two_agents_activated_at_once_on_the_last_place_only_one_goes_live(client, sandbox, signed_in):
    owner = on_free_offer(team(client, sandbox, signed_in))
    second_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id)["id"]
    agent_ids = [agent_with_intent(client, owner), agent_with_intent(client, owner, id_post=second_post)]
    next_agent = iter(agent_ids)
    lock = threading.Lock()

    def activate_next():
        with lock:
            agent_id = next(next_agent)
        return live(client, owner.headers, agent_id, live=True).get_json()["status"]

    outcomes = at_once(activate_next)

    assert sorted(outcomes) == [False, True]
    assert sorted(fresh(agent_id).live for agent_id in agent_ids) == [False, True]


def test_a_members_activation_counts_against_the_owners_plan(client, sandbox, signed_in):
    owner = on_free_offer(team(client, sandbox, signed_in))
    member, member_headers, _ = signed_in("Member", "Admin")
    join_team(owner.page, member, "invited_admin")
    second_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.page_id)["id"]
    first = agent_with_intent(client, owner)
    second = agent_with_intent(client, owner, id_post=second_post)
    assert live(client, member_headers, first, live=True).get_json()["status"] is True

    # The member's own plan (a fresh Free Trial, nothing active) does not matter: the page is the owner's.
    assert live(client, member_headers, second, live=True).get_json()["msg"] == LIMIT


def test_an_expired_plan_refuses_activation_but_not_deactivation(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    assert live(client, owner.headers, agent_id, live=True).get_json()["status"] is True
    session.execute(update(Subscription).where(Subscription.user_id == owner.user.id)
                    .values(expires_at=utcnow() - timedelta(days=1)))
    session.commit()

    assert live(client, owner.headers, agent_id, live=False).get_json()["status"] is True
    refused = live(client, owner.headers, agent_id, live=True).get_json()
    assert (refused["status"], refused["msg"], refused["code"]) == (False, EXPIRED, "plan_expired")
    assert fresh(agent_id).live is False


def test_an_agent_without_intents_is_not_activated(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)

    refused = live(client, owner.headers, agent_id, live=True).get_json()

    assert (refused["status"], refused["code"], refused["msg"]) == \
        (False, "no_intents", "You have to add at least one intent !")
    assert fresh(agent_id).live is False


def test_bad_bodies_are_422_and_change_nothing(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    for body in ({}, {"live": "yes"}, {"live": 1}, {"live": True, "pending": "no"}, {"live": None}):
        answer = live(client, owner.headers, agent_id, **body)
        assert answer.status_code == 422, body
    assert (fresh(agent_id).live, fresh(agent_id).pending) == (False, False)


def test_another_teams_agent_and_unknown_agents_are_404(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")

    assert live(client, stranger_headers, agent_id, live=True).status_code == 404
    assert fresh(agent_id).live is False
    assert live(client, owner.headers, 2147483647, live=True).status_code == 404
    assert live(client, owner.headers, 0, live=True).status_code == 404
    assert client.put(f"{SECURE}/project/agent/live/{agent_id}", json={"live": True}).status_code == 401
