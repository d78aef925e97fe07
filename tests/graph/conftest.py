"""A small sandbox world (a user, a page with its Instagram account, a post on each) and the product's
Graph client pointed at the live sandbox, with small result pages so paging is exercised."""
from dataclasses import dataclass

import pytest

from app.graph import GraphClient


@dataclass
class World:
    user: dict
    page: dict
    instagram: dict
    post: dict
    media: dict

    @property
    def page_token(self) -> str:
        return self.page["access_token"]


@pytest.fixture
def graph(sandbox):
    client = GraphClient(sandbox.url, "v23.0", sandbox.app_id, sandbox.app_secret, timeout=5.0, page_size=2)
    yield client
    client.transport.close()


@pytest.fixture
def world(sandbox):
    user = sandbox.admin.user("Amira", "Ben Salah")
    page = sandbox.admin.page("Boutique Amira", [user["id"]], fan_count=1520, new_like_count=12)
    instagram = sandbox.admin.instagram(page["id"], "boutique.amira", followers_count=830)
    post = sandbox.admin.post("Nouvelle collection", page_id=page["id"])
    media = sandbox.admin.post("Robe rouge", ig_user_id=instagram["id"])
    return World(user, page, instagram, post, media)
