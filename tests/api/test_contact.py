"""The public site's contact form, newsletter sign-up and demo request (no session): recorded for the team,
with every field checked at the edge."""
from __future__ import annotations

import pytest

from app.database import session
from app.models import ContactRequest

URL = "/api/v1/contact/addContact"
CONTACT = {"name": "Sami", "last_name": "Ben Ali", "org": "Boutique Sfax", "email": "sami@example.tn",
           "phone": "21612345", "subject": "Question", "msg": "Bonjour, combien coûte l'offre agence ?"}


def test_a_contact_request_is_recorded_unanswered(client):
    answer = client.post(URL, json=CONTACT)

    assert answer.status_code == 200
    assert answer.get_json() == {"message": "Your contact request has been sent successfully"}
    [request] = session.query(ContactRequest).all()
    assert (request.name, request.email, request.msg, request.status) == (
        "Sami", "sami@example.tn", "Bonjour, combien coûte l'offre agence ?", False)


def test_the_status_the_original_client_sends_is_accepted_and_a_request_is_stored_unanswered(client):
    assert client.post(URL, json={**CONTACT, "status": True}).status_code == 200
    assert session.query(ContactRequest).one().status is False


def test_a_newsletter_sign_up_sends_placeholders_for_what_it_does_not_ask(client):
    newsletter = {**{key: "----" for key in CONTACT}, "email": "fan@example.tn", "subject": "Newsletter",
                  "msg": "Newsletter"}
    assert client.post(URL, json=newsletter).status_code == 200
    assert session.query(ContactRequest).one().subject == "Newsletter"


@pytest.mark.parametrize("field, value", [
    ("name", ""), ("last_name", "  "), ("org", None), ("email", "not-an-address"), ("phone", ""),
    ("subject", "\t"), ("msg", ""), ("name", "n" * 121), ("msg", "m" * 5001), ("email", 42),
])
def test_an_invalid_field_is_422_naming_it_and_nothing_is_recorded(client, field, value):
    answer = client.post(URL, json={**CONTACT, field: value})

    assert answer.status_code == 422
    assert list(answer.get_json()["errors"]["json"]) == [field]
    assert session.query(ContactRequest).count() == 0


def test_a_missing_field_is_422(client):
    answer = client.post(URL, json={key: value for key, value in CONTACT.items() if key != "phone"})
    assert answer.status_code == 422 and "phone" in answer.get_json()["errors"]["json"]


@pytest.mark.parametrize("invalid, key", [
    ({"name": "", "msg": ""}, "validNameErr"),
    ({"last_name": " ", "email": "nope"}, "validLastNameErr"),
    ({"org": None, "phone": ""}, "validOrgErr"),
    ({"email": "not-an-address", "subject": ""}, "validEmailErr"),
    ({"phone": "", "msg": ""}, "validPhoneErr"),
    ({"subject": "\t", "msg": ""}, "validSubjectErr"),
    ({"msg": ""}, "validMsgErr"),
])
def test_the_first_invalid_field_in_the_forms_order_is_named_by_its_message_key(client, invalid, key):
    answer = client.post(URL, json={**CONTACT, **invalid})

    assert answer.status_code == 422
    body = answer.get_json()
    assert body["key"] == key and body["code"] == 422 and body["message"] == "Invalid request"
    assert sorted(body["errors"]["json"]) == sorted(invalid)
    assert session.query(ContactRequest).count() == 0


def test_a_body_that_is_not_an_object_has_no_key(client):
    answer = client.post(URL, json=["not", "a", "form"])
    assert answer.status_code == 422 and "key" not in answer.get_json()
