"""How the client follows Meta's `paging.next` links and refuses calls it cannot make, without any server."""
import pytest

from app.graph import GraphClient, TokenInvalid
from app.graph.paging import next_page_url

META_NEXT = ("https://graph.facebook.com/v23.0/104857392011223_122101234567890123/comments?access_token=EAAsecret"
             "&appsecret_proof=abc123&filter=stream&limit=25&after=QVFIUmR4")


def test_next_link_is_rerooted_on_our_base_url_without_credentials():
    url = next_page_url("http://127.0.0.1:5100", {"data": [{}], "paging": {"next": META_NEXT}})

    assert url == ("http://127.0.0.1:5100/v23.0/104857392011223_122101234567890123/comments"
                   "?filter=stream&limit=25&after=QVFIUmR4")


@pytest.mark.parametrize("page", [{"data": []}, {"paging": {"cursors": {"after": "QVFIUmR4"}}},
                                  {"paging": {"next": ""}}, {"paging": "next"}])
def test_no_next_link_ends_the_list(page):
    assert next_page_url("http://127.0.0.1:5100", page) is None


def test_call_without_a_token_is_token_invalid_and_sends_nothing():
    client = GraphClient("http://127.0.0.1:9", "v23.0", "1", "secret")

    with pytest.raises(TokenInvalid):
        client.page("104857392011223", "", "name")


def test_appsecret_proof_is_the_hmac_of_the_token_with_the_app_secret():
    client = GraphClient("http://127.0.0.1:9", "v23.0", "1", "sandbox-app-secret")

    # hex(HMAC-SHA256(key=app_secret, msg=access_token)), docs/graph-api.md#conventions
    assert client.appsecret_proof("EAAtoken") == (
        "80536598710a76a3a7bed7c8f6d0dafddfcef359d2540160aedf209124f322ea")
