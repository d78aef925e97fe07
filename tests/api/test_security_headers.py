"""Security headers on every answer: the app's strict policy on API answers, errors and the app shell; the API
docs page with its own policy allowing only its one inline script, by hash; HSTS only in production."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

FIXED = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def directives(answer) -> dict[str, list[str]]:
    policy = answer.headers["Content-Security-Policy"]
    return {name: sources for name, *sources in (part.split() for part in policy.split(";"))}


def assert_app_policy(answer, app):
    policy = directives(answer)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    # Mantine's run-time <style> elements (theme variables, responsive props): inline styles, never scripts.
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["font-src"] == ["'self'", "data:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    # Profile pictures: https CDNs, and the Graph API's own origin (the sandbox, over http, in tests).
    assert policy["img-src"][:3] == ["'self'", "data:", "https:"]
    graph = app.config["GRAPH_API_URL"].rstrip("/")
    assert graph in policy["img-src"]
    gateway = re.match(r"https?://[^/]+", app.config["GATEWAY_URL"]).group(0)
    assert policy["form-action"] == ["'self'", gateway]


def assert_fixed_headers(answer):
    for name, value in FIXED.items():
        assert answer.headers[name] == value, name
    assert "Strict-Transport-Security" not in answer.headers


def test_api_json_answer_carries_the_app_policy_and_headers(app, client):
    answer = client.get("/api/v1/config")
    assert answer.status_code == 200 and answer.is_json
    assert_app_policy(answer, app)
    assert_fixed_headers(answer)


@pytest.mark.parametrize("path, status", [("/api/v1/nothing-here", 404), ("/api/v1/secure/anything", 401)])
def test_error_answers_carry_the_headers_too(app, client, path, status):
    answer = client.get(path)
    assert answer.status_code == status and answer.is_json
    assert_app_policy(answer, app)
    assert_fixed_headers(answer)


def test_app_shell_carries_the_app_policy(base_settings, sandbox, tmp_path):
    from app import create_app

    (tmp_path / "index.html").write_text('<div id="root"></div><script type="module" src="/assets/app.js"></script>')
    shell_app = create_app(dict(base_settings, FRONTEND_DIST=str(tmp_path)))
    web = shell_app.test_client()
    for path in ("/", "/home/dashboard"):
        answer = web.get(path)
        assert answer.status_code == 200 and answer.mimetype == "text/html"
        assert_app_policy(answer, shell_app)
        assert_fixed_headers(answer)


def test_form_action_follows_the_gateway_setting(app, client):
    app.config["GATEWAY_URL"] = "https://pay.example.test:8443/payment/Validation.php?x=1"
    answer = client.get("/api/v1/config")
    assert directives(answer)["form-action"] == ["'self'", "https://pay.example.test:8443"]


def test_docs_page_gets_its_own_policy_allowing_only_its_inline_script(client):
    answer = client.get("/api/docs")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    inline = re.findall(rb"<script>(.*?)</script>", answer.data, re.DOTALL)
    assert len(inline) == 1  # flask-smorest's Swagger UI template starts the UI with one inline script
    digest = base64.b64encode(hashlib.sha256(inline[0]).digest()).decode()
    policy = directives(answer)
    assert policy["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert_fixed_headers(answer)


def test_no_policy_ever_allows_inline_or_eval_script(client):
    for path in ("/api/v1/config", "/api/docs", "/api/openapi.json", "/api/v1/nothing-here"):
        script_src = directives(client.get(path))["script-src"]
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "https:", "data:"} & set(script_src), path


def test_hsts_only_in_production(app, client):
    assert "Strict-Transport-Security" not in client.get("/api/v1/config").headers
    app.config["APP_ENV"] = "production"
    answer = client.get("/api/v1/config")
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
