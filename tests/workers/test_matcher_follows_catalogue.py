"""A catalogue change reaches the next comment without a rebuild on the comment path (issue 40): the next comment of
the changed page is read by the page's matcher with the changed product layered on it (a layer of a few products
is kept; a larger change's full build follows in a thread of its own), and another page's matcher stays the one it
had. The drain runs in this process (so the test can look at the matchers it used); the webhooks, the database and
the Graph calls to the sandbox are real."""
import threading
import time

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Category, CommentLog, InboxEvent, Product, SocialPage
from app.services import catalogue
from app.services.pipeline import catalogue_follower, drain, matchers
from app.services.pipeline.matcher_store import MatcherStore
from nlp.product_delta import KEPT_CHANGES, MOST_CHANGED
from nlp.products import ProductIndex
from tests.fixtures.worker_drain import drain_until_logged
from tests.workers.conftest import add_agent, connect_page

NEW_SYNONYM = "zorblaxine"


@pytest.fixture
def two_shops(app, sandbox, live_web, unheard_bells):
    """Pages A (a catalogue of 300 dresses) and B, each with a live agent answering availability questions."""
    settings = dict(app.config)
    shops = []
    for _ in range(2):
        page, post_id = connect_page(sandbox, settings, live_web)
        agent = add_agent(page, post_id, {"availability": "Oui, en stock !", "price": "45 DT"})
        shops.append((page, post_id, agent))
    page_a = shops[0][0]
    catalogue.change(page_a, catalogue.add_category, "Robes",
                     [{"content": f"Robe modèle {number}", "synonyms": [f"rm{number}"]} for number in range(300)])
    return settings, sandbox, shops


def _comment(sandbox, post_id: str, message: str) -> str:
    comment_id = sandbox.admin.comment(post_id, message, author={"id": "7100001", "name": "Fan Nour"})["id"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not _stored(comment_id):
        time.sleep(0.1)
    assert _stored(comment_id), "the webhook never stored the comment"
    return comment_id


def _stored(comment_id: str) -> bool:
    session.rollback()
    return session.scalar(select(InboxEvent.id).where(InboxEvent.comment_id == comment_id)) is not None


def _new_synonym_then_comments(sandbox, page_a: SocialPage, post_a: str, post_b: str) -> tuple[str, str]:
    """A synonym added to one of A's dresses, then a comment naming it on A and a question on B."""
    dresses = session.scalar(select(Category).where(Category.page_id == page_a.id))
    product = session.scalar(select(Product).where(Product.content == "Robe modèle 12"))
    catalogue.change(page_a, catalogue.add_synonyms, dresses.id, product.id, [NEW_SYNONYM])
    return _comment(sandbox, post_a, f"le {NEW_SYNONYM} est disponible ?"), _comment(sandbox, post_b, "disponible ?")


def _logged_products(comment_id: str) -> list[dict]:
    session.rollback()
    return session.scalar(select(CommentLog).where(CommentLog.comment_id == comment_id)).products


def _matcher(page: SocialPage, agent):
    session.expire_all()
    return matchers.matcher_for(agent, session.get(SocialPage, page.id))


def test_a_new_synonym_answers_the_next_comment_while_no_matcher_is_rebuilt_on_the_comment_path(two_shops):
    settings, sandbox, ((page_a, post_a, agent_a), (page_b, post_b, agent_b)) = two_shops
    _comment(sandbox, post_a, "la robe modèle 7 est disponible ?")
    _comment(sandbox, post_b, "c'est combien ?")
    drain.drain(settings)
    before_a, before_b = _matcher(page_a, agent_a), _matcher(page_b, agent_b)
    # The process's build thread is kept busy until the comment is answered, so the answer cannot come from the full
    # build, however quickly a loaded machine or a small catalogue lets it finish.
    builder_busy = threading.Event()
    matchers._store._builder.submit(builder_busy.wait)

    try:
        asked_a, asked_b = _new_synonym_then_comments(sandbox, page_a, post_a, post_b)
        drain_until_logged(settings, asked_a, timeout=60)  # on a loaded machine the layer may come after a drain's 10 s

        assert [(hit["name"], hit["spelling"], hit["synonym"]) for hit in _logged_products(asked_a)] == \
            [("Robe modèle 12", NEW_SYNONYM, True)]
        assert len(sandbox.admin.comment_effects(asked_a)["private_replies"]) == 1
        assert len(sandbox.admin.comment_effects(asked_b)["private_replies"]) == 1
        assert _matcher(page_b, agent_b) is before_b  # B's matcher was neither dropped nor rebuilt
        # A's comment was read by the old full index with the change layered on it: no build on the comment path.
        after_a = _matcher(page_a, agent_a)
        assert after_a is not before_a and after_a.products.base is before_a.products
    finally:
        builder_busy.set()  # never left waiting: the process could not end

    # One changed product is a layer kept for good: once the follower's answer is taken up, no full index is built,
    # in this process or apart (the full build past product_delta.KEPT_CHANGES: tests/unit/test_matcher_store.py).
    matchers._store._follower.submit(lambda: None).result(timeout=60)
    matchers._store._builder.submit(lambda: None).result(timeout=60)
    kept = _matcher(page_a, agent_a)
    assert kept is after_a and kept.products.base is before_a.products
    assert [hit.name for hit in kept.match(f"{NEW_SYNONYM} disponible ?").products] == ["Robe modèle 12"]


def test_a_small_change_is_layered_in_the_drain_from_its_record_with_no_follower(two_shops):
    """A synonym added, then a product renamed and another deleted: each change names the products it touched
    (catalogue_changes.py), and the next comment of the page is decided in the same drain with those products layered
    on the old full index, while no follower could run (its thread is held) and no build either."""
    settings, sandbox, ((page_a, post_a, agent_a), (page_b, post_b, agent_b)) = two_shops
    _comment(sandbox, post_a, "la robe modèle 7 est disponible ?")
    drain.drain(settings)
    before_a = _matcher(page_a, agent_a)
    held = threading.Event()
    matchers._store._follower.submit(held.wait)
    matchers._store._builder.submit(held.wait)
    try:
        asked_a, asked_b = _new_synonym_then_comments(sandbox, page_a, post_a, post_b)
        drain.drain(settings)  # once: a comment left for a follower would still be waiting after it
        assert [hit["spelling"] for hit in _logged_products(asked_a)] == [NEW_SYNONYM]
        assert len(sandbox.admin.comment_effects(asked_a)["private_replies"]) == 1
        assert len(sandbox.admin.comment_effects(asked_b)["private_replies"]) == 1

        dresses = session.scalar(select(Category).where(Category.page_id == page_a.id))
        renamed, gone = (session.scalar(select(Product).where(Product.page_id == page_a.id, Product.content == name))
                         for name in ("Robe modèle 40", "Robe modèle 41"))
        catalogue.change(page_a, catalogue.rename_product, dresses.id, renamed.id, "Caftan brodé")
        catalogue.change(page_a, catalogue.delete_product, dresses.id, None, gone.id)
        asked_again = _comment(sandbox, post_a, "le caftan brodé est disponible ?")
        drain.drain(settings)
        assert [hit["name"] for hit in _logged_products(asked_again)] == ["Caftan brodé"]
        layered = _matcher(page_a, agent_a)
        assert layered.products.base is before_a.products
        for gone_name in ("robe modèle 40", "robe modèle 41"):
            assert gone_name not in {hit.name.lower() for hit in layered.match(f"{gone_name} disponible ?").products}
        assert [hit.name for hit in layered.match("robe modèle 42 disponible ?").products][:1] == ["Robe modèle 42"]
    finally:
        held.set()
    assert not matchers._store._following  # no change was sent to a follower


def _processed(comment_id: str) -> bool:
    session.rollback()
    return session.scalar(select(InboxEvent.processed_at).where(InboxEvent.comment_id == comment_id)) is not None


def test_a_changed_catalogue_is_read_apart_while_the_other_pages_comments_are_answered(two_shops, monkeypatch):
    """The read of a changed catalogue (0.5 to 1 s for 20,000 products on a busy machine) is no longer made on the
    comment path, where the other pages' comments of the batch waited for it: the page's comments wait in the inbox
    until it is read, the other pages' are answered meanwhile. The change here adds more products than a change's
    record names (catalogue_changes.py), so it is read whole."""
    settings, sandbox, ((page_a, post_a, agent_a), (page_b, post_b, agent_b)) = two_shops
    monkeypatch.setattr(drain, "DRAIN_SECONDS", 1.0)  # a drain of this test hands over soon: the test calls again
    _comment(sandbox, post_a, "la robe modèle 7 est disponible ?")
    drain.drain(settings)  # A's matcher built in this process
    reading = threading.Event()
    matchers._store._follower.submit(reading.wait)  # the changed catalogue is not read until the test says so
    try:
        catalogue.change(page_a, catalogue.add_category, "Tuniques",
                         [{"content": f"Tunique {NEW_SYNONYM} {number}", "synonyms": []}
                          for number in range(KEPT_CHANGES + 1)])
        asked_a = _comment(sandbox, post_a, f"la tunique {NEW_SYNONYM} 3 est disponible ?")
        asked_b = _comment(sandbox, post_b, "disponible ?")
        drain.drain(settings)

        assert len(sandbox.admin.comment_effects(asked_b)["private_replies"]) == 1
        assert not _processed(asked_a)  # waiting for its page's catalogue, not answered with the old one
    finally:
        reading.set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _processed(asked_a):
        drain.drain(settings)
    assert [hit["name"] for hit in _logged_products(asked_a)][:1] == [f"Tunique {NEW_SYNONYM} 3"]
    assert len(sandbox.admin.comment_effects(asked_a)["private_replies"]) == 1


def _dresses(count: int, synonyms: dict | None = None) -> dict:
    return {"categories": [{"name": "Robes", "products": [
        {"name": f"Robe modèle {number}", "synonyms": (synonyms or {}).get(number, [])} for number in range(count)]}]}


def test_an_import_too_large_to_layer_is_answered_by_the_old_matcher_until_its_build_is_in():
    store = MatcherStore(size=4)
    owner = ("agent", "page")
    old = store.get(owner, 1, lambda: ["availability"], lambda: _dresses(3))
    builder_busy = threading.Event()
    store._builder.submit(builder_busy.wait)
    try:
        imported = _dresses(MOST_CHANGED + 10)
        assert store.get(owner, 2, list, lambda: imported) is old  # the import's build waits: the old one answers
        assert store.get(owner, 2, list, lambda: pytest.fail("read again")) is old  # and the catalogue is read once
    finally:
        builder_busy.set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and store.get(owner, 2, list, dict) is old:
        time.sleep(0.1)
    built = store.get(owner, 2, list, dict)
    assert built is not old and isinstance(built.products, ProductIndex)

    changed = _dresses(MOST_CHANGED + 10, {12: [NEW_SYNONYM]})
    layered = store.get(owner, 3, list, lambda: changed)
    assert layered.products.base is built.products  # the next change is layered on the import's build
    assert [hit.name for hit in layered.match(f"{NEW_SYNONYM} disponible ?").products] == ["Robe modèle 12"]


def test_an_import_then_a_synonym_read_together_build_one_full_index(two_shops, monkeypatch):
    """A change that comes before an earlier one is read (an import, then a synonym a moment later) is read with it:
    the import's follower process answers for the synonym's version, and the synonym needs no follower of its own
    (tests/unit/test_matcher_store.py: a change that comes after the read stops the earlier follower instead)."""
    settings, sandbox, ((page_a, post_a, agent_a), _shop_b) = two_shops
    monkeypatch.setattr(drain, "DRAIN_SECONDS", 1.0)
    _comment(sandbox, post_a, "la robe modèle 7 est disponible ?")
    drain.drain(settings)  # A's matcher built in this process
    followers, real_follow = [], catalogue_follower.follow  # each follower process's answers read, in turn

    def follow(*change):
        followers.append(answers := [])
        for answer in real_follow(*change):
            answers.append(answer[0])
            yield answer

    monkeypatch.setattr(catalogue_follower, "follow", follow)
    reading = threading.Event()
    matchers._store._follower.submit(reading.wait)  # neither change is read until both are made
    try:
        catalogue.change(page_a, catalogue.add_category, "Import",
                         [{"content": f"Tunique {number}", "synonyms": []} for number in range(MOST_CHANGED + 10)])
        _comment(sandbox, post_a, "la tunique 3 est disponible ?")
        _drain_until_followed(settings, page_a, agent_a)
        dress = session.scalar(select(Product).where(Product.content == "Robe modèle 12"))
        catalogue.change(page_a, catalogue.add_synonyms, dress.category_id, dress.id, [NEW_SYNONYM])
        _comment(sandbox, post_a, f"le {NEW_SYNONYM} est disponible ?")
        _drain_until_followed(settings, page_a, agent_a)
    finally:
        reading.set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _reads(page_a, agent_a, NEW_SYNONYM):
        drain.drain(settings)
    assert _reads(page_a, agent_a, NEW_SYNONYM)
    # One follower, asked for the import and reading the synonym too (it came before the read): the synonym needs
    # none of its own, and its full index is the only one built.
    assert followers == [["too_large", "full"]]


def _reads(page: SocialPage, agent, synonym: str) -> bool:
    """Whether the drain's matcher of A is a full index that reads `synonym` (looked at in the store: get() would
    follow the change itself)."""
    session.expire_all()
    current = matchers._store._entries.get(matchers._owner(agent, session.get(SocialPage, page.id)))
    return current is not None and isinstance(current.matcher.products, ProductIndex) and \
        bool(current.matcher.match(f"{synonym} disponible ?").products)


def _drain_until_followed(settings: dict, page: SocialPage, agent) -> None:
    """Drains until the page's comment has asked for its current catalogue to be followed: on a loaded machine a
    drain of 1 s may hand over before it reaches the comment."""
    session.expire_all()
    page = session.get(SocialPage, page.id)
    owner = matchers._owner(agent, page)
    deadline = time.monotonic() + 60
    while matchers._store._following.get(owner, 0) < page.catalogue_version:
        assert time.monotonic() < deadline, "the changed catalogue was never asked for"
        drain.drain(settings)
