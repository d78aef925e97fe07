"""Product answers of an intent (spec 001 §2 "Wizard" step 2, §5, §7 firstupdate, update, entitiesupdate,
remove/entity): 'exist' for a product the intent answers already, 'not exist' for a product outside the page's
catalogue, the category that then takes it, updating and removing an answer; each change a new, untrained
version, each refusal changing nothing."""
from sqlalchemy import select

from app.database import session
from app.models import Category, Product, SocialPage
from tests.api.agents_support import PHONE_BUTTON, SITE_BUTTON, agent_with_intent, fresh, snapshot, team
from tests.api.pages_support import SECURE


def catalogue(page: SocialPage, category: str, *products: str) -> None:
    row = Category(page_id=page.id, name=category)
    session.add(row)
    session.flush()
    session.add_all(Product(category_id=row.id, page_id=page.id, content=name) for name in products)
    session.commit()


def answer_body(entity="Robe rouge", text="La robe rouge existe en S, M et L.", **fields) -> dict:
    return {"idPage": "104857392000001", "typePage": "facebook", "entity": entity, "intent": "Delivery",
            "genericAnswer": "", "specificAnswer": text, "categorie": "", "buttons": [], **fields}


def put(client, headers, path, body):
    return client.put(f"{SECURE}/project/{path}", json=body, headers=headers)


def test_a_catalogue_products_answer_is_added_then_exists(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge", "Robe bleue")
    agent_id = agent_with_intent(client, owner)
    version = fresh(agent_id).version

    added = put(client, owner.headers, f"firstupdate/{agent_id}", answer_body(buttons=[SITE_BUTTON]))

    assert added.status_code == 200
    project = added.get_json()
    product = project["intents"][0]["products"][0]
    assert (product["product"], product["preAnswer"], product["categorie"], product["default"]) == \
        ("Robe rouge", "La robe rouge existe en S, M et L.", "Robes", False)
    assert product["buttons"] == [{**SITE_BUTTON, "webview_height_ratio": "tall"}]
    assert project["version"] == version + 1 and project["trained"] is False
    before = snapshot(agent_id)
    again = put(client, owner.headers, f"firstupdate/{agent_id}", answer_body(entity="  robe ROUGE "))
    assert again.status_code == 200 and again.get_json() == "exist"
    assert snapshot(agent_id) == before


def test_a_product_outside_the_catalogue_is_not_exist_then_update_adds_it_to_the_category(client, sandbox,
                                                                                          signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge")
    agent_id = agent_with_intent(client, owner)
    catalogue_version = owner.page.catalogue_version
    before = snapshot(agent_id)

    missing = put(client, owner.headers, f"firstupdate/{agent_id}", answer_body(entity="Jupe plissée"))

    assert missing.get_json() == "not exist" and snapshot(agent_id) == before
    added = put(client, owner.headers, f"update/{agent_id}", answer_body(entity="Jupe plissée", categorie="Jupes"))
    assert added.status_code == 200
    assert [item["product"] for item in added.get_json()["intents"][0]["products"]] == ["Jupe plissée"]
    session.expire_all()
    jupes = session.scalars(select(Category).where(Category.page_id == owner.page.id, Category.name == "Jupes")).one()
    assert [product.content for product in session.scalars(select(Product).where(Product.category_id == jupes.id))] \
        == ["Jupe plissée"]
    assert session.get(SocialPage, owner.page.id).catalogue_version == catalogue_version + 1
    exists = put(client, owner.headers, f"update/{agent_id}", answer_body(entity="Jupe plissée", categorie="Jupes"))
    assert exists.get_json() == "exist"


def test_an_answer_for_a_new_intent_adds_the_intent_with_its_generic_answer(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge")
    agent_id = agent_with_intent(client, owner)

    project = put(client, owner.headers, f"firstupdate/{agent_id}",
                  answer_body(intent="Taille", genericAnswer="Toutes les tailles.")).get_json()

    size = project["intents"][1]
    assert (size["key"], size["genericAnswer"], size["products"][0]["product"]) == \
        ("size", "Toutes les tailles.", "Robe rouge")


def test_update_and_remove_a_product_answer(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge")
    agent_id = agent_with_intent(client, owner)
    answer_id = put(client, owner.headers, f"firstupdate/{agent_id}",
                    answer_body()).get_json()["intents"][0]["products"][0]["_id"]
    version = fresh(agent_id).version

    updated = put(client, owner.headers, f"entitiesupdate/{agent_id}",
                  answer_body(text="Livrée en 24 h.", buttons=[PHONE_BUTTON]))

    assert updated.status_code == 200
    product = updated.get_json()["intents"][0]["products"][0]
    assert (product["_id"], product["preAnswer"], product["buttons"]) == (answer_id, "Livrée en 24 h.",
                                                                          [PHONE_BUTTON])
    assert updated.get_json()["version"] == version + 1
    removed = put(client, owner.headers, f"{agent_id}/remove/entity", {"intent": "delivery", "answer": answer_id})
    assert removed.status_code == 200 and removed.get_json()["intents"][0]["products"] == []
    assert removed.get_json()["version"] == version + 2
    before = snapshot(agent_id)
    gone = put(client, owner.headers, f"{agent_id}/remove/entity", {"intent": "delivery", "answer": answer_id})
    assert gone.status_code == 404 and gone.get_json()["code"] == "answer_not_found"
    not_there = put(client, owner.headers, f"entitiesupdate/{agent_id}", answer_body())
    assert not_there.status_code == 404 and snapshot(agent_id) == before


def test_bad_product_answers_are_422_and_change_nothing_not_even_the_catalogue(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge")
    agent_id = agent_with_intent(client, owner)
    before = snapshot(agent_id)
    bad = ({"entity": "  "}, {"specificAnswer": ""}, {"specificAnswer": "x" * 641}, {"intent": "nothing"},
           {"buttons": [{**SITE_BUTTON, "url": ""}]}, {"entity": "x" * 256},
           {"buttons": [{**PHONE_BUTTON, "payload": "21671000000"}]}, {"buttons": [{**SITE_BUTTON, "url": "shop.tn"}]},
           {"specificAnswer": "##FULL_NAME##"})
    for path in ("firstupdate", "update", "entitiesupdate"):
        for fields in bad:
            body = answer_body(categorie="Jupes", **fields)
            answer = put(client, owner.headers, f"{path}/{agent_id}", body)
            assert answer.status_code == 422, (path, fields, answer.get_json())
    assert put(client, owner.headers, f"update/{agent_id}", answer_body(categorie=" ")).status_code == 422
    assert put(client, owner.headers, f"{agent_id}/remove/entity", {"intent": "delivery"}).status_code == 422
    assert snapshot(agent_id) == before
    assert session.scalars(select(Category).where(Category.name == "Jupes")).first() is None


def test_a_refused_intent_adds_no_product_to_the_catalogue(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    agent_id = agent_with_intent(client, owner)

    refused = put(client, owner.headers, f"update/{agent_id}",
                  answer_body(entity="Jupe", intent="Price", categorie="Jupes"))

    assert refused.status_code == 422 and refused.get_json()["code"] == "price_not_allowed"
    session.expire_all()
    assert session.scalars(select(Product).where(Product.page_id == owner.page.id)).first() is None


def test_another_teams_user_gets_404_for_product_answers(client, sandbox, signed_in):
    owner = team(client, sandbox, signed_in)
    catalogue(owner.page, "Robes", "Robe rouge")
    agent_id = agent_with_intent(client, owner)
    _stranger, stranger_headers, _ = signed_in("Stranger", "Elsewhere")
    before = snapshot(agent_id)
    for path in ("firstupdate", "update", "entitiesupdate"):
        answer = put(client, stranger_headers, f"{path}/{agent_id}", answer_body(categorie="Robes"))
        assert answer.status_code == 404, path
    assert snapshot(agent_id) == before
