"""Accepting proposals reaches the worker's next comment: comments typed at the sandbox go through the real
webhook, Redis and Celery worker (a process with its own matcher cache); the synonym and the intent accepted
through the API change the private reply of the very next comment."""
from flask_jwt_extended import create_access_token

from app.database import session
from app.models import CommentLog
from app.services import demo
from tests.workers.conftest import Shop, connect_page

FANS = [{"id": f"88450987123400{number:02d}", "name": name}
        for number, name in enumerate(["Nour Haddad", "Sami Trabelsi", "Ines Gharbi", "Yassine Ayari"])]


def test_an_accepted_synonym_and_intent_answer_the_next_comment_in_the_worker(app, client, sandbox, live_web,
                                                                              celery_worker):
    settings = dict(app.config)
    page, post_id = connect_page(sandbox, settings, live_web)
    agent = demo.equip(page)
    shop = Shop(sandbox, settings, page, post_id)
    before = [shop.comment("C'est combien la robe yasmina ?", author=FANS[0]),
              shop.comment("Prix robe yasmina svp", author=FANS[1])]
    asked = [shop.comment("Quelle taille pour le caftan, je fais du 40 ?", author=FANS[0]),
             shop.comment("C'est quelle taille le modèle ? je fais du M", author=FANS[1])]
    for comment_id in before:
        generic = shop.wait_for(comment_id, lambda effects: effects["private_replies"])["private_replies"][0]["text"]
        assert generic.startswith("Bonjour") and "Robe Jasmin" not in generic
    for comment_id in asked:
        shop.wait_for(comment_id, lambda effects, comment_id=comment_id: _logged(comment_id))
        assert shop.sandbox.admin.comment_effects(comment_id)["private_replies"] == []
    headers = {"Authorization": f"Bearer {create_access_token(identity=str(page.owner_id))}"}
    url = f"/api/v1/secure/agents/{agent.id}/proposals"
    found = client.get(url, headers=headers).get_json()["data"]
    synonym = next(item for item in found["synonym"] if item["value"] == "robe yasmina")
    [intent] = found["intent"]

    for proposal in (synonym, intent):
        assert client.post(f"{url}/{proposal['_id']}/accept", json={}, headers=headers).status_code == 200
    priced = shop.comment("Combien la robe yasmina ?", author=FANS[2])
    sized = shop.comment("Quelle taille pour la robe ? je fais du 38", author=FANS[3])

    assert shop.wait_for(priced, lambda effects: effects["private_replies"])["private_replies"][0]["text"] == \
        "Bonjour Ines, la Robe Jasmin est à 129 DT, du S au XL."
    assert shop.wait_for(sized, lambda effects: effects["private_replies"])["private_replies"][0]["text"] == \
        "Bonjour Yassine, merci pour votre question (Taille) ! Nous vous répondons ici très vite."


def _logged(comment_id: str) -> bool:
    session.expire_all()
    return session.query(CommentLog).filter_by(comment_id=comment_id).count() == 1
