"""An intent's generic answer and each product answer in several languages (issue 42 §3): the optional `answers`
of generiqueadd, generiqueupdate, firstupdate and entitiesupdate, stored, read back with the project, checked as
the default text is, and left as they are by the specification's calls, which send the default answer only. The
chat simulator answers a comment in its language, else with the default answer, and says which it sent."""
import pytest

from tests.api.agents_support import add_agent, fresh, snapshot, team
from tests.api.pages_support import SECURE
from tests.api.test_simulator import shop

TEST = f"{SECURE}/logEvent/test/wizard"
ARABIC = "مرحبا ##FIRST_NAME##، التوصيل في 48 ساعة."
TUNISIAN = "Ahla ##FIRST_NAME##, livraison fi 48 se3a."
ENGLISH = "Hello ##FIRST_NAME##, delivery in 48 hours."
DEFAULT = "Bonjour ##FIRST_NAME##, livraison en 48 h."


def put(client, owner, path: str, body: dict):
    return client.put(f"{SECURE}/project/{path}", headers=owner.headers, json=body)


def delivery(answers: dict | None = None, text: str = DEFAULT) -> dict:
    body = {"intent": "delivery", "genericAnswer": text, "buttons": []}
    return body if answers is None else {**body, "answers": answers}


def test_generic_answers_in_languages_are_stored_and_kept_by_the_specifications_calls(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)

    added = put(client, owner, f"generiqueadd/{agent_id}",
                delivery({"ar": f" {ARABIC} ", "tn": TUNISIAN, "en": "   "}))
    assert added.status_code == 200, added.get_json()
    # Trimmed as the default text is; a blank version is none.
    assert added.get_json()["intents"][0]["answers"] == {"ar": ARABIC, "tn": TUNISIAN}

    # The specification's update sends the default answer only: the versions stay.
    updated = put(client, owner, f"generiqueupdate/{agent_id}", delivery(text="Livraison en 24 h."))
    intent = updated.get_json()["intents"][0]
    assert (intent["genericAnswer"], intent["answer"]) == ("Livraison en 24 h.", "Livraison en 24 h.")
    assert intent["answers"] == {"ar": ARABIC, "tn": TUNISIAN}

    # Sent, they replace the stored ones: the Tunisian version cleared, an English one written.
    replaced = put(client, owner, f"generiqueupdate/{agent_id}", delivery({"ar": ARABIC, "tn": "", "en": ENGLISH}))
    assert replaced.get_json()["intents"][0]["answers"] == {"ar": ARABIC, "en": ENGLISH}
    read = client.get(f"{SECURE}/project/get/project/{agent_id}", headers=owner.headers).get_json()
    assert read["intents"][0]["answers"] == {"ar": ARABIC, "en": ENGLISH}
    assert fresh(agent_id).trained is False  # a new version to train, as any change of an answer


def test_product_answers_in_languages_are_stored_and_kept_by_the_specifications_calls(client, sandbox, signed_in):
    owner, agent_id = shop(client, sandbox, signed_in)  # the red dress's answer written in the default language
    body = {"entity": "Robe rouge", "intent": "Price", "specificAnswer": "La robe rouge: 59 DT.", "buttons": []}

    written = put(client, owner, f"entitiesupdate/{agent_id}", {**body, "answers": {"ar": "الفستان الأحمر: 59 دينار"}})
    assert written.status_code == 200, written.get_json()
    kept = put(client, owner, f"entitiesupdate/{agent_id}", {**body, "specificAnswer": "La robe rouge: 55 DT."})

    [product] = kept.get_json()["intents"][0]["products"]
    assert (product["preAnswer"], product["answers"]) == ("La robe rouge: 55 DT.", {"ar": "الفستان الأحمر: 59 دينار"})


def test_a_first_product_answer_takes_its_languages(client, sandbox, signed_in):
    owner, agent_id = shop(client, sandbox, signed_in)
    body = {"entity": "Robe rouge", "intent": "Delivery", "specificAnswer": "La robe part en 24 h.",
                       "genericAnswer": DEFAULT, "buttons": [], "answers": {"en": "The dress ships in 24 h."}}

    added = put(client, owner, f"firstupdate/{agent_id}", body)

    assert added.status_code == 200, added.get_json()
    intent = next(item for item in added.get_json()["intents"] if item["key"] == "delivery")
    assert intent["answers"] == {}  # the versions were the product answer's
    assert intent["products"][0]["answers"] == {"en": "The dress ships in 24 h."}


@pytest.mark.parametrize("answers, problem", [
    ({"de": "Hallo"}, "Must be one of: fr, en, ar, tn."),
    ({"ar": "x" * 641}, "Longer than maximum length 640."),
    ({"tn": "##FIRST_NAME## ##LAST_NAME##"}, "besides the personalisation tags"),
    ({"en": 12}, "Not a valid string."),
    (["en", "hello"], "Not a valid mapping type."),
])
def test_bad_versions_are_422_under_their_language_and_change_nothing(client, sandbox, signed_in, answers, problem):
    owner, agent_id = shop(client, sandbox, signed_in)
    before = snapshot(agent_id)
    product = {"entity": "Robe rouge", "intent": "Price", "specificAnswer": "La robe rouge: 59 DT.", "buttons": []}
    for path, body in ((f"generiqueadd/{agent_id}", delivery()), (f"generiqueupdate/{agent_id}",
                                                                 {**delivery(), "intent": "Price"}),
                       (f"firstupdate/{agent_id}", {**product, "entity": "Robe bleue"}),
                       (f"entitiesupdate/{agent_id}", product)):
        refused = put(client, owner, path, {**body, "answers": answers})
        assert refused.status_code == 422, (path, refused.get_json())
        assert problem in str(refused.get_json()["errors"]["json"]["answers"]), path
    assert snapshot(agent_id) == before
    assert all(intent.answers == {} for intent in fresh(agent_id).intents)


def test_the_simulator_answers_in_the_comments_language_and_says_which(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = add_agent(client, owner)
    put(client, owner, f"generiqueadd/{agent_id}", delivery({"ar": ARABIC, "en": ENGLISH}))

    def reply(text: str) -> tuple:
        [answer] = client.post(TEST, json={"message": {"text": text}, "idPost": owner.post_id},
                               headers=owner.headers).get_json()
        return answer["response"]["text"], answer["commentLanguage"], answer["answerLanguage"]

    assert reply("هل يوجد توصيل إلى سوسة؟") == ("مرحبا Amira، التوصيل في 48 ساعة.", "ar", "ar")
    assert reply("Do you deliver to Sousse?") == ("Hello Amira, delivery in 48 hours.", "en", "en")
    # Tunisian without its own version: the Arabic one; French without one: the default answer.
    assert reply("famma livraison l sousse?") == ("مرحبا Amira، التوصيل في 48 ساعة.", "tn", "ar")
    assert reply("Vous livrez à Sousse ?") == ("Bonjour Amira, livraison en 48 h.", "fr", "")
