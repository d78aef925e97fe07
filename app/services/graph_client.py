"""The product's one Graph API client for this process, built from the settings (app/graph does the work)."""
from __future__ import annotations

from functools import lru_cache

from app.graph import GraphClient


@lru_cache(maxsize=4)
def _client_for(base_url: str, version: str, app_id: str, app_secret: str, timeout: str) -> GraphClient:
    return GraphClient.from_settings({"GRAPH_API_URL": base_url, "GRAPH_API_VERSION": version,
                                      "META_APP_ID": app_id, "META_APP_SECRET": app_secret,
                                      "GRAPH_TIMEOUT": timeout})


def graph_client(settings: dict) -> GraphClient:
    return _client_for(settings["GRAPH_API_URL"], settings["GRAPH_API_VERSION"], settings["META_APP_ID"],
                       settings["META_APP_SECRET"], str(settings.get("GRAPH_TIMEOUT", "10")))
