"""/me, /debug_token and /me/accounts as the product's login and page connection read them."""
import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page


def test_me_answers_the_requested_fields_with_a_served_picture(sandbox):
    world = seed_page(sandbox)
    response = graph(sandbox, "GET", "me", world["user"]["access_token"],
                     params={"fields": "id,name,first_name,last_name,email,picture{data{url}}"})
    assert response.status_code == 200
    me = response.json()
    assert me["id"] == world["user"]["id"]
    assert (me["first_name"], me["last_name"], me["name"]) == ("Amira", "Ben Salah", "Amira Ben Salah")
    assert me["email"] == "amira@example.com"
    assert list(me["picture"]) == ["data"] and list(me["picture"]["data"]) == ["url"]


def test_me_without_fields_gives_id_and_name_and_works_without_version(sandbox):
    world = seed_page(sandbox)
    response = graph(sandbox, "GET", "me", world["user"]["access_token"], version=None)
    assert response.json() == {"id": world["user"]["id"], "name": "Amira Ben Salah"}


def test_bearer_header_is_accepted(sandbox):
    world = seed_page(sandbox)
    response = graph(sandbox, "GET", "me", headers={"Authorization": f"Bearer {world['user']['access_token']}"})
    assert response.json()["id"] == world["user"]["id"]


def test_unknown_token_is_190_467(sandbox):
    assert_graph_error(graph(sandbox, "GET", "me", "EAAnotatoken"), 190, 467)


def test_missing_token_is_refused(sandbox):
    assert_graph_error(graph(sandbox, "GET", "me"), 104)


def test_debug_token_reports_user_and_app(sandbox):
    world = seed_page(sandbox)
    data = graph(sandbox, "GET", "debug_token", sandbox.app_token,
                 params={"input_token": world["user"]["access_token"]}).json()["data"]
    assert data["is_valid"] is True
    assert data["app_id"] == sandbox.app_id and data["user_id"] == world["user"]["id"]
    assert "pages_messaging" in data["scopes"]


def test_debug_token_of_unknown_token_is_invalid_with_200(sandbox):
    response = graph(sandbox, "GET", "debug_token", sandbox.app_token, params={"input_token": "EAAbogus"})
    assert response.status_code == 200
    assert response.json()["data"]["is_valid"] is False
    assert response.json()["data"]["error"]["code"] == 190


def test_debug_token_with_wrong_app_secret_is_190(sandbox):
    response = graph(sandbox, "GET", "debug_token", f"{sandbox.app_id}|wrong", params={"input_token": "x"})
    assert_graph_error(response, 190)


def test_accounts_lists_owned_pages_with_tokens_tasks_and_instagram(sandbox):
    world = seed_page(sandbox, instagram=True)
    sandbox.admin.page("Not mine", [sandbox.admin.user("Other", "Owner")["id"]])
    response = graph(sandbox, "GET", "me/accounts", world["user"]["access_token"],
                     params={"fields": "id,name,access_token,tasks,picture,instagram_business_account"})
    pages = response.json()["data"]
    assert [page["name"] for page in pages] == ["Maison Jasmin"]
    assert pages[0]["access_token"] == world["page"]["access_token"]
    assert "MESSAGING" in pages[0]["tasks"] and "MODERATE" in pages[0]["tasks"]
    assert pages[0]["instagram_business_account"] == {"id": world["ig"]["id"]}
    assert pages[0]["picture"]["data"]["url"].endswith(f"/{world['page']['id']}/picture")


def test_accounts_pages_through_next_links_until_no_next(sandbox):
    user = sandbox.admin.user("Amira", "Ben Salah")
    created = [sandbox.admin.page(f"Page {index}", [user["id"]])["id"] for index in range(5)]
    response = graph(sandbox, "GET", "me/accounts", user["access_token"], params={"limit": 2})
    seen = []
    for _ in range(10):
        body = response.json()
        seen += [page["id"] for page in body["data"]]
        if "next" not in body["paging"]:
            break
        assert body["paging"]["next"].startswith(f"{sandbox.url}/v23.0/me/accounts?")
        response = requests.get(body["paging"]["next"], timeout=10)
    assert seen == sorted(created)
