"""The wizard's intents (spec 001 §4 "Wizard", §5, §7 "Wizard"): the intent catalogues, and an agent's intents with
their generic answers and buttons. Each change makes a new version and leaves the agent untrained; each refusal (422,
409, 404, another team) leaves it exactly as it was."""
import threading

import pytest
from sqlalchemy import update

from app.database import session
from app.models import SocialPage
from tests.api.agents_support import (DELIVERY_ANSWER, PHONE_BUTTON, PRICE_ANSWER, SITE_BUTTON, add_agent,
                                      add_intent, agent_with_intent, fresh, snapshot, team, trained)
from tests.api.pages_support import SECURE, join_team
from tests.fixtures.services import at_once


def white_listed(page: SocialPage) -> None:
    session.execute(update(SocialPage).where(SocialPage.id == page.id).values(white_set=True))
    session.commit()


def put(client, headers, path, body):
    return client.put(f"{SECURE}/project/{path}", json=body, headers=headers)


# --- intent catalogues -------------------------------------------------------------------------------------------

def test_the_two_intent_catalogues_with_english_and_french_labels(client):
    generic = client.get("/api/v1/intent/generiqueintent/all").get_json()
    specific = client.get("/api/v1/intent/defaulintent/all").get_json()

    page_wide = {"Booking", "Contact", "Delivery", "Location", "Opening hours", "Payment methods", "Quiz"}
    # Both agents are offered every intent, their own kind first: a post's agent is asked for delivery too.
    assert {entry["intent"] for entry in generic[:len(page_wide)]} == page_wide
    assert all(entry["kind"] == "generic" for entry in generic[:len(page_wide)])
    assert [entry["kind"] for entry in specific] == sorted((entry["kind"] for entry in specific), reverse=True)
    assert {entry["intent"] for entry in specific} == {entry["intent"] for entry in generic} >= {"Price", "Delivery"}
    assert {(entry["intent"], entry["intent_fr"]) for entry in specific} >= {("Price", "Prix"), ("Size", "Taille")}


# --- intents ---------------------------------------------------------------------------------------------------

def test_an_intent_is_added_with_its_answer_and_buttons_then_updated(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    white_listed(owner.page)
    agent_id = add_agent(client, owner)
    version = fresh(agent_id).version

    project = add_intent(client, owner.headers, agent_id, "Prix", PRICE_ANSWER, [SITE_BUTTON, PHONE_BUTTON])

    intent = project["intents"][0]
    assert (intent["name"], intent["name_fr"], intent["key"], intent["status"]) == ("Price", "Prix", "price", "old")
    assert intent["genericAnswer"] == PRICE_ANSWER and intent["products"] == []
    assert intent["buttons"] == [{**SITE_BUTTON, "webview_height_ratio": "tall"}, PHONE_BUTTON]
    assert project["version"] == version + 1 and project["trained"] is False
    trained(agent_id)

    updated = put(client, owner.headers, f"generiqueupdate/{agent_id}",
                  {"intent": {"intent": "Price", "intent_fr": "Prix"}, "genericAnswer": "45 DT", "buttons": []})

    assert updated.status_code == 200
    body = updated.get_json()
    assert body["intents"][0]["genericAnswer"] == "45 DT" and body["intents"][0]["buttons"] == []
    assert body["version"] == version + 2 and body["trained"] is False and fresh(agent_id).trained is False


def test_an_intent_already_selected_is_refused(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    before = snapshot(agent_id)

    again = put(client, owner.headers, f"generiqueadd/{agent_id}", {"intent": "Livraison", "genericAnswer": "x"})

    assert again.status_code == 409 and again.get_json()["code"] == "intent_already_selected"
    assert snapshot(agent_id) == before


@pytest.mark.parametrize("body, field, message", [
    ({"genericAnswer": "   "}, "genericAnswer", "The generic response cannot be empty."),
    ({"genericAnswer": "x" * 641}, "genericAnswer", "Longer than maximum length 640."),
    ({"intent": "teleportation"}, "intent", "Unknown intent: teleportation."),
    ({"intent": None}, "intent", "Field may not be null."),
    ({"buttons": [SITE_BUTTON] * 4}, "buttons", "At most 3 buttons."),
    ({"buttons": [{**SITE_BUTTON, "title": ""}]}, "buttons", "Button title is empty !"),
    ({"buttons": [{**SITE_BUTTON, "title": "x" * 21}]}, "buttons", "A button title has at most 20 characters."),
    ({"buttons": [{**SITE_BUTTON, "url": ""}]}, "buttons", "Button url is empty!"),
    ({"buttons": [{**SITE_BUTTON, "url": "javascript:alert(1)"}]}, "buttons", "starting with http:// or https://"),
    ({"buttons": [{**SITE_BUTTON, "url": "shop.example/robe"}]}, "buttons", "starting with http:// or https://"),
    ({"buttons": [{**SITE_BUTTON, "url": "https://shop.example/la robe"}]}, "buttons", "a full web address"),
    ({"buttons": [{**PHONE_BUTTON, "payload": ""}]}, "buttons", "Button phone number is empty!"),
    ({"buttons": [{**PHONE_BUTTON, "payload": "call me"}]}, "buttons", "must start with + and the country code"),
    ({"buttons": [{**PHONE_BUTTON, "payload": "71000000"}]}, "buttons", "must start with + and the country code"),
    ({"buttons": [{**PHONE_BUTTON, "payload": 21671000000}]}, "buttons", "must start with + and the country code"),
    ({"genericAnswer": "##FIRST_NAME## ##LAST_NAME##"}, "genericAnswer", "besides the personalisation tags"),
    ({"buttons": [{"type": "postback", "title": "x"}]}, "buttons", "Must be one of: web_url, phone_number."),
])
def test_bad_intent_bodies_are_422_with_the_reason_and_change_nothing(client, sandbox, signed_in, body, field,
                                                                      message):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    before = snapshot(agent_id)
    for path in (f"generiqueadd/{agent_id}", f"generiqueupdate/{agent_id}"):
        answer = put(client, owner.headers, path, {"intent": "contact", "genericAnswer": "Appelez-nous", **body})
        assert answer.status_code == 422, answer.get_json()
        assert field in answer.get_json()["errors"]["json"]
        assert message in str(answer.get_json()["errors"]["json"][field])
    assert snapshot(agent_id) == before


def test_buttons_are_saved_as_meta_takes_them(client, sandbox, signed_in):
    """What people type that Meta would refuse as it is, but means one thing only: a capitalised scheme (a phone
    keyboard's "Https://"), a number with spaces, dots, dashes or brackets."""
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)
    typed = [{**SITE_BUTTON, "url": "Https://shop.example/Robe", "title": " Voir la robe "},
             {**PHONE_BUTTON, "payload": "(+216) 71.000-000"}]

    project = add_intent(client, owner.headers, agent_id, "contact", "Appelez-nous", typed)

    assert project["intents"][0]["buttons"] == [{**SITE_BUTTON, "url": "https://shop.example/Robe",
                                                 "webview_height_ratio": "tall"}, PHONE_BUTTON]


def test_every_problem_of_a_button_is_named_under_its_field(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)
    buttons = [SITE_BUTTON, {"type": "phone_number", "title": "x" * 21, "payload": "71000000"}]

    refused = put(client, owner.headers, f"generiqueadd/{agent_id}",
                  {"intent": "contact", "genericAnswer": "Appelez-nous", "buttons": buttons})

    assert refused.status_code == 422
    assert refused.get_json()["errors"]["json"] == {"buttons": {"1": {
        "title": ["A button title has at most 20 characters."],
        "payload": ["The phone number must start with + and the country code, then 6 to 15 digits "
                    "(e.g. +21671000000)."]}}}
    assert fresh(agent_id).intents == []


def test_instagram_agents_refuse_buttons(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in, platform="instagram")
    agent_id = add_agent(client, owner)

    refused = put(client, owner.headers, f"generiqueadd/{agent_id}",
                  {"intent": "contact", "genericAnswer": "Appelez-nous", "buttons": [PHONE_BUTTON]})

    assert refused.status_code == 422 and refused.get_json()["code"] == "buttons_facebook_only"
    assert fresh(agent_id).intents == []
    assert add_intent(client, owner.headers, agent_id, "contact", "Appelez-nous")["intents"][0]["buttons"] == []


def test_quiz_stands_alone(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    with_delivery = agent_with_intent(client, owner)
    quiz_agent = add_agent(client, owner, id_post=owner.page_id)
    add_intent(client, owner.headers, quiz_agent, "Quiz", "Bravo !")

    quiz_refused = put(client, owner.headers, f"generiqueadd/{with_delivery}", {"intent": "quiz",
                                                                                "genericAnswer": "Bravo"})
    other_refused = put(client, owner.headers, f"generiqueadd/{quiz_agent}", {"intent": "contact",
                                                                              "genericAnswer": "Appelez"})

    assert quiz_refused.status_code == other_refused.status_code == 422
    assert quiz_refused.get_json()["code"] == other_refused.get_json()["code"] == "quiz_alone"
    assert [intent.intent_name for intent in fresh(quiz_agent).intents] == ["quiz"]
    put(client, owner.headers, f"intents/remove/{quiz_agent}", {"intent": "quiz"})
    assert add_intent(client, owner.headers, quiz_agent, "contact", "Appelez")["intents"][0]["key"] == "contact"


def test_price_needs_the_pages_white_set(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)

    refused = put(client, owner.headers, f"generiqueadd/{agent_id}", {"intent": "Price", "genericAnswer": "45 DT"})

    assert refused.status_code == 422 and refused.get_json()["code"] == "price_not_allowed"
    assert fresh(agent_id).intents == []
    white_listed(owner.page)
    assert add_intent(client, owner.headers, agent_id, "Price", "45 DT")["intents"][0]["key"] == "price"


def test_removing_an_intent(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)
    add_intent(client, owner.headers, agent_id, "contact", "Appelez-nous")
    version = fresh(agent_id).version

    answer = put(client, owner.headers, f"intents/remove/{agent_id}", {"intent": "Delivery"})

    assert answer.status_code == 200
    assert [intent["key"] for intent in answer.get_json()["intents"]] == ["contact"]
    assert answer.get_json()["version"] == version + 1
    missing = put(client, owner.headers, f"intents/remove/{agent_id}", {"intent": "Delivery"})
    assert missing.status_code == 404 and missing.get_json()["code"] == "intent_not_found"
    assert put(client, owner.headers, f"intents/remove/{agent_id}", {}).status_code == 422
    assert [intent.intent_name for intent in fresh(agent_id).intents] == ["contact"]
    assert fresh(agent_id).version == version + 1


def test_an_invited_member_changes_intents_and_another_team_cannot(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    member, member_headers, _ = signed_in("Member", "Invited")
    join_team(owner.page, member, "invited_member")
    agent_id = agent_with_intent(client, owner)
    assert add_intent(client, member_headers, agent_id, "contact", "Appelez-nous")["intents"][1]["key"] == "contact"
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")
    before = snapshot(agent_id)

    for path, body in ((f"generiqueadd/{agent_id}", {"intent": "booking", "genericAnswer": "x"}),
                       (f"generiqueupdate/{agent_id}", {"intent": "delivery", "genericAnswer": "x"}),
                       (f"intents/remove/{agent_id}", {"intent": "delivery"}),
                       (f"{agent_id}/remove/entity", {"intent": "delivery", "answer": 1})):
        answer = put(client, stranger_headers, path, body)
        assert answer.status_code == 404 and answer.get_json()["code"] == "agent_not_found", path
    assert snapshot(agent_id) == before


def test_unknown_agents_are_404(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    for path in ("generiqueadd/2147483647", "generiqueupdate/99999999999", "intents/remove/0"):
        answer = put(client, owner.headers, path, {"intent": "delivery", "genericAnswer": DELIVERY_ANSWER})
        assert answer.status_code == 404, path


def test_teammates_adding_at_once_add_the_intent_once_and_keep_quiz_alone(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)
    bodies = iter([{"intent": "quiz", "genericAnswer": "Bravo !"}, {"intent": "contact", "genericAnswer": "Appelez"}])
    lock = threading.Lock()

    def add_next(path: str, next_body):
        def call():
            with lock:
                body = next_body()
            return put(client, owner.headers, path, body).status_code
        return call

    same = at_once(add_next(f"generiqueadd/{agent_id}", lambda: {"intent": "delivery", "genericAnswer": "48 h"}))
    assert sorted(same) == [200, 409]
    put(client, owner.headers, f"intents/remove/{agent_id}", {"intent": "delivery"})

    exclusive = at_once(add_next(f"generiqueadd/{agent_id}", lambda: next(bodies)))

    assert sorted(exclusive) == [200, 422]
    assert len(fresh(agent_id).intents) == 1
