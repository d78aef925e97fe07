"""The product's one Graph API client for this process, built from the settings (app/graph does the work), its
pages' calls paced together by every process through Redis (app/services/graph_pacing.py)."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from app.graph import GraphClient
from app.models import SocialPage
from app.services.graph_pacing import RedisPacer
from app.settings import settings_of


@lru_cache(maxsize=4)
def _client_for(base_url: str, version: str, app_id: str, app_secret: str, timeout: float,
                pacer: tuple[str, str, float, float]) -> GraphClient:
    return GraphClient(base_url, version, app_id, app_secret, timeout, pacer=RedisPacer(*pacer))


def graph_client(settings: Mapping) -> GraphClient:
    typed = settings_of(settings)
    pacer = (settings["REDIS_URL"], settings["CELERY_KEY_PREFIX"], typed.graph_pace_spacing_seconds,
             typed.graph_pace_wait_seconds)
    return _client_for(settings["GRAPH_API_URL"], settings["GRAPH_API_VERSION"], settings["META_APP_ID"],
                       settings["META_APP_SECRET"], typed.graph_timeout, pacer)


def page_client(settings: Mapping, page: SocialPage) -> GraphClient:
    """The client for calls made with the page's token, paced as the page's: an Instagram account's calls carry
    its linked Facebook page's token and count against both."""
    if page.platform == "instagram" and page.linked_page_external_id:
        return graph_client(settings).for_page(page.linked_page_external_id, page.external_id)
    return graph_client(settings).for_page(page.external_id)
