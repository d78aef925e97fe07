"""Replay before going live: the agent, as configured now, over its post's past comments read from the sandbox's
Graph API, in the suite's real Celery worker. It decides like the pipeline and sends nothing."""
from collections import Counter

from sqlalchemy import func, select

from app.database import session
from app.models import CommentLog, PlannedAction
from tests.api.agents_support import DELIVERY_ANSWER, add_intent, agent_with_intent, team
from tests.api.pages_support import SECURE
from tests.api.replay_support import MIX, ended, latest_when, replays_of, shop_with_history, start


def _effects_on(sandbox, page_id: str) -> list[dict]:
    return [effect for effect in sandbox.admin.effects() if effect["page_id"] == page_id]


def test_counts_groups_samples_and_nothing_sent(client, sandbox, signed_in, celery_worker):
    owner, agent_id = shop_with_history(client, sandbox, signed_in)

    started = start(client, owner.headers, agent_id)
    replay = ended(client, owner.headers, agent_id)

    assert started["state"] == "running" and replay["id"] == started["id"]
    assert replay["state"] == "done" and replay["error"] is None
    assert replay["progress"]["commentsRead"] == len(MIX) + 1
    summary = replay["summary"]
    expected_reasons = Counter(outcome for outcome in MIX.values() if outcome != "answered")
    expected_reasons["own_comment"] = 1
    assert summary["answered"] == 3 and summary["byIntent"] == {"price": 3}
    assert summary["byProduct"] == {"Robe rouge": 1}
    assert summary["hidden"] == 2
    assert summary["byReason"] == dict(expected_reasons)
    assert summary["unanswered"] == sum(expected_reasons.values())
    answered = {item["message"]: item for item in replay["samples"]["answered"]}
    assert answered["Prix svp"]["reply"] == {
        "text": f"Bonjour Salma, la robe est à 45 DT chez {owner.page.name}.",
        "buttons": [{"type": "web_url", "url": "https://shop.example/robe", "title": "Voir la robe",
                     "webview_height_ratio": "tall"}]}
    assert answered["combien la robe rouge ?"]["reply"]["text"] == "La robe rouge: 59 DT."
    assert answered["combien la robe rouge ?"]["product"] == "Robe rouge"
    assert {item["message"] for item in replay["samples"]["hidden"]} == {
        "regardez https://promo.example/offre", "Service nul, très déçue, arnaque !"}
    lacking = replay["samples"]["unanswered"]["intent_not_in_agent"]
    assert [(item["message"], item["missingIntent"], item["bestIntent"]["intent"]) for item in lacking] == [
        ("Vous livrez à Sfax ?", "delivery", "delivery")]
    assert replay["changes"] is None  # the first replay compares with nothing

    # Dry run: the network saw no message, like, hide or reply, and no log or action was recorded.
    assert _effects_on(sandbox, owner.page_id) == []
    session.expire_all()
    assert session.scalar(select(func.count()).select_from(CommentLog)) == 0
    assert session.scalar(select(func.count()).select_from(PlannedAction)) == 0

    page = client.get(f"{replays_of(agent_id)}/{replay['id']}/comments?group=unanswered&perPage=2&page=2",
                      headers=owner.headers)
    assert page.status_code == 200
    assert page.get_json()["total"] == summary["unanswered"] and len(page.get_json()["items"]) == 2


def test_a_second_replay_after_an_edit_shows_what_changed(client, sandbox, signed_in, celery_worker):
    owner, agent_id = shop_with_history(client, sandbox, signed_in, comments=[
        "Prix svp", "Vous livrez à Sfax ?", "Où se trouve votre boutique ?"])
    add_intent(client, owner.headers, agent_id, "delivery", DELIVERY_ANSWER)
    start(client, owner.headers, agent_id)
    first = ended(client, owner.headers, agent_id)

    # The edit: Price says something else, Delivery goes, Location comes.
    changed = client.put(f"{SECURE}/project/generiqueupdate/{agent_id}", headers=owner.headers,
                         json={"intent": "Price", "genericAnswer": "Nouveau prix: 39 DT.", "buttons": []})
    removed = client.put(f"{SECURE}/project/intents/remove/{agent_id}", headers=owner.headers,
                         json={"intent": "delivery"})
    assert changed.status_code == 200 and removed.status_code == 200
    add_intent(client, owner.headers, agent_id, "location", "Rue de Marseille, Tunis.")
    start(client, owner.headers, agent_id)
    second = ended(client, owner.headers, agent_id)

    assert second["agentVersion"] > first["agentVersion"]
    changes = second["changes"]
    assert (changes["previousId"], changes["compared"]) == (first["id"], 4)
    assert (changes["new"], changes["lost"], changes["changed"]) == (1, 1, 1)
    samples = second["samples"]
    assert [(item["message"], item["reply"]["text"]) for item in samples["new"]] == [
        ("Où se trouve votre boutique ?", "Rue de Marseille, Tunis.")]
    assert [(item["message"], item["reply"], item["previous"]["reply"]) for item in samples["lost"]] == [
        ("Vous livrez à Sfax ?", None, DELIVERY_ANSWER)]
    assert [(item["message"], item["reply"]["text"], item["previous"]["intent"]) for item in samples["changed"]] == [
        ("Prix svp", "Nouveau prix: 39 DT.", "price")]
    lost = client.get(f"{replays_of(agent_id)}/{second['id']}/comments?group=lost", headers=owner.headers)
    assert [item["message"] for item in lost.get_json()["items"]] == ["Vous livrez à Sfax ?"]


def test_rate_limits_slow_it_down_and_it_completes(client, sandbox, signed_in, celery_worker):
    owner, agent_id = shop_with_history(client, sandbox, signed_in)
    sandbox.admin.fault("rate_limit", scope=owner.page_id, code=613, count=3)

    start(client, owner.headers, agent_id)
    replay = ended(client, owner.headers, agent_id)

    assert replay["state"] == "done"
    assert replay["progress"]["rateLimited"] == 3
    assert replay["summary"]["answered"] == 3 and replay["summary"]["hidden"] == 2


def test_one_at_a_time_and_cancel(client, sandbox, signed_in, celery_worker):
    owner, agent_id = shop_with_history(client, sandbox, signed_in)
    sandbox.admin.fault("rate_limit", scope=owner.page_id, code=32)  # until cleared: the replay keeps waiting
    try:
        running = start(client, owner.headers, agent_id)
        again = client.post(replays_of(agent_id), headers=owner.headers)
        assert again.status_code == 409 and again.get_json()["code"] == "replay_running"
        # Cancelled once it is seen slowed down (a cancel before its first read would end it before any limit).
        latest_when(client, owner.headers, agent_id, lambda replay: replay["progress"]["rateLimited"] >= 1,
                    "meet the rate limit")

        cancel = client.post(f"{replays_of(agent_id)}/{running['id']}/cancel", headers=owner.headers)
        assert cancel.status_code == 200 and cancel.get_json()["cancelRequested"] is True
        replay = ended(client, owner.headers, agent_id)
    finally:
        sandbox.admin.clear_faults()

    assert replay["state"] == "cancelled" and replay["progress"]["rateLimited"] >= 1
    assert start(client, owner.headers, agent_id)["state"] == "running"  # no longer blocked
    assert ended(client, owner.headers, agent_id)["state"] == "done"


def test_refusals(client, sandbox, signed_in):
    owner, agent_id = shop_with_history(client, sandbox, signed_in)
    _stranger, stranger_headers, _network_user = signed_in("Hedi")

    assert client.post(replays_of(agent_id)).status_code == 401
    assert client.post(replays_of(agent_id), headers=stranger_headers).status_code == 404
    assert client.get(f"{replays_of(agent_id)}/latest", headers=stranger_headers).status_code == 404
    assert client.get(f"{replays_of(agent_id)}/latest", headers=owner.headers).get_json() == {"replay": None}
    assert client.post(f"{replays_of(agent_id)}/99/cancel", headers=owner.headers).status_code == 404
    bad_group = client.get(f"{replays_of(agent_id)}/1/comments?group=all", headers=owner.headers)
    assert bad_group.status_code == 422 and "group" in str(bad_group.get_json())
    assert client.get(f"{replays_of(agent_id)}/1/comments?group=answered&perPage=1000",
                      headers=owner.headers).status_code == 422
    assert client.post(f"{SECURE}/agents/99999999999/replays", headers=owner.headers).status_code == 404


def test_an_instagram_accounts_media_comments(client, sandbox, signed_in, celery_worker):
    owner = team(client, sandbox, signed_in, platform="instagram")
    agent_id = agent_with_intent(client, owner)  # delivery
    sandbox.admin.past_comments(owner.post_id, [{"message": text, "from": {"id": "700002", "username": "salma.h"}}
                                                for text in ("Vous livrez à Sfax ?", "Magnifique, bravo !")])

    start(client, owner.headers, agent_id)
    replay = ended(client, owner.headers, agent_id)

    assert replay["state"] == "done" and replay["summary"]["byIntent"] == {"delivery": 1}
    assert replay["summary"]["byReason"] == {"asks_nothing": 1}
    assert [(item["author"], item["reply"]["text"]) for item in replay["samples"]["answered"]] == [
        ("salma.h", DELIVERY_ANSWER)]
    assert _effects_on(sandbox, owner.sandbox_page["id"]) == []
