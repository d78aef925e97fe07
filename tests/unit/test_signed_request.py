"""Meta's signed_request as the product reads it (app/graph/signed_request.py): what Meta's writers vary is taken
(a padded signature, a numeric user_id, the algorithm's case), and nothing unsigned or unnamed is."""
import json

import pytest

from app.graph import SignedRequestInvalid, parse_signed_request
from sandbox.app_callbacks import encoded, signed_part, signed_request

SECRET = "sandbox-app-secret"


def _padded(part: str) -> str:
    return part + "=" * (-len(part) % 4)


def test_a_request_as_meta_writes_it_names_the_person():
    value = signed_request({"user_id": "218471", "algorithm": "HMAC-SHA256", "issued_at": 1291836800}, SECRET)

    parsed = parse_signed_request(value, SECRET)

    assert (parsed.user_id, parsed.issued_at) == ("218471", 1291836800)


def test_a_padded_signature_a_numeric_user_id_and_the_algorithm_s_case_are_taken():
    payload_part = encoded(json.dumps({"user_id": 218471, "algorithm": "hmac-sha256"}).encode())
    signature, _dot, _payload = signed_part(payload_part, SECRET).partition(".")

    # The HMAC covers the payload part as sent; a padded signature (some of Meta's writers add `=`) decodes the same.
    parsed = parse_signed_request(f"{_padded(signature)}.{payload_part}", SECRET)

    assert (parsed.user_id, parsed.issued_at) == ("218471", None)


@pytest.mark.parametrize("payload", [
    {"algorithm": "HMAC-SHA256"},  # no person
    {"user_id": "12a", "algorithm": "HMAC-SHA256"},
    {"user_id": True, "algorithm": "HMAC-SHA256"},
    {"user_id": "218471", "algorithm": "HMAC-SHA1"},
    {"user_id": "218471"},  # no algorithm
])
def test_a_signed_payload_without_a_person_or_of_another_algorithm_is_refused(payload):
    with pytest.raises(SignedRequestInvalid):
        parse_signed_request(signed_request(payload, SECRET), SECRET)


@pytest.mark.parametrize("value", ["", ".", "abc", "a.b.c", "é.é", "a" * 5 + "." + "b" * 5])
def test_what_is_not_two_base64url_parts_is_refused(value):
    with pytest.raises(SignedRequestInvalid):
        parse_signed_request(value, SECRET)


def test_no_app_secret_verifies_nothing():
    with pytest.raises(SignedRequestInvalid):
        parse_signed_request(signed_request({"user_id": "1", "algorithm": "HMAC-SHA256"}, ""), "")
