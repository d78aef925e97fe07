"""The product's Graph client reading the live sandbox over HTTP: login checks, pages, Instagram accounts,
posts, media and comments, paged over several result pages."""
import socket

import pytest

from app.config import load_settings
from app.graph import GraphClient, NotFound, TokenInvalid, Transient
from app.services.graph_client import graph_client

FAN = {"id": "6120934471203388", "name": "Karim Trabelsi", "username": "karim.trabelsi"}


def test_login_token_is_verified_and_names_the_same_user(graph, world):
    token_data = graph.debug_token(world.user["access_token"])
    profile = graph.me(world.user["access_token"])

    assert token_data["is_valid"] is True
    assert token_data["app_id"] == graph.app_id
    assert token_data["user_id"] == profile["id"] == world.user["id"]
    assert (profile["first_name"], profile["last_name"]) == ("Amira", "Ben Salah")


def test_unknown_login_token_is_refused_as_invalid(graph, world):
    with pytest.raises(TokenInvalid) as refused:
        graph.debug_token("EAAnot-a-real-token")

    assert refused.value.code == 190


def test_me_with_an_unknown_token_raises_token_invalid_with_meta_codes(graph):
    with pytest.raises(TokenInvalid) as refused:
        graph.me("EAAnot-a-real-token")

    assert (refused.value.code, refused.value.subcode, refused.value.status) == (190, 467, 400)


def test_accounts_lists_every_managed_page_across_result_pages(sandbox, graph, world):
    more = [sandbox.admin.page(f"Page {number}", [world.user["id"]]) for number in range(4)]
    stranger = sandbox.admin.user("Sami", "Haddad")
    sandbox.admin.page("Not hers", [stranger["id"]])

    accounts = graph.accounts(world.user["access_token"])

    assert sorted(account["id"] for account in accounts) == sorted([world.page["id"]] + [p["id"] for p in more])
    tokens = {account["id"]: account["access_token"] for account in accounts}
    assert tokens[world.page["id"]] == world.page_token
    assert all("MODERATE" in account["tasks"] for account in accounts)


def test_page_statistics_and_linked_instagram_account(graph, world):
    page = graph.page(world.page["id"], world.page_token, ["fan_count", "new_like_count", "picture",
                                                           "instagram_business_account"])
    account = graph.instagram_account(world.instagram["id"], world.page_token,
                                      "id,username,followers_count,media_count,profile_picture_url")

    assert (page["fan_count"], page["new_like_count"]) == (1520, 12)
    assert page["picture"]["data"]["url"]
    assert page["instagram_business_account"]["id"] == world.instagram["id"]
    assert (account["username"], account["followers_count"], account["media_count"]) == ("boutique.amira", 830, 1)


def test_posts_and_media_are_read_across_result_pages(sandbox, graph, world):
    posts = [sandbox.admin.post(f"Promo {number}", page_id=world.page["id"], created_time=1_700_000_000 + number)
             for number in range(4)]
    media = [sandbox.admin.post(f"Reel {number}", ig_user_id=world.instagram["id"]) for number in range(3)]

    read_posts = list(graph.posts(world.page["id"], world.page_token))
    read_media = list(graph.media(world.instagram["id"], world.page_token))

    assert sorted(post["id"] for post in read_posts) == sorted([world.post["id"]] + [p["id"] for p in posts])
    assert {post["message"] for post in read_posts} >= {"Promo 0", "Promo 3", "Nouvelle collection"}
    assert sorted(item["id"] for item in read_media) == sorted([world.media["id"]] + [m["id"] for m in media])
    assert {item["media_product_type"] for item in read_media} == {"FEED"}


def test_facebook_comments_stream_includes_replies_newest_first(sandbox, graph, world):
    first = sandbox.admin.comment(world.post["id"], "C'est combien ?", FAN, created_time=1_767_261_600)
    later = [sandbox.admin.comment(world.post["id"], f"Prix {number} ?", FAN, created_time=1_767_261_700 + number)
             for number in range(3)]
    reply = sandbox.admin.comment(world.post["id"], "Moi aussi", FAN, parent_id=first["id"],
                                  created_time=1_767_261_800)

    comments = list(graph.comments(world.post["id"], world.page_token))

    assert [comment["id"] for comment in comments] == [reply["id"]] + [c["id"] for c in reversed(later)] + [
        first["id"]]
    assert comments[0]["parent"]["id"] == first["id"]
    assert comments[0]["from"]["name"] == "Karim Trabelsi"


def test_facebook_comments_since_a_checkpoint_leave_older_ones_out(sandbox, graph, world):
    times = [1_767_261_000, 1_767_262_000, 1_767_263_000, 1_767_264_000, 1_767_265_000]
    created = [sandbox.admin.comment(world.post["id"], f"Avis {at}", FAN, created_time=at)["id"] for at in times]

    newer = list(graph.comments(world.post["id"], world.page_token, since=1_767_263_000))

    assert [comment["id"] for comment in newer] == [created[4], created[3], created[2]]


def test_instagram_comments_are_paged_and_filtered_on_their_timestamp(sandbox, graph, world):
    author = {"id": FAN["id"], "username": FAN["username"]}
    times = [1_767_261_000, 1_767_262_000, 1_767_263_000, 1_767_264_000, 1_767_265_000]
    created = [sandbox.admin.comment(world.media["id"], f"Taille {at} ?", author, created_time=at)["id"]
               for at in times]

    every = list(graph.comments(world.media["id"], world.page_token, platform="instagram"))
    newer = list(graph.comments(world.media["id"], world.page_token, since=1_767_264_000, platform="instagram"))

    assert sorted(comment["id"] for comment in every) == sorted(created)
    assert {comment["from"]["username"] for comment in every} == {"karim.trabelsi"}
    assert sorted(comment["id"] for comment in newer) == sorted(created[3:])


def test_unknown_platform_is_refused_before_any_call(graph, world):
    with pytest.raises(ValueError):
        graph.comments(world.post["id"], world.page_token, platform="tiktok")


@pytest.mark.parametrize("version", ["v8.0", ""])
def test_any_version_prefix_or_none_reaches_the_same_graph(sandbox, world, version):
    client = GraphClient(sandbox.url, version, sandbox.app_id, sandbox.app_secret)

    assert client.page(world.page["id"], world.page_token, "name")["name"] == "Boutique Amira"


def test_the_product_client_reads_the_product_settings(sandbox, world):
    client = graph_client(load_settings({"GRAPH_API_URL": sandbox.url + "/", "GRAPH_API_VERSION": "v23.0",
                                         "META_APP_ID": sandbox.app_id, "META_APP_SECRET": sandbox.app_secret,
                                         "GRAPH_TIMEOUT": "3"}))

    assert client.timeout == 3.0
    assert client.url("me") == f"{sandbox.url}/v23.0/me"
    assert client.debug_token(world.user["access_token"])["user_id"] == world.user["id"]


def test_object_of_another_page_is_not_found(sandbox, graph, world):
    stranger = sandbox.admin.user("Sami", "Haddad")
    other_page = sandbox.admin.page("Other shop", [stranger["id"]])

    with pytest.raises(NotFound) as refused:
        graph.page(other_page["id"], world.page_token, "name")

    assert (refused.value.code, refused.value.subcode) == (100, 33)


def test_unreachable_graph_is_transient(world):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    client = GraphClient(f"http://127.0.0.1:{closed_port}", "v23.0", "1", "secret", timeout=2.0)

    with pytest.raises(Transient):
        client.page(world.page["id"], world.page_token, "name")
