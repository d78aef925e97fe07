"""Security headers on every answer of the web process: a strict Content-Security-Policy, no framing, no MIME
sniffing, a cautious Referer, a separate browsing-context group, and HSTS in production.

The session token lives in localStorage (by specification), so any script injected into the page could read
it: the first defence is a script-src that only runs the app's own files, never inline or eval'd code.

Two policies:
- the app's policy, on every answer (the built React app, the API's JSON, errors): only the app's own files;
  pictures also from https CDNs (Facebook profile pictures) and from the Graph API's origin (the sandbox
  serves them over http in development); forms may only go to the app and the card gateway.
- the API docs page (flask-smorest's Swagger UI template, assets from /api/docs-assets/) starts Swagger UI
  with one inline <script> in a template we do not own: the docs policy allows exactly that script by its
  SHA-256 hash, computed from the page as rendered, so nothing else inline runs there either.
"""
from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

DOCS_ENDPOINT = "api-docs.openapi_swagger_ui"  # flask-smorest's Swagger UI page (OPENAPI_SWAGGER_UI_PATH)

# A <script> element with no attributes: the inline kind (the docs template's scripts with src= are files).
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def install(app: Flask) -> None:
    app.after_request(_add_security_headers)


def fixed_headers(production: bool) -> dict[str, str]:
    """The headers that do not depend on the page (also written by gunicorn's own error answers)."""
    headers = {
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        # The login dialog and the card gateway get our origin at most, never a path or query.
        "Referrer-Policy": "strict-origin-when-cross-origin",
        # The login leaves by a top-level navigation (window.location), not a popup: no opener to keep.
        "Cross-Origin-Opener-Policy": "same-origin",
    }
    if production:
        headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains"
    return headers


def app_policy(config) -> str:
    """The policy of the app's pages and of every API answer."""
    return _app_policy(config.get("GRAPH_API_URL"), config.get("GATEWAY_URL"))


@lru_cache(maxsize=8)
def _app_policy(graph_api_url: str | None, gateway_url: str | None) -> str:
    # Built once per pair of addresses, not on every answer: the webhook's answers are on the hot path.
    return _policy(_APP_DIRECTIVES | {
        "img-src": ["'self'", "data:", "https:", *_http_origins(graph_api_url)],
        "form-action": ["'self'", *_origins(gateway_url)],
    })


def docs_policy(page: bytes) -> str:
    """The docs page's policy: the app's rules, plus the page's own inline script(s) allowed by hash."""
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'"
              for script in _INLINE_SCRIPT.findall(page)]
    return _policy(_APP_DIRECTIVES | {"script-src": ["'self'", *hashes]})


_APP_DIRECTIVES = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    # The frontend's component library, Mantine, writes <style> elements at run time: the theme's CSS
    # variables (MantineProvider) and the media queries of responsive props (SimpleGrid's columns, ...).
    # Chromium refuses them under 'self' alone, and their content follows the theme and the screen, so no
    # fixed hash covers them; a nonce would need the static index.html rendered per answer. So styles,
    # and styles only, may be inline: injected CSS cannot read localStorage or run code, injected script
    # can, and script-src stays 'self' with no 'unsafe-inline'.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def _add_security_headers(response: Response) -> Response:
    config = current_app.config
    if request.endpoint == DOCS_ENDPOINT and response.status_code == 200:
        policy = docs_policy(response.get_data())
    else:
        policy = app_policy(config)
    response.headers.setdefault("Content-Security-Policy", policy)
    for name, value in fixed_headers(config.get("APP_ENV") == "production").items():
        response.headers.setdefault(name, value)
    return response


def _policy(directives: dict[str, list[str]]) -> str:
    return "; ".join(f"{name} {' '.join(dict.fromkeys(sources))}" for name, sources in directives.items())


def _origins(url: str | None) -> list[str]:
    parts = urlsplit(url or "")
    return [f"{parts.scheme}://{parts.netloc}"] if parts.scheme in ("http", "https") and parts.netloc else []


def _http_origins(url: str | None) -> list[str]:
    """The origin of an http:// address (an https:// one is already covered by the `https:` source)."""
    return [origin for origin in _origins(url) if origin.startswith("http://")]
