"""Comments typed at the sandbox reach the agent messages with their why through the real webhook, Redis and
Celery worker: what was read, what was answered and its outcome at the Graph API, or why nothing was."""
from flask_jwt_extended import create_access_token

from app.database import session
from app.models import CommentLog
from app.services import demo
from tests.workers.conftest import Shop, connect_page

NOUR = {"id": "7345098712340012", "name": "Nour Haddad"}


def test_comments_through_the_pipeline_carry_their_why(app, client, sandbox, live_web, celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web, hide_comment=True)
    demo.equip(page)
    shop = Shop(sandbox, settings, page, post_id, fan=NOUR)
    asked = shop.comment("Salut, le caftan carthage est dispo en M ?")
    praised = shop.comment("Merci beaucoup, trop belle collection 😍")
    complained = shop.comment("Arnaque, vous êtes des voleurs, service nul")

    shop.wait_for(asked, lambda effects: effects["private_replies"])
    shop.wait_for(complained, lambda effects: effects["is_hidden"])
    shop.wait_for(praised, lambda effects: _logged(praised))
    headers = {"Authorization": f"Bearer {create_access_token(identity=str(page.owner_id))}"}
    body = client.get(f"/api/v1/secure/logEvent/post/{page.external_id}/all", headers=headers).get_json()

    whys = {entry["comment_id"]: entry["why"] for entry in body["data"]}
    answered = whys[asked]
    assert (answered["language"], answered["intent"], answered["product"], answered["reason"]) == \
        ("fr", "availability", "Caftan Carthage", None)
    assert answered["products"][0]["words"] == "caftan carthage"
    [reply] = answered["actions"]
    assert (reply["kind"], reply["state"], reply["text"]) == \
        ("private_reply", "done", "Le Caftan Carthage est disponible en M et en L, Nour.")
    assert reply["sentAt"] and reply["resultId"] == \
        sandbox.admin.comment_effects(asked)["private_replies"][0]["message_id"]
    assert (whys[praised]["reason"], whys[praised]["actions"]) == ("asks_nothing", [])
    assert whys[complained]["reason"] == "negative_hidden"
    assert [(action["kind"], action["state"]) for action in whys[complained]["actions"]] == [("hide", "done")]
    assert [entry["comment_id"] for entry in body["matched"]] == [asked]


def _logged(comment_id: str) -> bool:
    session.expire_all()
    return session.query(CommentLog).filter_by(comment_id=comment_id).count() == 1
