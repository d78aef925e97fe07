"""Schemathesis over the whole OpenAPI document: for every operation, valid and invalid requests generated from
the document (a fixed, small number per operation, the same every run) as a signed-in user. No answer may be
a 500, every error must be our JSON error, and every answer must be one the document declares, in its shape.

The stateful part follows the document's links (app/api/openapi_links.py) as a signed-in owner of a connected
Facebook page and Instagram account: it creates agents, categories, invitations and orders, then reads, changes
and removes what they answered, with the same checks at every step.

The hostile part sends every operation, as that owner naming their own page, requests whose strings in one place
(the body, the query or the path) are all text no column can hold or longer than any field: never a 500, and
every error our JSON."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import delete, select

from app.database import session
from app.models import Agent, Category, Invitation, Payment, SocialPage
from tests.api.agents_support import team
from tests.api.pages_support import connected_page

SECURE = "/api/v1/secure"
EXAMPLES_PER_OPERATION = 30
STATEFUL_SCENARIOS = 40
STATEFUL_STEPS = 8
HOSTILE_EXAMPLES_PER_OPERATION = 4
# A lone surrogate travels in JSON only (`"\ud800"`): a URL or a form carries bytes, and a surrogate has none of its
# own. NUL travels everywhere (%00 in a URL). 100,000 characters are more than any field takes; 3,000 are about what
# fits in a URL under gunicorn's request line bound.
IN_BYTES = ["a\x00b", "x" * 3_000]
IN_JSON = ["\ud800", "tail \udfff", "a\x00b", "x" * 100_000]
CASE_PLACES = {"body": "body", "query": "query", "path": "path_parameters"}


@schemathesis.check
def errors_are_json(ctx, response, case):
    if response.status_code >= 400:
        content_type = response.headers.get("content-type", [""])[0]
        assert content_type.startswith("application/json"), f"{response.status_code} answered as {content_type!r}"
        body = response.json()
        assert isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"], body


def openapi_document() -> dict:
    """The document as the product serves it. It is read at collection, before any fixture runs (schemathesis makes
    one test per operation from it), from an app of its own; the tests then call the suite's `app`."""
    from app import create_app

    return create_app({"APP_ENV": "test", "DATABASE_URL": "sqlite://"}).test_client().get("/api/openapi.json").json


@pytest.fixture
def session_headers(signed_in):
    _user, headers, _network_user = signed_in()
    return headers


schema = schemathesis.openapi.from_dict(openapi_document())
CHECKS = [not_a_server_error, errors_are_json, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection]


def linked_operations(document: dict) -> list[str]:
    """The names ("METHOD path") of the operations a link starts from or leads to."""
    names = set()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for answer in (operation.get("responses", {}).values() if isinstance(operation, dict) else ()):
                for link in answer.get("links", {}).values():
                    target_path, target_method = link["operationRef"][len("#/paths/"):].rsplit("/", 1)
                    names |= {f"{method.upper()} {path}",
                              f"{target_method.upper()} {target_path.replace('~1', '/').replace('~0', '~')}"}
    return sorted(names)


# The stateful part runs only the linked operations: the stateless part above covers every one on its own.
linked = schema.include(name=linked_operations(schema.raw_schema))
# A link carries an id as the answer wrote it (`_id` is a string of digits, which every request also takes though
# the document names a number there), so schemathesis would count a linked request as invalid data accepted.
LINKED_CHECKS = [check for check in CHECKS if check is not negative_data_rejection]


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented_and_never_500(case, app, session_headers):
    response = case.call(app=app, headers=session_headers)
    case.validate_response(response, checks=CHECKS)


@pytest.fixture
def shop_owner(client, sandbox, signed_in):
    """A signed-in owner (on a paid plan) of a connected Facebook page with a post, and of an Instagram account."""
    owner = team(client, sandbox, signed_in)
    instagram, _ = connected_page(client, sandbox, owner.headers, owner.network_user, name="Olfa Insta",
                                  platform="instagram")
    return owner, instagram.external_id


def test_linked_calls_never_500_and_answer_as_documented(app, shop_owner):
    owner, instagram_id = shop_owner

    class Flows(linked.as_state_machine()):
        def setup(self):
            _forget_what_the_flows_made(owner)

        def before_call(self, case):
            _name_the_owners_things(case, owner, instagram_id)

        def call(self, case, **kwargs):
            return case.call(app=app, headers=owner.headers)

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=LINKED_CHECKS)

    Flows.run(settings=settings(max_examples=STATEFUL_SCENARIOS, stateful_step_count=STATEFUL_STEPS,
                                deadline=None, derandomize=True, database=None,
                                suppress_health_check=list(HealthCheck)))


def _forget_what_the_flows_made(owner) -> None:
    """Every scenario starts from the same rows: Hypothesis replays a scenario's first steps and needs the same
    answers to them (an agent already made for the post would answer 409, open invitations would use up the seats)."""
    pages = select(SocialPage.id).where(SocialPage.owner_id == owner.user.id)
    session.rollback()
    for model in (Agent, Category, Invitation):
        session.execute(delete(model).where(model.page_id.in_(pages)))
    session.execute(delete(Payment).where(Payment.user_id == owner.user.id, Payment.status == "pending"))
    session.commit()


def _name_the_owners_things(case, owner, instagram_id: str) -> None:
    """Generated page and account ids would name nobody's page (403 at the first step, no flow behind it): the
    flows name the owner's own page, on the network the path says, and the owner's own network id."""
    path = case.operation.path
    parameters = case.path_parameters if case.path_parameters is not None else {}
    instagram = "/pagesInsta/" in path or parameters.get("platform") == "instagram"
    for name in ("pageId", "idPage"):
        if name in parameters and not path.startswith(f"{SECURE}/membership/sendMail"):
            parameters[name] = instagram_id if instagram else owner.page_id
    if path.startswith(f"{SECURE}/profile/") and "/invoice/" not in path:
        for name in ("token", "id"):
            if name in parameters:
                parameters[name] = owner.user.facebook_id
    if path == f"{SECURE}/project/add" and isinstance(case.body, dict):
        case.body.update(idPage=owner.page_id, typePage="facebook", idPost=owner.post_id)


@schema.parametrize()
@schema.given(data=st.data())
@settings(max_examples=HOSTILE_EXAMPLES_PER_OPERATION, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_hostile_text_in_any_string_never_500s(case, data, app, shop_owner):
    owner, instagram_id = shop_owner
    _name_the_owners_things(case, owner, instagram_id)
    parts = {attribute: getattr(case, attribute) for attribute in CASE_PLACES.values()}
    place = data.draw(st.sampled_from([place for place, attribute in CASE_PLACES.items()
                                       if _has_text(parts[attribute])] or ["body"]))
    in_json = place == "body" and "json" in (case.media_type or "")
    parts[CASE_PLACES[place]] = _every_text_made(parts[CASE_PLACES[place]],
                                                 data.draw(st.sampled_from(IN_JSON if in_json else IN_BYTES)))
    # A new case, not the generated one changed: schemathesis would check the changed one against the document
    # again, with a validator that cannot read a lone surrogate.
    hostile = case.operation.Case(method=case.method, headers=case.headers, media_type=case.media_type, **parts)
    response = hostile.call(app=app, headers=owner.headers)
    hostile.validate_response(response, checks=[not_a_server_error, errors_are_json])


def _has_text(value) -> bool:
    if isinstance(value, str):
        return True
    if isinstance(value, dict):
        return any(_has_text(item) for item in value.values())
    return isinstance(value, list) and any(_has_text(item) for item in value)


def _every_text_made(value, bad: str):
    """`value` with each string in it (not the keys: the request keeps its shape) replaced by `bad`."""
    if isinstance(value, str):
        return bad
    if isinstance(value, dict):
        return {key: _every_text_made(item, bad) for key, item in value.items()}
    if isinstance(value, list):
        return [_every_text_made(item, bad) for item in value]
    return value


def test_every_link_leads_to_a_documented_operation_with_the_parameters_it_fills():
    document = openapi_document()  # as served: schemathesis adds links it infers to its own copy while it runs
    links = [link for path, operations in document["paths"].items() for method, operation in operations.items()
             if isinstance(operation, dict) for answer in operation.get("responses", {}).values()
             for link in answer.get("links", {}).values()]
    assert len(links) >= 20
    for link in links:
        target_path, target_method = link["operationRef"][len("#/paths/"):].rsplit("/", 1)
        target_path = target_path.replace("~1", "/").replace("~0", "~")
        target = document["paths"][target_path]
        assert target_method in target, link
        named = {parameter["name"] for parameter in target.get("parameters", []) + target[target_method].get(
            "parameters", [])}
        assert set(link.get("parameters", {})) <= named, link
        assert "requestBody" not in link or "requestBody" in target[target_method], link
