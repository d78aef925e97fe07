"""The authorization matrix's "not yours" against "does not exist", over real HTTP: gunicorn on SQLite and on
PostgreSQL (tests/fixtures/live_web.py), the world of tests/security/world.py built in the database it serves.

For every row the matrix refuses to a user of another team, the stranger's call naming the owner's things and the
same call naming things nobody has (world.nothing) must get one answer, status, code and message alike, and change
nothing. The matrix itself (tests/security/test_authz_matrix.py) holds the refusals each row must get."""
from __future__ import annotations

import pytest
import requests

from app.database import init_engine
from tests.security.authz_support import REFUSED_ROWS, Row
from tests.security.world import World, changed_tables, database_snapshot, nothing, world_on


@pytest.fixture(scope="module")
def live_world(live_web, base_settings, sandbox_server, database_url):
    with world_on(base_settings, sandbox_server, live_web.database_url) as (_app, _client, w):
        yield live_web.url, w
    init_engine(database_url)


def over_http(url: str, row: Row, w: World, headers: dict) -> requests.Response:
    body = row.body(w)
    if row.upload:  # {field: (stream, file name)}, as the test client takes it
        files = {name: (file_name, stream) for name, (stream, file_name) in body.items()}
        return requests.request(row.method, url + row.path(w), headers=headers, files=files, timeout=30)
    return requests.request(row.method, url + row.path(w), headers=headers, json=body, timeout=30)


@pytest.mark.parametrize("row", REFUSED_ROWS, ids=lambda row: row.name)
def test_another_teams_things_and_things_of_nobody_get_one_answer(live_world, row):
    url, w = live_world
    before = database_snapshot()

    theirs = over_http(url, row, w, w.stranger.headers)
    nobodys = over_http(url, row, nothing(w), w.stranger.headers)

    assert theirs.status_code == row.stranger.status, theirs.text[:300]
    assert (nobodys.status_code, nobodys.json()) == (theirs.status_code, theirs.json())
    assert changed_tables(before, database_snapshot()) == []
