"""The authorization matrix: every call that needs a session (every `/secure/` call of the specification's list,
docs/endpoints.tsv, every `/secure/` route the app serves, every operation the OpenAPI document marks with the
bearer scheme) against every caller who must be refused:

- no token, a token signed with another key, an unsigned one (`alg: none`), an expired token, a token closed by
  logout: 401 with the message saying which (app/api/security.py);
- a signed-in user of another team naming the owner's page, agent, log, commenter, order or network id: the
  refusal the contracts give (403 `page_not_in_team`; 404 for an agent, a post's agent, a log, a commenter or an
  order; 403 "This account is not yours" for another's network id), or, for the lists of one's own pages, an
  answer that shows nothing of the other team;
- the same calls naming ids nobody has (tests/security/world.py `nothing`): the very same refusal, so that no id
  tells whether it exists elsewhere ("not yours" and "does not exist" are one answer);
- the same stranger naming their own page in the path and the owner's ids in the body: 404, as ids of nothing;
- an invited member or invited admin on an owner-only action (spec 000 §6: disconnect, delete, make owner,
  settings, invitations, deleting members): 403.

Each refusal changes nothing: every row of every table is the same before and after. One app, one database and one
world (tests/security/world.py) serve every case. A route added without a matrix row fails
`test_every_route_needing_a_session_has_a_row`. The rows themselves are in tests/security/authz_support.py."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tests.security.authz_support import OWN_DATA, REFUSED_ROWS, ROWS, S, Refusal, Row
from tests.security.world import World, changed_tables, database_snapshot, nothing, world_on

ROOT = Path(__file__).resolve().parents[2]
HTTP_METHODS = {"get", "post", "put", "patch", "delete"}
BAD_TOKENS = {
    "none": "Missing authorization token",
    "forged": "Invalid authorization token",
    "unsigned": "Invalid authorization token",
    "expired": "The session has expired, sign in again",
    "revoked": "The session was closed, sign in again",
}


@pytest.fixture(scope="module")
def world(base_settings, sandbox_server):
    with world_on(base_settings, sandbox_server, base_settings["DATABASE_URL"]) as built:
        yield built


def send(client, row: Row, w: World, headers: dict, path: str | None = None, body=None):
    body = row.body(w) if body is None else body
    options = {"data": body, "content_type": "multipart/form-data"} if row.upload else {"json": body}
    return client.open(path or row.path(w), method=row.method, headers=headers,
                       **(options if body is not None else {}))


def assert_refused(answer, refusal: Refusal) -> None:
    assert answer.status_code == refusal.status, (answer.status_code, answer.get_data(as_text=True)[:300])
    assert answer.is_json, answer.get_data(as_text=True)[:300]
    body = answer.get_json()
    assert isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"], body
    if refusal.code is not None:
        assert body["code"] == refusal.code, body
    if refusal.message is not None:
        assert body["message"] == refusal.message, body


def refused_without_change(client, row: Row, w: World, headers: dict, refusal: Refusal, **request) -> None:
    before = database_snapshot()
    assert_refused(send(client, row, w, headers, **request), refusal)
    assert changed_tables(before, database_snapshot()) == []


@pytest.mark.parametrize("kind", BAD_TOKENS)
@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.name)
def test_a_call_without_a_valid_session_is_401_and_changes_nothing(world, row, kind):
    _app, client, w = world
    refused_without_change(client, row, w, w.tokens[kind], Refusal(401, "not_authenticated", BAD_TOKENS[kind]))


@pytest.mark.parametrize("row", REFUSED_ROWS, ids=lambda row: row.name)
def test_another_team_naming_the_owners_things_is_refused_and_changes_nothing(world, row):
    _app, client, w = world
    refused_without_change(client, row, w, w.stranger.headers, row.stranger)


@pytest.mark.parametrize("row", REFUSED_ROWS, ids=lambda row: row.name)
def test_naming_things_that_do_not_exist_is_refused_exactly_as_another_teams(world, row):
    """"Not yours" and "does not exist" are one answer: otherwise any id could be probed for the rows behind it.
    (tests/security/test_authz_over_http.py sends the same pairs to gunicorn on SQLite and PostgreSQL.)"""
    _app, client, w = world
    refused_without_change(client, row, nothing(w), w.stranger.headers, row.stranger)


@pytest.mark.parametrize("row", [r for r in ROWS if r.stranger == OWN_DATA], ids=lambda row: row.name)
def test_another_teams_own_lists_show_nothing_of_the_owner(world, row):
    _app, client, w = world
    before = database_snapshot()
    answer = send(client, row, w, w.stranger.headers)
    assert answer.status_code == 200, answer.get_json()
    shown = answer.get_data(as_text=True)
    for secret in (w.page_id, w.instagram_id, w.owner.page.name, w.order_id):
        assert secret not in shown
    assert changed_tables(before, database_snapshot()) == []


@pytest.mark.parametrize("row", [r for r in ROWS if r.crossed], ids=lambda row: row.name)
def test_the_owners_ids_named_from_another_teams_own_page_are_ids_of_nothing(world, row):
    _app, client, w = world
    path, body, refusal = row.crossed(w)
    refused_without_change(client, row, w, w.stranger.headers, refusal, path=path, body=body)


@pytest.mark.parametrize("role", ["invited_member", "invited_admin"])
@pytest.mark.parametrize("row", [r for r in ROWS if r.member], ids=lambda row: row.name)
def test_an_invited_member_is_refused_the_owners_actions_and_changes_nothing(world, row, role):
    _app, client, w = world
    headers = w.member_headers if role == "invited_member" else w.admin_headers
    refused_without_change(client, row, w, headers, row.member)


# --- the matrix covers every call ---------------------------------------------------------------------------------

def specified_secure_calls() -> set[tuple[str, str]]:
    with open(ROOT / "docs" / "endpoints.tsv", encoding="utf-8") as listing:
        lines = [line for line in csv.reader(listing, delimiter="\t") if line and not line[0].startswith("#")]
    return {(method, path) for method, path, *_ in lines if "/secure/" in path}


def endpoint_of(app, method: str, path: str) -> str:
    endpoint, _args = app.url_map.bind("localhost").match(path, method=method)
    return endpoint


def test_every_secure_call_of_the_specification_has_a_row(world):
    assert specified_secure_calls() - {(row.method, row.template) for row in ROWS} == set()


def test_every_row_is_a_route_the_app_serves(world):
    app, _client, w = world
    for row in ROWS:
        assert endpoint_of(app, row.method, row.path(w)) != "frontend", row.name
        if row.crossed:
            assert endpoint_of(app, row.method, row.crossed(w)[0]) == endpoint_of(app, row.method, row.path(w))


def test_every_route_needing_a_session_has_a_row(world):
    """A `/secure/` route of the url_map, or an operation of the OpenAPI document marked with the bearer scheme,
    that no row reaches fails here: a new call must come with its refusals."""
    app, client, w = world
    covered = {(row.method, endpoint_of(app, row.method, row.path(w))) for row in ROWS}
    served = {(method, rule.endpoint) for rule in app.url_map.iter_rules() if rule.rule.startswith(S)
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    document = client.get("/api/openapi.json").get_json()
    documented = {(method.upper(), endpoint_of(app, method.upper(), _example_path(path)))
                  for path, operations in document["paths"].items()
                  for method, operation in operations.items()
                  if method in HTTP_METHODS and operation.get("security")}
    assert served - covered == set()
    assert documented - covered == set()
    assert {endpoint for _method, endpoint in documented} >= {endpoint for _method, endpoint in served}


def _example_path(template: str) -> str:
    """A concrete path of an OpenAPI path template (numbers for ids, a network name for a platform)."""
    return re.sub(r"\{(\w+)\}", lambda match: "facebook" if match.group(1) == "platform" else "1", template)


def test_the_snapshot_sees_what_an_allowed_call_changes(world):
    """The matrix's "changes nothing" is not blind: the owner's own call of a row, allowed, shows in it. (Last in
    the module: it changes the world.)"""
    _app, client, w = world
    row = next(row for row in ROWS if row.template == "/api/v1/secure/pages/publicreply/{idPage}/{platform}")
    before = database_snapshot()
    answer = send(client, row, w, w.owner.headers)
    assert answer.status_code == 200, answer.get_json()
    assert changed_tables(before, database_snapshot()) == ["social_pages"]
