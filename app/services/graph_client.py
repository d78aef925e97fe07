"""The product's one Graph API client for this process, built from the settings (app/graph does the work)."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from app.graph import GraphClient
from app.settings import settings_of


@lru_cache(maxsize=4)
def _client_for(base_url: str, version: str, app_id: str, app_secret: str, timeout: float) -> GraphClient:
    return GraphClient(base_url, version, app_id, app_secret, timeout)


def graph_client(settings: Mapping) -> GraphClient:
    return _client_for(settings["GRAPH_API_URL"], settings["GRAPH_API_VERSION"], settings["META_APP_ID"],
                       settings["META_APP_SECRET"], settings_of(settings).graph_timeout)
