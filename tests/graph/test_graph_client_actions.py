"""The product's Graph client acting on comments in the live sandbox: private replies (text and buttons),
likes, hides, public replies and page subscriptions, with the effects read back as a user would see them,
and Meta's rules refused with Meta's error codes."""
import time

import pytest

from app.graph import AlreadyReplied, NotFound, PermissionDenied, Permanent
from tests.sandbox.helpers import graph as raw_graph

FAN = {"id": "6120934471203388", "name": "Karim Trabelsi"}
IG_FAN = {"id": "1187330569912345", "username": "karim.trabelsi"}
EIGHT_DAYS = 8 * 24 * 3600


@pytest.fixture
def comment(sandbox, world):
    return sandbox.admin.comment(world.post["id"], "C'est combien la robe ?", FAN)


@pytest.fixture
def ig_comment(sandbox, world):
    return sandbox.admin.comment(world.media["id"], "Prix ?", IG_FAN)


def test_private_reply_reaches_the_commenter_once(sandbox, graph, world, comment):
    sent = graph.private_reply(world.page["id"], world.page_token, comment["id"], "Bonjour Karim, 79 DT.")

    assert sent["recipient_id"] and sent["message_id"]
    replies = sandbox.admin.comment_effects(comment["id"])["private_replies"]
    assert [(reply["message_id"], reply["text"]) for reply in replies] == [(sent["message_id"],
                                                                            "Bonjour Karim, 79 DT.")]


def test_private_reply_with_buttons_sends_a_button_template(sandbox, graph, world, comment):
    buttons = [{"type": "web_url", "url": "https://shop.example/p/42", "title": "Voir le produit"},
               {"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}]

    graph.private_reply(world.page["id"], world.page_token, comment["id"], "Voici le prix", buttons)

    [reply] = sandbox.admin.comment_effects(comment["id"])["private_replies"]
    assert reply["text"] == "Voici le prix"
    assert [button["title"] for button in reply["buttons"]] == ["Voir le produit", "Appeler"]


def test_second_private_reply_is_already_replied_and_sends_nothing(sandbox, graph, world, comment):
    graph.private_reply(world.page["id"], world.page_token, comment["id"], "Premier message")

    with pytest.raises(AlreadyReplied) as refused:
        graph.private_reply(world.page["id"], world.page_token, comment["id"], "Second message")

    assert refused.value.code == 10900
    assert len(sandbox.admin.comment_effects(comment["id"])["private_replies"]) == 1


def test_instagram_private_reply_goes_through_the_linked_page(sandbox, graph, world, ig_comment):
    sent = graph.private_reply(world.page["id"], world.page_token, ig_comment["id"], "Bonjour, 79 DT.")

    assert sent["message_id"]
    assert len(sandbox.admin.comment_effects(ig_comment["id"])["private_replies"]) == 1


@pytest.mark.parametrize("text, buttons", [
    ("x" * 2001, None),
    ("x" * 641, [{"type": "web_url", "url": "https://shop.example", "title": "Voir"}]),
    ("Prix", [{"type": "web_url", "url": "https://shop.example", "title": f"Voir {n}"} for n in range(4)]),
    ("Prix", [{"type": "web_url", "url": "https://shop.example", "title": "Un titre bien trop long ici"}]),
    ("Prix", [{"type": "phone_number", "title": "Appeler", "payload": "71 000 000"}]),
])
def test_private_reply_breaking_meta_limits_is_refused_with_code_100(sandbox, graph, world, comment, text,
                                                                       buttons):
    with pytest.raises(Permanent) as refused:
        graph.private_reply(world.page["id"], world.page_token, comment["id"], text, buttons)

    assert refused.value.code == 100
    assert refused.value.message.startswith("(#100)")
    assert sandbox.admin.comment_effects(comment["id"])["private_replies"] == []


def test_phone_button_on_instagram_is_refused(sandbox, graph, world, ig_comment):
    buttons = [{"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}]

    with pytest.raises(Permanent) as refused:
        graph.private_reply(world.page["id"], world.page_token, ig_comment["id"], "Prix", buttons)

    assert refused.value.code == 100
    assert sandbox.admin.comment_effects(ig_comment["id"])["private_replies"] == []


def test_private_reply_after_seven_days_is_refused(sandbox, graph, world):
    old = sandbox.admin.comment(world.post["id"], "Toujours dispo ?", FAN, created_time=time.time() - EIGHT_DAYS)
    old_ig = sandbox.admin.comment(world.media["id"], "Dispo ?", IG_FAN, created_time=time.time() - EIGHT_DAYS)

    with pytest.raises(Permanent) as facebook:
        graph.private_reply(world.page["id"], world.page_token, old["id"], "Oui")
    with pytest.raises(Permanent) as instagram:
        graph.private_reply(world.page["id"], world.page_token, old_ig["id"], "Oui")

    assert (facebook.value.code, facebook.value.subcode) == (10903, 1893049)
    assert (instagram.value.code, instagram.value.subcode) == (100, 2534025)


def test_like_is_recorded_once_even_when_sent_twice(sandbox, graph, world, comment):
    assert graph.like(comment["id"], world.page_token) is True
    assert graph.like(comment["id"], world.page_token) is True

    assert sandbox.admin.comment_effects(comment["id"])["likes"] == [world.page["id"]]


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_hide_and_unhide_change_what_readers_see(sandbox, graph, world, platform):
    target = world.post if platform == "facebook" else world.media
    author = FAN if platform == "facebook" else IG_FAN
    spam = sandbox.admin.comment(target["id"], "Gagnez vite http://spam.example", author)

    assert graph.hide(spam["id"], world.page_token, platform) is True
    assert sandbox.admin.comment_effects(spam["id"])["is_hidden"] is True
    assert graph.hide(spam["id"], world.page_token, platform, hidden=False) is True
    assert sandbox.admin.comment_effects(spam["id"])["is_hidden"] is False


def test_facebook_public_reply_appears_under_the_comment_from_the_page(sandbox, graph, world, comment):
    reply_id = graph.public_reply(comment["id"], world.page_token, "Merci, voir en privé", "facebook")

    replies = sandbox.admin.comment_effects(comment["id"])["replies"]
    assert [(reply["id"], reply["message"], reply["from"]["id"]) for reply in replies] == [
        (reply_id, "Merci, voir en privé", world.page["id"])]
    assert reply_id in [read["id"] for read in graph.comments(world.post["id"], world.page_token)]


def test_instagram_public_reply_appears_under_the_comment(sandbox, graph, world, ig_comment):
    reply_id = graph.public_reply(ig_comment["id"], world.page_token, "Merci !", "instagram")

    replies = sandbox.admin.comment_effects(ig_comment["id"])["replies"]
    assert [(reply["id"], reply["message"]) for reply in replies] == [(reply_id, "Merci !")]


def test_acting_with_a_user_token_is_a_permission_error(sandbox, graph, world, comment):
    with pytest.raises(PermissionDenied) as refused:
        graph.like(comment["id"], world.user["access_token"])

    assert refused.value.code == 200
    assert sandbox.admin.comment_effects(comment["id"])["likes"] == []


def test_page_subscription_is_listed_then_removed(sandbox, graph, world):
    def subscribed():
        return raw_graph(sandbox, "GET", f"{world.page['id']}/subscribed_apps", world.page_token).json()["data"]

    assert graph.subscribe_app(world.page["id"], world.page_token) is True
    assert [(app["id"], app["subscribed_fields"]) for app in subscribed()] == [(graph.app_id, ["feed"])]
    assert graph.unsubscribe_app(world.page["id"], world.page_token) is True
    assert subscribed() == []


def test_reply_to_an_unknown_comment_is_not_found_with_metas_error_fields(graph, world):
    with pytest.raises(NotFound) as refused:
        graph.public_reply("999_999", world.page_token, "Bonjour", "facebook")

    assert (refused.value.code, refused.value.subcode, refused.value.status) == (100, 33, 400)
    assert refused.value.fbtrace_id


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_replies_list_the_pages_public_answer_to_a_comment(graph, world, comment, ig_comment, platform):
    target = comment if platform == "facebook" else ig_comment
    assert list(graph.replies(target["id"], world.page_token, platform)) == []

    reply_id = graph.public_reply(target["id"], world.page_token, "Merci !", platform)

    assert [reply["id"] for reply in graph.replies(target["id"], world.page_token, platform)] == [reply_id]
