"""The worker children of one host following the same catalogue change read and index it once (issue 40): the
first follower process does the work, the others copy its answers from the worker's shared folder
(app/services/pipeline/follower_sharing.py). The follower processes, the database and the catalogue are real; the
two worker children are two threads of this process, each with its follower process, as a worker child has."""
import threading

import pytest
from sqlalchemy import select

from app.database import session
from app.models import Category, Product, SocialPage
from app.services import catalogue
from app.services.catalogue_read import page_catalogue
from app.services.pipeline import catalogue_follower, follower_sharing
from nlp import product_delta
from tests.workers.conftest import connect_page

NEW_SYNONYM = "zorblaxine"


@pytest.fixture
def changed_catalogue(app, sandbox, live_web, tmp_path, monkeypatch):
    """A page of 2,000 dresses, the entries a child's matcher was built from, then a synonym added to one dress; the
    followers started from here share `tmp_path` as a worker's children do."""
    page, _post = connect_page(sandbox, dict(app.config), live_web)
    catalogue.change(page, catalogue.add_category, "Robes",
                     [{"content": f"Robe modèle {number}", "synonyms": []} for number in range(2_000)])
    base_entries = product_delta.entries(page_catalogue(page.id))
    dresses = session.scalar(select(Category).where(Category.page_id == page.id))
    dress = session.scalar(select(Product).where(Product.content == "Robe modèle 12"))
    catalogue.change(page, catalogue.add_synonyms, dresses.id, dress.id, [NEW_SYNONYM])
    page = session.get(SocialPage, page.id)
    monkeypatch.setenv(follower_sharing.FOLDER_ENV, str(tmp_path))
    database_url = session.get_bind().url.render_as_string(hide_password=False)
    return (database_url, page.id, page.created_at, page.catalogue_version, base_entries), tmp_path


def _reads_new_synonym(index) -> bool:
    return [hit.name for hit in index.find([NEW_SYNONYM])] == ["Robe modèle 12"]


def _followed_at_once(changes: list[tuple]) -> list[list]:
    """Each change followed by a worker child of its own, all at once: their followers' answers."""
    answers: list[list] = [[] for _ in changes]

    def child(number: int) -> None:
        answers[number].extend(catalogue_follower.follow(*changes[number]))

    children = [threading.Thread(target=child, args=(number,)) for number in range(len(changes))]
    for thread in children:
        thread.start()
    for thread in children:
        thread.join(timeout=120)
    return answers


def _built_once(capfd) -> None:
    followers_said = capfd.readouterr().err  # the followers' log lines, on the worker's stderr
    assert followers_said.count("full index built") == 1
    assert followers_said.count("full index taken from another follower of this host") == 1


def test_two_children_following_one_change_read_and_index_it_once(changed_catalogue, capfd):
    change, _folder = changed_catalogue
    version = change[3]

    for (kind, changed, delta, read), (full, _entries, index, read_too) in _followed_at_once([change, change]):
        assert (kind, full, read, read_too) == ("layer", "full", version, version)
        assert ("Robe modèle 12", "Robes") in changed and _reads_new_synonym(delta)
        assert _reads_new_synonym(index)
    _built_once(capfd)


def test_followers_asked_for_a_change_and_the_next_one_share_the_later_one(changed_catalogue, capfd):
    """One child asked for the catalogue before the synonym (the dresses' import, say) and the other for the
    synonym's version, both following once the synonym is in: both find the synonym's version and read it once."""
    change, _folder = changed_catalogue
    database_url, page_id, page_born, version, entries = change
    earlier = (database_url, page_id, page_born, version - 1, entries)

    for (_kind, _changed, _delta, read), (_full, _entries, index, read_too) in _followed_at_once([earlier, change]):
        assert (read, read_too) == (version, version) and _reads_new_synonym(index)
    _built_once(capfd)


def test_a_follower_stopped_midway_leaves_the_next_one_to_build_the_full_index(changed_catalogue):
    change, folder = changed_catalogue
    stopped = catalogue_follower.follow(*change)
    assert next(stopped)[0] == "layer"
    stopped.close()  # its worker child wanted no more (a later change came): the process is killed

    _layer, (full, _entries, index, _read) = catalogue_follower.follow(*change)

    assert full == "full" and _reads_new_synonym(index)
    assert not list(folder.glob("*.partial"))  # no half-written answer left for a third follower


def test_an_answer_that_cannot_be_left_for_the_others_is_still_given(changed_catalogue):
    change, folder = changed_catalogue
    database_url, page_id, page_born, version, _entries = change
    name = follower_sharing.name(database_url, page_id, page_born.isoformat(), version)
    (folder / f"{name}.full").mkdir()  # where the full index would go: it cannot be written there

    _layer, (full, _entries, index, _read) = catalogue_follower.follow(*change)

    assert full == "full" and _reads_new_synonym(index)
