"""The agent messages calls (spec 001 §2 "Agent messages", §7 "Comments"): an agent's logs split into matched and
not matched, newest first, with their intents; polling for what changed with a cursor; the commenter's profile.
Only the page's team reads them; bad input is a 422."""
from datetime import timedelta

import requests
from sqlalchemy import update

from app.database import session
from app.models import Agent, CommentLog, SubscriberProfile
from app.services import agent_messages
from tests.api.agent_messages_support import FAN, LOGS, PROFILE, logs, shop
from tests.api.pages_support import join_team
from tests.workers.conftest import live_web  # noqa: F401 (a web server in a thread of its own, as production serves)

PRICE_REPLY = "Bonjour Nour, la Robe Jasmin est à 129 DT, du S au XL."


def test_an_agents_logs_split_matched_and_not_newest_first_with_their_intents(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    price = owner.comment("Combien la robe jasmin svp ?")
    praise = owner.comment("Bravo pour la collection 😍")
    delivery = owner.comment("Vous livrez à Sousse ?")

    answer = logs(client, owner.headers, owner.owner.page_id)

    assert answer.status_code == 200
    body = answer.get_json()
    assert [entry["_id"] for entry in body["data"]] == [price.id, praise.id, delivery.id]
    assert [entry["_id"] for entry in body["matched"]] == [delivery.id, price.id]
    assert [entry["_id"] for entry in body["notMatched"]] == [praise.id]
    assert (body["matchedIntents"], body["notMatchedIntents"], body["full"]) == (["delivery", "price"], [], True)
    matched = body["matched"][1]
    [intent] = matched["intent"]
    assert (intent["intent"], intent["resp"]) == ("price", PRICE_REPLY) and 0.45 <= intent["score"] <= 1
    assert [button["title"] for button in intent["buttons"]] == ["Voir la boutique"]
    assert (matched["success"], matched["treated"], matched["state"]) == (True, True, "treated")
    assert (matched["comment_id"], matched["message"]) == (price.comment_id, "Combien la robe jasmin svp ?")
    assert (matched["publisher"]["name"], matched["publisher"]["first_name"]) == ("Nour Haddad", "Nour")
    assert (matched["idPage"], matched["idPost"], matched["platform"], matched["project"]) == \
        (owner.owner.page_id, owner.owner.post_id, "facebook", owner.agent.id)
    assert body["notMatched"][0]["state"] == "untreated" and body["notMatched"][0]["manuelAnswer"] == []
    # What the screen says was sent is what the commenter received.
    [reply] = sandbox.admin.comment_effects(price.comment_id)["private_replies"]
    assert reply["text"] == PRICE_REPLY


def test_a_post_agent_reads_only_its_posts_comments(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    post_agent = Agent(page_id=owner.owner.page.id, target_id=owner.owner.post_id, trained=True, live=True,
                       intents=[])
    session.add(post_agent)
    session.commit()
    other_post = sandbox.admin.post("Soldes d'hiver", page_id=owner.owner.page_id)["id"]
    on_other_post = owner.comment("Vous livrez à Sousse ?", post_id=other_post)
    on_agents_post = owner.comment("Vous livrez à Sousse ?")

    post_logs = logs(client, owner.headers, owner.owner.post_id).get_json()
    page_logs = logs(client, owner.headers, owner.owner.page_id).get_json()

    # The post's own agent (live, without intents) took its post's comment; the generic agent the other post's.
    assert [entry["_id"] for entry in post_logs["data"]] == [on_agents_post.id]
    assert [entry["_id"] for entry in page_logs["data"]] == [on_other_post.id]


def test_polling_with_the_cursor_answers_only_new_and_changed_logs(app, client, sandbox, signed_in, monkeypatch):
    monkeypatch.setattr(agent_messages, "CURSOR_MARGIN", timedelta(0))  # no overlap: what is answered is exact
    owner = shop(app, client, sandbox, signed_in)
    old = owner.comment("Vous livrez à Sousse ?")
    praise = owner.comment("Bravo 😍")
    first = logs(client, owner.headers, owner.owner.page_id).get_json()

    nothing_new = logs(client, owner.headers, owner.owner.page_id, after=first["cursor"]).get_json()
    new = owner.comment("Combien le caftan ?")
    answered = client.post("/api/v1/secure/logEvent/answer/comment/facebook", headers=owner.headers,
                           json={"logs": {"_id": praise.id}, "answer": "Merci Nour !"})
    changed = logs(client, owner.headers, owner.owner.page_id, after=first["cursor"]).get_json()

    assert (nothing_new["data"], nothing_new["full"]) == ([], False)
    assert answered.status_code == 200
    assert sorted(entry["_id"] for entry in changed["data"]) == sorted([praise.id, new.id])
    assert old.id not in [entry["_id"] for entry in changed["data"]]
    assert [entry["state"] for entry in changed["notMatched"]] == ["sent"]
    assert int(changed["cursor"]) > int(first["cursor"])


def test_an_action_sent_later_shows_in_the_next_poll(app, client, sandbox, signed_in, monkeypatch):
    from app.services.pipeline import actions

    monkeypatch.setattr(agent_messages, "CURSOR_MARGIN", timedelta(0))
    owner = shop(app, client, sandbox, signed_in)
    owner.owner.page.delay_mode, owner.owner.page.delay_times_ms = "Exactly", [2000]
    session.commit()
    delayed = owner.comment("Vous livrez à Sousse ?")
    before = logs(client, owner.headers, owner.owner.page_id).get_json()
    assert [action["state"] for action in before["data"][0]["why"]["actions"]] == ["planned"]

    session.execute(update(CommentLog).where(CommentLog.id == delayed.id)
                    .values(updated_at=delayed.updated_at - timedelta(minutes=5)))  # the log itself is old
    session.commit()
    actions.send(_due_after(actions), owner.settings)
    after = logs(client, owner.headers, owner.owner.page_id, after=before["cursor"]).get_json()

    [entry] = after["data"]
    [action] = entry["why"]["actions"]
    assert (action["kind"], action["state"]) == ("private_reply", "done") and action["sentAt"]


def _due_after(actions, timeout: float = 5.0):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        claimed = actions.claim_due(10)
        if claimed:
            return claimed
        time.sleep(0.1)
    raise AssertionError("the delayed reply never came due")


def test_logs_refuse_strangers_unknown_agents_and_bad_input(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    owner.comment("Vous livrez à Sousse ?")
    _stranger, stranger_headers, _network = signed_in(first_name="Karim")

    stranger = logs(client, stranger_headers, owner.owner.page_id)
    assert client.get(f"/api/v1/secure/logEvent/post/{owner.owner.page_id}/all").status_code == 401
    unknown = logs(client, owner.headers, "999999999999")
    # Another team's agent is answered as no agent at all: a post id tells nobody whose agent answers it.
    assert (stranger.status_code, stranger.get_json()) == (unknown.status_code, unknown.get_json()) == (
        404, {"code": "agent_not_found", "message": "No agent answers this post"})
    for bad in ("abc!", "1_2_3"):
        refused = logs(client, owner.headers, bad)
        assert refused.status_code == 422 and refused.get_json()["message"], bad
    for cursor in ("yesterday", "-5", "1" * 30):
        refused = logs(client, owner.headers, owner.owner.page_id, after=cursor)
        assert refused.status_code == 422 and "after" in refused.get_json()["errors"]["query"], cursor


def test_a_team_member_reads_the_logs_too(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    owner.comment("Vous livrez à Sousse ?")
    member, member_headers, _network = signed_in(first_name="Salma")
    join_team(owner.owner.page, member, "invited_member")

    answer = logs(client, member_headers, owner.owner.page_id)

    assert answer.status_code == 200 and len(answer.get_json()["matched"]) == 1


def test_the_commenters_profile_is_read_by_the_pages_team_only(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    owner.comment("Vous livrez à Sousse ?")
    owner.comment("Et à Sfax ?")
    profile = session.query(SubscriberProfile).filter_by(publisher_id=FAN["id"]).one()
    profile.phone, profile.email, profile.adresse = "+21698000000", "nour@example.com", "Rue de Marseille, Tunis"
    session.commit()
    stranger, stranger_headers, _network = signed_in(first_name="Karim")

    answer = client.get(PROFILE.format(FAN["id"]), headers=owner.headers)
    one_page = client.get(PROFILE.format(FAN["id"]), headers=owner.headers,
                          query_string={"idPage": owner.owner.page_id})

    assert answer.status_code == 200
    card = answer.get_json()["data"][0]
    assert (card["phone"], card["email"], card["birthday"], card["adresse"]) == \
        ("+21698000000", "nour@example.com", None, "Rue de Marseille, Tunis")
    assert (card["name"], card["first_name"], card["comments"], card["idPage"]) == \
        ("Nour Haddad", "Nour", 2, owner.owner.page_id)
    assert one_page.get_json()["data"] == answer.get_json()["data"]
    stranger_reads = client.get(PROFILE.format(FAN["id"]), headers=stranger_headers)
    unknown = client.get(PROFILE.format("123456789"), headers=owner.headers)
    # A fan of another team's page is answered as a fan of no page: a fan's id tells nobody where they commented.
    assert (stranger_reads.status_code, stranger_reads.get_json()) == (unknown.status_code, unknown.get_json()) == (
        404, {"code": "profile_not_found", "message": "No profile for this commenter"})
    assert client.get(PROFILE.format("a b"), headers=owner.headers).status_code == 422
    assert client.get(PROFILE.format(FAN["id"]), headers=owner.headers,
                      query_string={"idPage": "x y"}).status_code == 422
    assert client.get(PROFILE.format(FAN["id"])).status_code == 401


def test_a_long_history_is_sent_batch_by_batch_as_one_answer(app, client, sandbox, signed_in, live_web, monkeypatch):
    """The logs answer is written out while its logs are read, a batch at a time, by a web server as production
    runs it (its session removed before the answer is sent): the same answer, in the same order, across batches."""
    owner = shop(app, client, sandbox, signed_in)
    price = owner.comment("Combien la robe jasmin svp ?")
    praise = owner.comment("Bravo pour la collection 😍")
    delivery = owner.comment("Vous livrez à Sousse ?")
    available = owner.comment("Le sac medina est disponible ?")
    thanks = owner.comment("Merci beaucoup")
    whole = logs(client, owner.headers, owner.owner.page_id).get_json()

    monkeypatch.setattr(agent_messages, "LOGS_PER_BATCH", 2)
    answer = requests.get(live_web + LOGS.format(owner.owner.page_id), headers=owner.headers, timeout=30)

    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/json"
    body = answer.json()
    assert [entry["_id"] for entry in body["data"]] == [price.id, praise.id, delivery.id, available.id, thanks.id]
    assert [entry["_id"] for entry in body["matched"]] == [available.id, delivery.id, price.id]
    assert [entry["_id"] for entry in body["notMatched"]] == [thanks.id, praise.id]
    assert (body["matchedIntents"], body["notMatchedIntents"]) == (["availability", "delivery", "price"], [])
    assert {**body, "cursor": None} == {**whole, "cursor": None}
    assert int(body["cursor"]) >= int(whole["cursor"])
