"""The wizard's chat simulator (spec 001 §2 "Wizard" step 3, §7 POST /logEvent/test/wizard, §8 "I didn't
understand. Sorry !"): the replies a test comment gets are the private message the live pipeline sends for the
same comment. The parity test trains and activates the agent through the API in the suite's real Celery worker,
then lets the real pipeline answer a real sandbox comment."""
import time

from sqlalchemy import update

from app.database import session
from app.graph import CommentChange
from app.models import Category, Product, SocialPage
from app.services.pipeline import inbox
from tests.api.agents_support import (PRICE_ANSWER, SITE_BUTTON, add_agent, add_intent, agent_with_intent, fresh,
                                      team, wait_for)
from tests.api.pages_support import SECURE

TEST = f"{SECURE}/logEvent/test/wizard"
BUTTONS = [{**SITE_BUTTON, "webview_height_ratio": "tall"}]


def shop(client, sandbox, signed_in):
    """A page (white-listed, so Price may be chosen) whose post agent answers the price, the red dress apart."""
    owner = team(client, sandbox, signed_in)
    session.execute(update(SocialPage).where(SocialPage.id == owner.page.id).values(white_set=True))
    session.commit()
    agent_id = add_agent(client, owner)
    add_intent(client, owner.headers, agent_id, "Price", PRICE_ANSWER, [SITE_BUTTON])
    _catalogue_with_red_dress(owner.page.id)
    answer = client.put(f"{SECURE}/project/firstupdate/{agent_id}", headers=owner.headers,
                        json={"entity": "Robe rouge", "intent": "Price", "specificAnswer": "La robe rouge: 59 DT.",
                              "buttons": []})
    assert answer.status_code == 200, answer.get_json()
    return owner, agent_id


def _catalogue_with_red_dress(page_id: int) -> None:
    category = Category(page_id=page_id, name="Robes")
    session.add(category)
    session.flush()
    session.add(Product(category_id=category.id, page_id=page_id, content="Robe rouge"))
    session.commit()


def test_replies_are_the_agents_answers_with_tags_filled_for_the_tester(client, sandbox, signed_in):
    owner, _agent_id = shop(client, sandbox, signed_in)

    generic = client.post(TEST, json={"message": {"text": "Prix svp"}, "idPost": owner.post_id},
                          headers=owner.headers)
    product = client.post(TEST, json={"message": {"text": "combien la robe rouge ?"}, "idPost": owner.post_id},
                          headers=owner.headers)

    assert generic.status_code == 200
    assert generic.get_json() == [{"response": {"text": f"Bonjour Amira, la robe est à 45 DT chez {owner.page.name}.",
                                                "buttons": BUTTONS}, "intent": "price", "product": None,
                                   "commentLanguage": "fr", "answerLanguage": ""}]
    assert product.get_json() == [{"response": {"text": "La robe rouge: 59 DT.", "buttons": []}, "intent": "price",
                                   "product": "Robe rouge", "commentLanguage": "fr", "answerLanguage": ""}]


def test_an_edited_answer_is_what_the_next_test_comment_gets(client, sandbox, signed_in):
    owner, agent_id = shop(client, sandbox, signed_in)

    def replies() -> list:
        return client.post(TEST, json={"message": {"text": "Prix svp"}, "idPost": owner.post_id},
                           headers=owner.headers).get_json()

    assert replies()[0]["response"]["text"].startswith("Bonjour Amira")
    edited = client.put(f"{SECURE}/project/generiqueupdate/{agent_id}", headers=owner.headers,
                        json={"intent": "Price", "genericAnswer": "Nouveau prix : 39 DT", "buttons": []})
    assert edited.status_code == 200, edited.get_json()
    assert replies() == [{"response": {"text": "Nouveau prix : 39 DT", "buttons": []}, "intent": "price",
                          "product": None, "commentLanguage": "fr", "answerLanguage": ""}]


def test_nothing_matched_is_an_empty_list_and_a_draft_answers_too(client, sandbox, signed_in):
    owner, agent_id = shop(client, sandbox, signed_in)
    assert fresh(agent_id).trained is False  # the wizard tests before training

    for text in ("bravo", "Vous livrez à Sousse ?"):  # no intent; an intent the agent does not have
        answer = client.post(TEST, json={"message": {"text": text}, "idPost": owner.post_id}, headers=owner.headers)
        assert answer.status_code == 200 and answer.get_json() == [], text


def test_a_generic_agent_is_tested_by_the_page_id(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_with_intent(client, owner, id_post=owner.page_id)

    answer = client.post(TEST, json={"message": {"text": "livraison possible ?"}, "idPost": owner.page_id},
                         headers=owner.headers)

    assert [reply["response"]["text"] for reply in answer.get_json()] == ["Livraison partout en 48 h."]


def test_refusals_unknown_post_another_team_bad_input(client, sandbox, signed_in):
    owner, _agent_id = shop(client, sandbox, signed_in)
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")

    other = client.post(TEST, json={"message": {"text": "Prix svp"}, "idPost": owner.post_id},
                        headers=stranger_headers)
    unknown = client.post(TEST, json={"message": {"text": "Prix svp"}, "idPost": "123_456"}, headers=owner.headers)
    # Another team's post is answered as a post without an agent: a post id tells nobody whose agent answers it.
    assert (other.status_code, other.get_json()) == (unknown.status_code, unknown.get_json()) == (
        404, {"code": "agent_not_found", "message": "Agent not found"})
    for body in ({}, {"message": {"text": ""}, "idPost": owner.post_id}, {"message": "Prix", "idPost": owner.post_id},
                 {"message": {"text": "Prix"}, "idPost": "<script>"}, {"message": {"text": "x" * 8001},
                                                                      "idPost": owner.post_id}):
        assert client.post(TEST, json=body, headers=owner.headers).status_code == 422, body
    assert client.post(TEST, json={"message": {"text": "Prix"}, "idPost": owner.post_id}).status_code == 401


def go_live(client, owner, agent_id: int) -> None:
    """Train the shop's agent through the API (in the suite's Celery worker) and make it live, as its owner would."""
    trained = client.post("/trainagentpos", json={"intents": "Price", "entiti": "Robe rouge", "idProject": agent_id},
                          headers=owner.headers)
    assert trained.status_code == 202
    agent = wait_for(lambda: (lambda row: row if row.trained else None)(fresh(agent_id)))
    assert agent.trained_version == agent.version and agent.trained_at is not None
    activated = client.put(f"{SECURE}/project/agent/live/{agent_id}", json={"live": True}, headers=owner.headers)
    assert activated.get_json()["status"] is True


def test_the_live_pipeline_sends_what_the_simulator_showed(client, sandbox, signed_in, celery_worker):
    owner, agent_id = shop(client, sandbox, signed_in)
    text = "Prix svp"
    shown = client.post(TEST, json={"message": {"text": text}, "idPost": owner.post_id},
                        headers=owner.headers).get_json()

    go_live(client, owner, agent_id)
    # The commenter has the tester's name, so the personalisation tags read the same.
    author = {"id": "7345098712340099", "name": "Amira Ben Salah"}
    comment = sandbox.admin.comment(owner.post_id, text, author=author)
    inbox.store_changes([CommentChange("facebook", owner.page_id, comment["id"], owner.post_id, None, author["id"],
                                       author["name"], text, int(time.time()), "add", "feed", None)], "webhook")

    replies = wait_for(lambda: sandbox.admin.comment_effects(comment["id"])["private_replies"])

    assert [(reply["text"], reply["buttons"]) for reply in replies] == \
        [(item["response"]["text"], item["response"]["buttons"]) for item in shown]
