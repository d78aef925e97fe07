"""Which catalogue changes a worker's matcher store follows with a process of its own (issue 40): a change read
together with the one before it needs none, and one made after that read stops the earlier follower once its first
answer is in; a layer of a few changed products is kept, and the full index is built once the changes add up. The
followers here are generators standing in for catalogue_follower.follow's process, so that the test decides when each
answers and which version it read; the matchers and indexes are the real ones (the process itself is tested in
tests/workers/test_followers_share.py and test_matcher_follows_catalogue.py)."""
import threading
import time
from types import SimpleNamespace

from app.services.pipeline.matcher_store import MatcherStore
from nlp import product_delta
from nlp.product_delta import KEPT_CHANGES, MOST_CHANGED, LayeredIndex
from nlp.products import ProductIndex

OWNER = ("agent", "page")
NEW_SYNONYM = "zorblaxine"


def _dresses(count: int, synonyms: dict | None = None) -> dict:
    return {"categories": [{"name": "Robes", "products": [
        {"name": f"Robe modèle {number}", "synonyms": (synonyms or {}).get(number, [])} for number in range(count)]}]}


IMPORTED = _dresses(MOST_CHANGED + 10)  # too many changed products to layer: the old matcher answers meanwhile
WITH_SYNONYM = _dresses(MOST_CHANGED + 10, {12: [NEW_SYNONYM]})


def _follower(catalogue: dict, read_version: int, said: list, release: threading.Event):
    """A follower that read `catalogue` at `read_version`, answering once `release` is set; what happened to it goes
    to `said`."""
    def follow(_base_entries):
        said.append(f"{read_version} started")
        full_given = False
        try:
            release.wait(30)
            yield "too_large", read_version
            said.append(f"{read_version} full index given")
            full_given = True
            yield "full", product_delta.entries(catalogue), ProductIndex(catalogue), read_version
        except GeneratorExit:  # closed by the store: the process killed
            if not full_given:
                said.append(f"{read_version} stopped")
            raise
    return follow


def _store_at_version_1() -> MatcherStore:
    store = MatcherStore(size=4)
    store.get(OWNER, 1, lambda: ["availability"], lambda: _dresses(3))
    return store


def _until_full_index_reads_synonym(store: MatcherStore) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        current = store._entries[OWNER]
        if isinstance(current.matcher.products, ProductIndex) and current.matcher.match(
                f"{NEW_SYNONYM} disponible ?").products:
            break
        time.sleep(0.05)
    store._follower.submit(lambda: None).result(timeout=60)  # every change asked for has been taken up
    assert store._entries[OWNER].version == 3


def test_a_change_read_together_with_the_one_before_it_needs_no_follower_of_its_own():
    store, said, release = _store_at_version_1(), [], threading.Event()
    follow = _follower(WITH_SYNONYM, 3, said, release)  # asked for version 2, read after version 3 was made

    assert not store.ready(OWNER, 2, follow)
    assert not store.ready(OWNER, 3, follow)  # a synonym, while the import's follower is at work
    release.set()
    _until_full_index_reads_synonym(store)

    assert said == ["3 started", "3 full index given"]
    assert store.ready(OWNER, 3, follow)


def test_a_change_made_after_the_earlier_one_was_read_stops_that_follower_after_its_first_answer():
    store, said, release = _store_at_version_1(), [], threading.Event()
    followers = iter([_follower(IMPORTED, 2, said, release), _follower(WITH_SYNONYM, 3, said, release)])

    assert not store.ready(OWNER, 2, lambda entries: next(followers)(entries))
    assert not store.ready(OWNER, 3, lambda entries: next(followers)(entries))
    release.set()
    _until_full_index_reads_synonym(store)

    assert said == ["2 started", "2 stopped", "3 started", "3 full index given"]


def _layering_follower(catalogue: dict, read_version: int, said: list):
    """A follower that read `catalogue` at `read_version`: the change layered on the entries it is given, then the
    full index, as catalogue_follower's process answers; what it gave goes to `said`."""
    def follow(base_entries):
        layered = product_delta.layered(SimpleNamespace(products=None), base_entries, catalogue)
        said.append(f"{read_version} layer of {len(layered.products.changed)}")
        yield "layer", layered.products.changed, layered.products.delta, read_version
        said.append(f"{read_version} full index given")
        yield "full", product_delta.entries(catalogue), ProductIndex(catalogue), read_version
    return follow


def _taken_up(store: MatcherStore):
    store._follower.submit(lambda: None).result(timeout=60)
    store._builder.submit(lambda: None).result(timeout=60)
    return store._entries[OWNER].matcher


def test_a_small_change_is_a_kept_layer_and_the_full_index_comes_once_the_changes_add_up():
    store, said = _store_at_version_1(), []
    built = store._entries[OWNER].matcher
    synonym = _dresses(3, {1: [NEW_SYNONYM]})

    assert not store.ready(OWNER, 2, _layering_follower(synonym, 2, said))
    kept = _taken_up(store)

    assert said == ["2 layer of 1"]  # the follower was stopped before its full index
    assert isinstance(kept.products, LayeredIndex) and kept.products.base is built.products
    assert [hit.name for hit in kept.match(f"{NEW_SYNONYM} disponible ?").products] == ["Robe modèle 1"]
    assert store.ready(OWNER, 2, _layering_follower(synonym, 2, said))

    grown = _dresses(KEPT_CHANGES + 3, {1: [NEW_SYNONYM]})  # the changes since the full index, added up, pass it
    assert not store.ready(OWNER, 3, _layering_follower(grown, 3, said))
    rebuilt = _taken_up(store)

    assert said[1:] == [f"3 layer of {KEPT_CHANGES + 1}", "3 full index given"]
    assert isinstance(rebuilt.products, ProductIndex)
    assert [hit.name for hit in rebuilt.match(f"{NEW_SYNONYM} disponible ?").products] == ["Robe modèle 1"]
