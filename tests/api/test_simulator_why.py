"""The chat simulator's why (issue 42 §4): with ?why=true the test comment's reply carries the why the agent messages
show for a live comment (app/services/why.py, from the same decision): the language, the intents with their scores
against the threshold, the products and the words that named them, the answer chosen or why none; nothing was sent,
so no actions. An agent that would not answer gives the why alone. Without the flag the answer is the
specification's, unchanged."""
from tests.api.test_simulator import TEST, shop


def _ask(client, owner, text, query="?why=true"):
    answer = client.post(TEST + query, json={"message": {"text": text}, "idPost": owner.post_id},
                         headers=owner.headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_an_answered_test_comment_carries_the_live_comments_why(client, sandbox, signed_in):
    owner, _agent_id = shop(client, sandbox, signed_in)

    [reply] = _ask(client, owner, "combien la robe rouge ?")

    assert reply["response"] == {"text": "La robe rouge: 59 DT.", "buttons": []}
    why = reply["why"]
    assert (why["language"], why["answered"], why["intent"], why["product"], why["reason"]) == (
        "fr", True, "price", "Robe rouge", None)
    best = why["intents"][0]
    assert best["intent"] == "price" and best["inAgent"] and best["aboveThreshold"]
    assert 0 < why["threshold"] <= best["score"] <= 1
    assert [(item["product"], item["category"]) for item in why["products"]] == [("Robe rouge", "Robes")]
    assert why["actions"] == [] and why["proposals"] == []


def test_a_test_comment_left_unanswered_says_why_alone(client, sandbox, signed_in):
    owner, _agent_id = shop(client, sandbox, signed_in)

    [left] = _ask(client, owner, "Vous livrez à Sousse ?")  # about delivery, which this agent does not answer

    assert left["response"] is None
    why = left["why"]
    assert why["answered"] is False and why["reason"] == "intent_not_in_agent"
    assert why["reasonText"] == "The comment is about delivery, an intent this agent does not have."
    assert any(item["intent"] == "delivery" and not item["inAgent"] for item in why["intents"])


def test_without_the_flag_the_answer_is_the_specifications(client, sandbox, signed_in):
    owner, _agent_id = shop(client, sandbox, signed_in)

    assert _ask(client, owner, "Vous livrez à Sousse ?", query="") == []
    assert "why" not in _ask(client, owner, "Prix svp", query="?why=false")[0]
    answer = client.post(TEST + "?why=maybe", json={"message": {"text": "Prix"}, "idPost": owner.post_id},
                         headers=owner.headers)
    assert answer.status_code == 422
