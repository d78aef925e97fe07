"""Small helpers shared by the sandbox tests: a Graph call over real HTTP and a seeded page world."""
import requests


def graph(sandbox, method, path, token=None, version="v23.0", **kwargs):
    params = dict(kwargs.pop("params", {}))
    if token:
        params["access_token"] = token
    prefix = f"/{version}" if version else ""
    return requests.request(method, f"{sandbox.url}{prefix}/{path.lstrip('/')}", params=params, timeout=10,
                            **kwargs)


def seed_page(sandbox, name="Maison Jasmin", instagram=False):
    """A user owning one page (and its Instagram account when asked) with one post."""
    admin = sandbox.admin
    user = admin.user("Amira", "Ben Salah", email="amira@example.com")
    page = admin.page(name, [user["id"]], fan_count=120, new_like_count=3)
    world = {"user": user, "page": page, "post": admin.post("New collection", page_id=page["id"])}
    if instagram:
        world["ig"] = admin.instagram(page["id"], "maison.jasmin", followers_count=900)
        world["media"] = admin.post("Summer drop", ig_user_id=world["ig"]["id"])
    return world


def assert_graph_error(response, code, subcode=None, status=400):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    assert error["type"] and error["fbtrace_id"] and error["message"]
    if subcode is not None:
        assert error["error_subcode"] == subcode, error
    return error
