"""A fan edits or deletes a comment in the inspector: Facebook's `feed` webhook says `edited` or `remove` in Meta's
shape, Instagram sends nothing (as at Meta), and the deleted comment is gone from the Graph API; late private
replies are refused with Meta's errors."""
import time

import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page
from tests.sandbox.test_webhooks import parsed, receiver, subscribed_world  # noqa: F401 (receiver: a fixture)

FAN = {"id": "6120934400000077", "name": "Karim Trabelsi"}


def as_author(sandbox, comment_id, action, message=None):
    """The inspector's edit or delete button, as a browser posts its form."""
    response = requests.post(f"{sandbox.url}/inspector/comments/{comment_id}/{action}",
                             data={"message": message} if message else {}, allow_redirects=False, timeout=10)
    assert response.status_code == 303, response.text
    return response


def feed_values(receiver, count):
    """The changes delivered, in order, once `count` of them arrived (several may share one POST)."""
    def values():
        return [change["value"] for post in receiver.posts for entry in parsed(post)["entry"]
                for change in entry["changes"]]

    with receiver.arrived:
        receiver.arrived.wait_for(lambda: len(values()) >= count, timeout=10)
        return values()


def test_deleting_a_comment_in_the_inspector_sends_remove_and_the_comment_is_gone(sandbox, receiver):
    world = subscribed_world(sandbox, receiver)
    comment = sandbox.admin.comment(world["post"]["id"], "C'est combien ?", FAN)
    reply = sandbox.admin.comment(world["post"]["id"], "moi aussi", {"name": "Nour"}, parent_id=comment["id"])
    feed_values(receiver, 2)
    assert 'formaction="/inspector/comments/%s/delete"' % comment["id"] in requests.get(sandbox.url, timeout=10).text

    as_author(sandbox, comment["id"], "delete")

    removals = feed_values(receiver, 4)[2:]
    assert [(value["verb"], value["comment_id"]) for value in removals] == [("remove", reply["id"]),
                                                                           ("remove", comment["id"])]
    assert removals[1] == {"item": "comment", "verb": "remove", "comment_id": comment["id"],
                           "post_id": world["post"]["id"], "parent_id": world["post"]["id"], "from": FAN}
    token = world["page"]["access_token"]
    assert_graph_error(graph(sandbox, "GET", comment["id"], token), 100, 33)
    assert graph(sandbox, "GET", f"{world['post']['id']}/comments", token, params={"filter": "stream"}).json()[
        "data"] == []
    body = {"recipient": {"comment_id": comment["id"]}, "message": {"text": "45 DT"}}
    assert_graph_error(graph(sandbox, "POST", f"{world['page']['id']}/messages", token, json=body), 100, 2018292)
    assert sandbox.admin.comment_effects(comment["id"])["removed"] is True
    assert comment["id"] not in requests.get(sandbox.url, timeout=10).text


def test_editing_a_comment_in_the_inspector_sends_edited_with_the_new_words(sandbox, receiver):
    world = subscribed_world(sandbox, receiver)
    comment = sandbox.admin.comment(world["post"]["id"], "Merci", FAN)
    feed_values(receiver, 1)

    as_author(sandbox, comment["id"], "edit", "Merci, et le prix ?")

    [added, edited] = feed_values(receiver, 2)
    assert (edited["verb"], edited["comment_id"], edited["message"]) == ("edited", comment["id"], "Merci, et le prix ?")
    assert edited["from"] == FAN and edited["created_time"] == added["created_time"]
    read = graph(sandbox, "GET", comment["id"], world["page"]["access_token"]).json()
    assert read["message"] == "Merci, et le prix ?"


def test_instagram_sends_no_webhook_for_an_edit_or_a_deletion_and_refuses_replying_to_a_deleted_comment(
        sandbox, receiver):
    world = subscribed_world(sandbox, receiver, instagram=True)
    edited = sandbox.admin.comment(world["media"]["id"], "prix ?", {"id": "1784000", "username": "fan.tn"})
    deleted = sandbox.admin.comment(world["media"]["id"], "dispo ?", {"id": "1784001", "username": "fan.two"})
    receiver.wait_for(2)

    as_author(sandbox, edited["id"], "edit", "prix en M ?")
    as_author(sandbox, deleted["id"], "delete")
    later = sandbox.admin.comment(world["media"]["id"], "livraison ?", {"id": "1784002", "username": "fan.three"})

    # One dispatcher thread, in order: the comment written after the edit and the deletion is the next delivery.
    assert [value["id"] for value in feed_values(receiver, 3)] == [edited["id"], deleted["id"], later["id"]]
    body = {"recipient": {"comment_id": deleted["id"]}, "message": {"text": "oui"}}
    response = graph(sandbox, "POST", f"{world['page']['id']}/messages", world["page"]["access_token"], json=body)
    assert_graph_error(response, 100, 2534025)


def test_instagram_refuses_a_private_reply_after_seven_days(sandbox):
    world = seed_page(sandbox, instagram=True)
    comment = sandbox.admin.comment(world["media"]["id"], "prix ?", {"id": "1784000", "username": "fan.tn"},
                                    created_time=int(time.time()) - 8 * 86400)
    body = {"recipient": {"comment_id": comment["id"]}, "message": {"text": "trop tard"}}
    response = graph(sandbox, "POST", f"{world['page']['id']}/messages", world["page"]["access_token"], json=body)
    assert_graph_error(response, 100, 2534025)
    assert sandbox.admin.comment_effects(comment["id"])["private_replies"] == []
