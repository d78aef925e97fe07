"""Replies in the commenter's language (issue 42 §3) through the real webhook, Redis and Celery worker: fans write
to the demo's page (its delivery answer has English, Arabic and Tunisian versions besides its French default) and
each private reply the sandbox receives is the version in their language, or the default answer when none is
written; the agent messages' why says which version was sent."""
from flask_jwt_extended import create_access_token

from app.services import demo
from tests.workers.conftest import Shop, connect_page

NOUR = {"id": "7345098712340031", "name": "Nour Haddad"}
DEFAULT = dict((name, text) for name, text, _buttons, _answers in demo.INTENTS)["delivery"]
VERSIONS = demo.IN_LANGUAGES["delivery"]
# Each comment with the reply it gets and the version sent ("" for the default answer).
COMMENTS = {
    "هل يوجد توصيل إلى سوسة؟": (VERSIONS["ar"], "ar"),  # Modern Standard Arabic
    "famma livraison l sousse?": (VERSIONS["tn"], "tn"),  # Tunisian in Latin letters (Arabizi)
    "Do you deliver to Sousse?": (VERSIONS["en"], "en"),
    "Vous livrez à Sousse ?": (DEFAULT, ""),  # no French version: the default answer
}


def test_each_fan_gets_the_answer_in_their_language(app, client, sandbox, live_web, celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web)
    demo.equip(page)
    shop = Shop(sandbox, settings, page, post_id, fan=NOUR)
    ids = {shop.comment(text): text for text in COMMENTS}
    replied = {ids[comment_id]: shop.wait_for(comment_id, lambda effects: effects["private_replies"])
               for comment_id in ids}

    sent = {text: effects["private_replies"][0]["text"] for text, effects in replied.items()}

    assert sent == {text: reply for text, (reply, _version) in COMMENTS.items()}
    headers = {"Authorization": f"Bearer {create_access_token(identity=str(page.owner_id))}"}
    logs = client.get(f"/api/v1/secure/logEvent/post/{page.external_id}/all", headers=headers).get_json()["data"]
    whys = {ids[entry["comment_id"]]: entry["why"] for entry in logs}
    assert {text: (why["language"], why["answerLanguage"]) for text, why in whys.items()} == {
        "هل يوجد توصيل إلى سوسة؟": ("ar", "ar"), "famma livraison l sousse?": ("tn", "tn"),
        "Do you deliver to Sousse?": ("en", "en"), "Vous livrez à Sousse ?": ("fr", "")}
