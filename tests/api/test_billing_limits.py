"""What a plan allows, as paying, refunds and expiry change it (spec 000 §6, spec 001 §8-§9): connecting pages on
the free offer, pages per plan, team seats, the owner transfer, monthly replies, and the agents' activation."""
from datetime import timedelta

import pytest
from sqlalchemy import select

from app.config import load_settings
from app.database import session
from app.models import Agent, SocialPage, Subscription, utcnow
from app.services.billing import expiry, limits
from tests.api.billing_support import NOTIFY, billing_app, buy, newer_notification  # noqa: F401
from tests.api.pages_support import SECURE, connect, connected_page, join_team


def pay(client, config, headers, network_id, plan="SME/Artisans", months=1, status="00") -> str:
    order_id = buy(client, headers, network_id, name=plan, delai=months).get_json()["data"]["idPack"]
    assert client.post(NOTIFY, data=newer_notification(config, order_id, status)).status_code == 200
    return order_id


def end_plan(user) -> None:
    """The user's paid plan ended an hour ago, and the daily pass has run."""
    for subscription in session.scalars(select(Subscription).where(Subscription.user_id == user.id)):
        subscription.expires_at = utcnow() - timedelta(hours=1)
    session.commit()
    expiry.expire(load_settings({"PENDING_ORDER_HOURS": "24"}))


@pytest.fixture
def trial_user(billing_app, signed_in):
    return signed_in()


def test_paying_lifts_the_free_offers_connect_refusal_up_to_the_plans_pages(client, sandbox, trial_user, billing_app):
    user, headers, network_user = trial_user
    pages = [sandbox.admin.page(name=f"Boutique {n}", owner_ids=[network_user["id"]]) for n in range(3)]
    assert connect(client, headers, "facebook", pages[0]["id"]).get_json() is False  # the free offer
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")
    answers = [connect(client, headers, "facebook", page["id"]).get_json() for page in pages]
    assert answers == [True, True, False]  # SME/Artisans: 2 pages


def test_a_refused_payment_leaves_the_free_offers_refusal(client, sandbox, trial_user, billing_app):
    _, headers, network_user = trial_user
    page = sandbox.admin.page(name="Boutique", owner_ids=[network_user["id"]])
    pay(client, billing_app.config, headers, network_user["id"], status="05")
    assert connect(client, headers, "facebook", page["id"]).get_json() is False


def test_a_refund_takes_the_connect_right_back(client, sandbox, trial_user, billing_app):
    _, headers, network_user = trial_user
    first, second = (sandbox.admin.page(name=f"Boutique {n}", owner_ids=[network_user["id"]]) for n in range(2))
    order_id = pay(client, billing_app.config, headers, network_user["id"])
    assert connect(client, headers, "facebook", first["id"]).get_json() is True
    client.post(NOTIFY, data=newer_notification(billing_app.config, order_id, "07"))
    assert connect(client, headers, "facebook", second["id"]).get_json() is False


def test_team_seats_follow_the_plan_bought(client, sandbox, trial_user, billing_app):
    user, headers, network_user = trial_user
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")  # 3 seats, the owner's included
    row, _ = connected_page(client, sandbox, headers, network_user)
    generate = f"{SECURE}/membership/get/{row.external_id}/facebook"
    answers = [client.get(f"{generate}/{name}", headers=headers).get_json() for name in ("Salma", "Karim", "Nour")]
    assert isinstance(answers[0], dict) and isinstance(answers[1], dict) and answers[2] is False
    end_plan(user)
    assert client.get(f"{generate}/Yassine", headers=headers).get_json() is False


def test_the_owner_transfer_needs_the_new_owners_plan(client, sandbox, trial_user, signed_in, billing_app):
    user, headers, network_user = trial_user
    pay(client, billing_app.config, headers, network_user["id"], "Agencies")
    heir, heir_headers, heir_network = signed_in(first_name="Karim")
    page = sandbox.admin.page(name="Boutique Amira", owner_ids=[network_user["id"], heir_network["id"]])
    assert connect(client, headers, "facebook", page["id"]).get_json() is True
    row = session.scalars(select(SocialPage).where(SocialPage.external_id == page["id"])).one()
    join_team(row, heir, "invited_admin")
    transfer = {"id": page["id"], "idFacebook": heir_network["id"]}
    assert client.post(f"{SECURE}/pages/disconnect/owner", json=transfer, headers=headers).get_json() is False
    pay(client, billing_app.config, heir_headers, heir_network["id"], "SME/Artisans")
    assert client.post(f"{SECURE}/pages/disconnect/owner", json=transfer, headers=headers).get_json() is True


def test_an_ended_plan_stops_the_automatic_replies(client, trial_user, billing_app):
    user, headers, network_user = trial_user
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")
    assert limits.take_replies(user.id, 2) == (2, None)
    session.commit()
    end_plan(user)
    assert limits.take_replies(user.id, 1) == (0, "plan_expired")


def test_the_monthly_replies_of_the_plan_bought_are_the_limit(client, trial_user, billing_app):
    user, headers, network_user = trial_user
    assert limits.take_replies(user.id, 101) == (100, "plan_limit")  # the Free Trial's 100
    session.rollback()
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")
    assert limits.take_replies(user.id, 3000) == (3000, None)
    assert limits.take_replies(user.id, 1) == (0, "plan_limit")


def test_agent_activation_refusals_and_their_messages(client, sandbox, trial_user, billing_app):
    user, headers, network_user = trial_user
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")  # 5 active agents
    row, _ = connected_page(client, sandbox, headers, network_user)
    for n in range(4):
        session.add(Agent(page_id=row.id, target_id=f"post-{n}", trained=True, live=True))
    session.add(Agent(page_id=row.id, target_id="draft", trained=False, live=False))
    session.commit()
    assert limits.live_agents(user.id) == 4 and limits.agent_activation_refusal(user) is None
    session.add(Agent(page_id=row.id, target_id="post-5", trained=True, live=True))
    session.commit()
    assert limits.agent_activation_refusal(user) == "plan_limit"
    end_plan(user)
    assert limits.agent_activation_refusal(user) == "plan_expired"
    assert limits.AGENT_LIMIT_MESSAGE == "You cannot activate the agent, you've reached the limit of your offer"
    assert limits.PLAN_EXPIRED_MESSAGE == ("You cannot activate the agent now, your offre is expired. "
                                           "Please pick up another pack")


def test_an_ended_plan_can_be_bought_again(client, trial_user, billing_app):
    user, headers, network_user = trial_user
    pay(client, billing_app.config, headers, network_user["id"], "SME/Artisans")
    assert buy(client, headers, network_user["id"], name="SME/Artisans").status_code == 422
    end_plan(user)
    assert buy(client, headers, network_user["id"], name="SME/Artisans").status_code == 200
