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
