"""Serves the built React app (frontend/dist): real files as they are, index.html for every client route, and the
files Vite names by their content (assets/) to be kept by browsers for a year.

Paths under /api stay with the API, so an unknown API path is a JSON 404, never the app's HTML.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask, abort, current_app, request, send_from_directory
from werkzeug.exceptions import MethodNotAllowed

API_PREFIX = "api/"
# Vite names each file it builds under assets/ by a hash of its content: a changed file is a new name, so a browser
# may keep one for good. Without it, every screen a person opened asked for the app's 30 files again (answered 304).
BUILT_ASSETS = "assets/"
A_YEAR = 365 * 24 * 3600


def install(app: Flask) -> None:
    dist = Path(app.config["FRONTEND_DIST"])

    @app.get("/api/docs-assets/<path:path>")
    def docs_assets(path: str):
        from swagger_ui_bundle import swagger_ui_path

        return send_from_directory(swagger_ui_path, path)

    @app.get("/", defaults={"path": ""})
    @app.get("/<path:path>")
    def frontend(path: str):
        if path.startswith(API_PREFIX) or path == "api":
            _api_path_not_found()
        if path and (dist / path).is_file():
            return _built_file(dist, path)
        if not (dist / "index.html").is_file():
            abort(404, description="The frontend is not built: run `npm run build` in frontend/")
        return send_from_directory(dist, "index.html", max_age=0)


def _built_file(dist: Path, path: str):
    if not path.startswith(BUILT_ASSETS):
        return send_from_directory(dist, path)  # logo.svg and the like keep their name when they change
    response = send_from_directory(dist, path, max_age=A_YEAR)
    response.cache_control.immutable = True
    return response


def _api_path_not_found():
    """404, or 405 when the API has this path for other methods (this catch-all hides that from routing)."""
    own_methods = {"GET", "HEAD", "OPTIONS"}
    try:
        current_app.url_map.bind("localhost").match(request.path, method="PROBE")
    except MethodNotAllowed as error:
        if set(error.valid_methods or ()) - own_methods:
            raise MethodNotAllowed(valid_methods=sorted(set(error.valid_methods) - own_methods)) from None
    abort(404)
