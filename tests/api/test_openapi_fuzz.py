"""Schemathesis over the whole OpenAPI document: for every operation, valid and invalid requests generated from
the document (a fixed, small number per operation, the same every run) as a signed-in user. No answer may be
a 500, every error must be our JSON error, and every answer must be one the document declares, in its shape."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

EXAMPLES_PER_OPERATION = 30


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


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented_and_never_500(case, app, session_headers):
    response = case.call(app=app, headers=session_headers)
    case.validate_response(response, checks=[not_a_server_error, errors_are_json, status_code_conformance,
                                             content_type_conformance, response_schema_conformance,
                                             negative_data_rejection])
