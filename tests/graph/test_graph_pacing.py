"""A page's calls paced by the usage Meta reports (app/graph/pacing.py), against the sandbox over HTTP with the
pacing state in the test Redis: spaced from 75 %, further apart from 90 %, none at all until Meta's regain time
at 100 % or after a rate-limit answer (a `Paced` error, and nothing reaches the sandbox). The spacing is read from
the times the sandbox recorded each call at."""
import uuid

import pytest

from app.graph import GraphClient, RateLimited
from app.graph.errors import Paced
from app.services.graph_pacing import RedisPacer
from tests.conftest import TEST_REDIS_URL

SPACING, WAITING = 0.3, 0.8


@pytest.fixture
def pacer():
    pacer = RedisPacer(TEST_REDIS_URL, f"pacing-test-{uuid.uuid4().hex}:", SPACING, WAITING)
    yield pacer
    pacer.forget()


@pytest.fixture
def paced(sandbox, pacer):
    client = GraphClient(sandbox.url, "v23.0", sandbox.app_id, sandbox.app_secret, timeout=5.0, pacer=pacer)
    yield client
    client.transport.close()


def read(client, world):
    return client.page(world.page["id"], world.page_token, "name")


def turn_ahead(pacer, client):
    """Seconds before the bound page's next call may go, looked at without taking that turn."""
    return pacer.turn(client.scope.keys(), None)


def since_first(sandbox, page_id):
    """Seconds from the page's first call's arrival at the sandbox to each later one's."""
    first, *later = [call["at"] for call in sandbox.admin.calls() if call["page_id"] == page_id]
    return [round(time - first, 2) for time in later]


@pytest.mark.parametrize(("percent", "gap"), [(80, SPACING), (92, WAITING)])
def test_a_page_near_its_limit_has_its_calls_spaced(sandbox, paced, world, percent, gap):
    sandbox.admin.fault("usage", scope=world.page["id"], percent=percent)
    page = paced.for_page(world.page["id"])

    names = [read(page, world)["name"] for _ in range(4)]

    assert names == ["Boutique Amira"] * 4  # slowed down, never refused
    # Measured where Meta would see them, at the sandbox. The turns are given a gap apart from the first call's
    # answer, so the n-th call after it arrives n gaps later at the earliest; a call that a busy machine sends late
    # only arrives later still (and may shorten the gap to the next one, which is why gaps are not compared alone).
    arrivals = since_first(sandbox, world.page["id"])
    assert len(arrivals) == 3 and all(arrival >= place * gap * 0.9 for place, arrival in enumerate(arrivals, 1)), \
        arrivals


def test_under_75_percent_and_for_other_pages_nothing_waits(sandbox, pacer, paced, world):
    other = sandbox.admin.page("Autre boutique", [world.user["id"]])
    sandbox.admin.fault("usage", scope=world.page["id"], percent=92)
    near, far = paced.for_page(world.page["id"]), paced.for_page(other["id"])

    read(near, world)
    far.page(other["id"], other["access_token"], "name")

    assert turn_ahead(pacer, near) > 0
    assert turn_ahead(pacer, far) == 0


def test_a_turn_taken_ahead_is_the_next_calls_own(sandbox, pacer, paced, world):
    sandbox.admin.fault("usage", scope=world.page["id"], percent=92)
    page = paced.for_page(world.page["id"])
    read(page, world)

    assert page.take_turn(0.1) > 0.1  # too far: nothing taken
    waited = page.take_turn(2.0)
    read(page, world)  # waits for the turn taken, without taking another

    assert 0 < waited <= WAITING
    assert 0 < turn_ahead(pacer, page) <= WAITING  # the next turn is one gap after the taken one
    arrivals = since_first(sandbox, world.page["id"])
    assert len(arrivals) == 1 and arrivals[0] >= WAITING * 0.9, arrivals


def test_at_100_percent_the_page_waits_for_metas_regain_time_without_calling(sandbox, paced, world):
    sandbox.admin.fault("usage", scope=world.page["id"], percent=100, regain_minutes=2, count=1)
    page = paced.for_page(world.page["id"])
    with pytest.raises(RateLimited) as refused:
        read(page, world)
    assert refused.value.code == 80001 and refused.value.retry_after == 120
    calls = len(sandbox.admin.calls())

    with pytest.raises(Paced) as held:
        read(page, world)

    assert 100 < held.value.retry_after <= 120
    assert len(sandbox.admin.calls()) == calls  # Meta is not called while it said to wait


def test_a_rate_limit_answer_pauses_the_page_for_the_wait_it_announced(sandbox, paced, world):
    sandbox.admin.fault("rate_limit", scope=world.page["id"], code=613, count=1, regain_minutes=1)
    page = paced.for_page(world.page["id"])
    with pytest.raises(RateLimited):
        read(page, world)

    with pytest.raises(Paced) as held:
        read(page, world)

    assert 50 < held.value.retry_after <= 60
    assert paced.page(world.page["id"], world.page_token, "name")["name"] == "Boutique Amira"  # unbound: not paced


def test_an_instagram_accounts_calls_count_against_its_linked_page(sandbox, pacer, paced, world):
    sandbox.admin.fault("usage", scope=world.page["id"], percent=92)
    account = paced.for_page(world.page["id"], world.instagram["id"])

    account.instagram_account(world.instagram["id"], world.page_token, "username")

    assert turn_ahead(pacer, account) > 0
    assert turn_ahead(pacer, paced.for_page(world.page["id"])) > 0


def test_without_redis_calls_go_unpaced(sandbox, world):
    unreachable = RedisPacer("redis://127.0.0.1:1/0", "nowhere:", SPACING, WAITING)
    client = GraphClient(sandbox.url, "v23.0", sandbox.app_id, sandbox.app_secret, timeout=5.0, pacer=unreachable)
    sandbox.admin.fault("usage", scope=world.page["id"], percent=100, count=1)
    page = client.for_page(world.page["id"])

    with pytest.raises(RateLimited):
        read(page, world)  # Meta's own refusal: nothing of the product's stood in the way

    assert read(page, world)["name"] == "Boutique Amira"
    client.transport.close()
