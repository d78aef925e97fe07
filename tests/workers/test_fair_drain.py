"""Fair draining (issue 40): a page whose comments are slow to decide does not hold another page's comments of the
same batch. Page A's matcher is built on its first comment in this process from a catalogue of 20,000 products (half
a second or more; a page's share is made 0.2 s here, so that is past it on any machine); B's comments, received
after A's, are answered before A's other comments, which A's own task (ingest.drain_page, run here as its task
would) answers after. The drain runs in this process; the webhooks, the database and the Graph calls to the sandbox
are real, the order is the sandbox's."""
import time

import pytest
from sqlalchemy import func, select

from app.database import insert_rows, session
from app.models import Category, InboxEvent, Product, SocialPage, Synonym
from app.services.pipeline import drain, fair
from tests.workers.conftest import add_agent, connect_page

PRODUCTS = 20_000


@pytest.fixture
def slow_and_fast_pages(app, sandbox, live_web, unheard_bells, monkeypatch):
    monkeypatch.setattr(fair, "PAGE_SECONDS", 0.2)
    # A's first decision builds its matcher: about 4 s on a quiet machine, and past 10 s was seen on a loaded one, where
    # the batch's own limit (2 s) and the drain's (10 s) ended the drain before B's turn. Those limits are not what
    # this test checks: they are made long enough for any machine.
    monkeypatch.setattr(fair, "BATCH_SECONDS", 300.0)
    monkeypatch.setattr(drain, "DRAIN_SECONDS", 300.0)
    settings = dict(app.config)
    slow, slow_post = connect_page(sandbox, settings, live_web)
    fast, fast_post = connect_page(sandbox, settings, live_web)
    for page, post_id in ((slow, slow_post), (fast, fast_post)):
        add_agent(page, post_id, {"price": "45 DT", "availability": "Oui, en stock !"})
    _big_catalogue(slow)
    return settings, sandbox, (slow, slow_post), (fast, fast_post)


def _big_catalogue(page: SocialPage) -> None:
    category = Category(page_id=page.id, name="Robes")
    session.add(category)
    session.commit()
    ids = insert_rows(Product, [{"category_id": category.id, "page_id": page.id, "content": f"Robe modèle {number}"}
                                for number in range(PRODUCTS)])
    insert_rows(Synonym, [{"product_id": product_id, "value": f"rm{number} {word} {number % 97}"}
                          for number, product_id in enumerate(ids) for word in ("tissu", "coton", "soie")])
    session.commit()


def _store(sandbox, post_id: str, messages: list[str]) -> list[str]:
    ids = [sandbox.admin.comment(post_id, message, author={"id": str(7_200_000 + index), "name": "Fan Nour"})["id"]
           for index, message in enumerate(messages)]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _stored(ids) < len(ids):
        time.sleep(0.1)
    assert _stored(ids) == len(ids), "the webhooks never stored every comment"
    return ids


def _stored(comment_ids: list[str]) -> int:
    session.rollback()
    return session.scalar(select(func.count(InboxEvent.id)).where(InboxEvent.comment_id.in_(comment_ids)))


def test_a_slow_page_does_not_hold_a_fast_pages_comments_of_the_same_batch(slow_and_fast_pages):
    settings, sandbox, (slow, slow_post), (fast, fast_post) = slow_and_fast_pages
    slow_ids = _store(sandbox, slow_post, ["c'est combien la robe ?", "disponible en 38 ?", "prix svp"])
    fast_ids = _store(sandbox, fast_post, ["c'est combien ?", "prix ?", "combien svp"])

    drain.drain(settings)  # a general drain: A's first comment makes A slow, A is handed to its own task
    replied = [effect["comment_id"] for effect in sandbox.admin.effects() if effect["kind"] == "private_reply"]
    assert sorted(replied) == sorted([slow_ids[0], *fast_ids])  # A's first (round-robin), B's, none of A's others

    drain.drain(settings, page=slow.external_id)  # A's own task (ingest.drain_page)
    replied = [effect["comment_id"] for effect in sandbox.admin.effects() if effect["kind"] == "private_reply"]
    assert sorted(replied) == sorted(slow_ids + fast_ids) and len(replied) == 6  # none lost, none twice
    assert max(replied.index(comment_id) for comment_id in fast_ids) < replied.index(slow_ids[1])
    session.rollback()
    assert session.scalar(select(func.count(InboxEvent.id)).where(InboxEvent.processed_at.is_(None))) == 0
