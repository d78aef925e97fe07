"""The API frame: OpenAPI description, JSON errors everywhere, the built frontend served at every route."""


def test_openapi_lists_the_auth_endpoints_with_their_schemas(client):
    spec = client.get("/api/openapi.json").get_json()
    login = spec["paths"]["/api/v1/auth/login/facebook"]["post"]
    assert "requestBody" in login and "200" in login["responses"]
    assert "/api/v1/auth/logout" in spec["paths"]
    schemas = spec["components"]["schemas"]
    assert {"token", "tokenMemberShip"} <= set(schemas["LoginFacebook"]["properties"])
    assert {"idFacebook", "profilePictureUrl", "pack"} <= set(schemas["User"]["properties"])


def test_docs_ui_and_its_assets_are_served_locally(client):
    page = client.get("/api/docs")
    assert page.status_code == 200 and b"/api/docs-assets/swagger-ui-bundle.js" in page.data
    script = client.get("/api/docs-assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.data) > 100_000


def test_unknown_api_path_is_json_404(client):
    answer = client.get("/api/v1/nothing-here")
    assert answer.status_code == 404
    assert answer.is_json and answer.get_json()["code"] == 404


def test_wrong_method_is_json_405(client):
    answer = client.get("/api/v1/auth/login/facebook")
    assert answer.status_code == 405 and answer.get_json()["code"] == 405


def test_malformed_json_is_a_json_4xx(client):
    answer = client.post("/api/v1/auth/login/facebook", data="{not json", content_type="application/json")
    assert 400 <= answer.status_code < 500 and answer.is_json


def test_public_config_tells_the_browser_where_to_sign_in(client, sandbox):
    config = client.get("/api/v1/config").get_json()
    assert config["loginDialogUrl"] == f"{sandbox.url}/dialog/oauth"
    assert config["metaAppId"] == sandbox.app_id
    assert "secret" not in str(config).lower()


def test_client_routes_get_the_app_shell(app, client, tmp_path):
    (tmp_path / "index.html").write_text("<div id=root></div>")
    (tmp_path / "app.js").write_text("console.log(1)")
    app.config["FRONTEND_DIST"] = str(tmp_path)
    from app import frontend  # the route reads the setting at install time, so install a fresh app

    from flask import Flask
    shell = Flask("shell")
    shell.config["FRONTEND_DIST"] = str(tmp_path)
    frontend.install(shell)
    web = shell.test_client()
    assert web.get("/home/dashboard").data == b"<div id=root></div>"
    assert web.get("/app.js").data == b"console.log(1)"
    assert web.get("/api/v1/anything").status_code == 404


def test_built_assets_are_kept_by_browsers_and_the_shell_is_asked_again(tmp_path):
    """A returning browser must not ask again for the files Vite names by their content, yet must see a new build:
    index.html, which names them, is asked for each time, and so is a public file whose name never changes."""
    (tmp_path / "index.html").write_text("<script src=/assets/index-3f9a.js></script>")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "index-3f9a.js").write_text("console.log(1)")
    (tmp_path / "logo.svg").write_text("<svg/>")
    from flask import Flask

    from app import frontend

    shell = Flask("shell")
    shell.config["FRONTEND_DIST"] = str(tmp_path)
    frontend.install(shell)
    web = shell.test_client()

    asset = web.get("/assets/index-3f9a.js")
    assert asset.data == b"console.log(1)"
    assert asset.cache_control.max_age == 365 * 24 * 3600
    assert asset.cache_control.immutable and asset.cache_control.public
    for path in ("/", "/home/dashboard", "/logo.svg"):
        answer = web.get(path)
        assert answer.status_code == 200
        assert not answer.cache_control.immutable and not answer.cache_control.max_age, path
