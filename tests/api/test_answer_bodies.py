"""The page and team calls answer the payload itself as the body (spec 000 §7: the table's `data` is the original
client's `response.data`, the body), never `{"data": ...}`; and each successful answer, in every one of its shapes,
is the one the OpenAPI document declares. The fuzzer (test_openapi_fuzz.py) signs in as a user with no pages, so it
mostly sees these calls' refusals: here each call is driven to its 200s and checked against the document."""
from __future__ import annotations

import pytest
import schemathesis

from app.services.billing import grants
from tests.api.pages_support import GROUPS, SECURE, connect, connected_page, join_team, paid_user

TEAM = f"{SECURE}/membership"


@pytest.fixture
def documented(app):
    """check(response, method, path template): the answer is a 200 the document declares, in its shape."""
    schema = schemathesis.openapi.from_dict(app.test_client().get("/api/openapi.json").get_json())

    def check(response, method: str, template: str):
        assert response.status_code == 200, response.get_json()
        schema[f"{SECURE}/{template}"][method].validate_response(response)
        return response.get_json()

    return check


def test_page_calls_answer_bare_bodies(client, sandbox, signed_in, documented):
    _me, headers, network_me = paid_user(signed_in, "Amira")
    member, _member_headers, network_member = paid_user(signed_in, "Karim")
    free, free_headers, network_free = signed_in(first_name="Sonia")  # Free Trial
    row, page = connected_page(client, sandbox, headers, network_me)
    account = sandbox.admin.instagram(page_id=page["id"], username="boutique.ig")
    join_team(row, member, "invited_member")
    join_team(row, free, "invited_member")

    groups = documented(client.get(f"{SECURE}/pages/get/all/", headers=headers), "GET", "pages/get/all/")
    assert set(groups) == set(GROUPS) and [p["idPage"] for p in groups["listPageConnectedOwner"]] == [page["id"]]
    insta = documented(client.get(f"{SECURE}/pagesInsta/get/all/", headers=headers), "GET", "pagesInsta/get/all/")
    assert [p["idPage"] for p in insta["listPageNotConnected"]] == [account["id"]]
    for template in ("pages/test/get/all/", "pages/test/connect/get/all/"):
        both = documented(client.get(f"{SECURE}/{template}", headers=headers), "GET", template)
        assert set(both) == {"facebookPages", "instaPages"} and all(set(both[key]) == set(GROUPS) for key in both)

    assert documented(connect(client, headers, "instagram", account["id"]), "POST", "pagesInsta/connect/") is True
    free_page = sandbox.admin.page(name="Free Page", owner_ids=[network_free["id"]])
    refused = connect(client, free_headers, "facebook", free_page["id"])
    assert documented(refused, "POST", "pages/connect/") is False

    settings = documented(client.put(f"{SECURE}/pages/preference/{page['id']}/facebook", headers=headers,
                                     json={"spam": True, "likesComment": False}),
                          "PUT", "pages/preference/{idPage}/{platform}")
    assert (settings["idPage"], settings["spam"], settings["likesComment"]) == (page["id"], True, False)
    settings = documented(client.put(f"{SECURE}/pages/publicreply/{page['id']}/facebook", headers=headers,
                                     json={"statut": True, "message": "Merci"}),
                          "PUT", "pages/publicreply/{idPage}/{platform}")
    assert settings["public_reply"] == {"statut": True, "message": "Merci"}

    owner = f"{SECURE}/pages/disconnect/owner"
    refused = client.post(owner, headers=headers, json={"id": page["id"], "idFacebook": network_free["id"]})
    assert documented(refused, "POST", "pages/disconnect/owner") is False
    handed = client.post(owner, headers=headers, json={"id": page["id"], "idFacebook": network_member["id"]})
    assert documented(handed, "POST", "pages/disconnect/owner") is True

    stopped = client.post(f"{SECURE}/pagesInsta/disconnect/disconnect", headers=headers, json={"id": account["id"]})
    assert documented(stopped, "POST", "pagesInsta/disconnect/disconnect") is True
    deleted = client.post(f"{SECURE}/pagesInsta/disconnect/delete", headers=headers, json={"id": account["id"]})
    assert documented(deleted, "POST", "pagesInsta/disconnect/delete") is True


def test_team_calls_answer_bare_bodies(client, sandbox, signed_in, documented):
    owner, headers, network_owner = signed_in("Olfa", "Owner")
    grants.grant(owner.facebook_id, "SME/Artisans")  # 3 seats: the owner and two more
    row, _page = connected_page(client, sandbox, headers, network_owner)
    other, _ = connected_page(client, sandbox, headers, network_owner, name="Second Shop")
    karim, _karim_headers, _ = signed_in("Karim", "Haddad")
    join_team(other, karim, "invited_admin")
    page = f"{row.external_id}/facebook"
    generate = "membership/get/{pageId}/{platform}/{memberName}"

    picker = documented(client.get(f"{TEAM}/get/{page}/Karim", headers=headers), "GET", generate)
    assert [member["idFacebook"] for member in picker] == [karim.facebook_id]
    invitation = documented(client.get(f"{TEAM}/get/{page}/Sami Guest", headers=headers), "GET", generate)
    assert isinstance(invitation, dict) and invitation["tokenPage"] and invitation["memberName"] == "Sami Guest"

    sent = client.post(f"{TEAM}/sendMail/{page}", headers=headers,
                       json={"email": "sami@example.com", "nameUser": "Sami Guest", "token": invitation["tokenPage"]})
    assert documented(sent, "POST", "membership/sendMail/{pageId}/{platform}") == {
        "message": "Invitation sent successfully"}

    added = client.post(f"{TEAM}/addExistingMember/{page}", headers=headers,
                        json={"idFacebook": karim.facebook_id, "idPage": other.external_id})
    team = documented(added, "POST", "membership/addExistingMember/{pageId}/{platform}")
    assert [(m["idFacebook"], m["role"]) for m in team] == [(owner.facebook_id, "owner"),
                                                              (karim.facebook_id, "invited_member")]
    listed = documented(client.get(f"{TEAM}/listUser/{page}", headers=headers), "GET",
                        "membership/listUser/{pageId}/{platform}")
    assert listed == team

    # Both seats taken (Karim, and Sami's open invitation): false.
    assert documented(client.get(f"{TEAM}/get/{page}/Third Guest", headers=headers), "GET", generate) is False

    deleted = client.post(f"{TEAM}/deleteMember/invited_member", headers=headers,
                          json={"idFacebook": karim.facebook_id, "idPage": row.external_id, "typePage": "facebook"})
    assert [m["role"] for m in documented(deleted, "POST", "membership/deleteMember/{role}")] == ["owner"]
