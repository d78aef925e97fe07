"""Private replies, likes, hides and public replies, with Meta's rules refused in Meta's error shape."""
import json
import time

import requests

from tests.sandbox.helpers import assert_graph_error, graph, seed_page

FAN = {"id": "6120934400000077", "name": "Karim Trabelsi"}


def fb_comment(sandbox, message="C'est combien ?", **extra):
    world = seed_page(sandbox)
    world["comment"] = sandbox.admin.comment(world["post"]["id"], message, FAN, **extra)
    return world


def private_reply(sandbox, world, message, path=None, comment_id=None):
    body = {"recipient": {"comment_id": comment_id or world["comment"]["id"]}, "message": message}
    return graph(sandbox, "POST", path or f"{world['page']['id']}/messages", world["page"]["access_token"], json=body)


def button_message(text="Voici le prix", buttons=None):
    buttons = buttons if buttons is not None else [{"type": "web_url", "url": "https://shop.example/p/1",
                                                    "title": "Voir"}]
    return {"attachment": {"type": "template", "payload": {"template_type": "button", "text": text,
                                                           "buttons": buttons}}}


def test_private_reply_is_sent_once_then_10900(sandbox):
    world = fb_comment(sandbox)
    first = private_reply(sandbox, world, {"text": "Bonjour Karim, 45 DT"})
    assert first.status_code == 200
    assert set(first.json()) == {"recipient_id", "message_id"}
    assert_graph_error(private_reply(sandbox, world, {"text": "again"}), 10900)
    effects = sandbox.admin.comment_effects(world["comment"]["id"])
    assert [reply["text"] for reply in effects["private_replies"]] == ["Bonjour Karim, 45 DT"]
    assert [effect["kind"] for effect in sandbox.admin.effects()] == ["private_reply"]
    can_reply = graph(sandbox, "GET", world["comment"]["id"], world["page"]["access_token"],
                      params={"fields": "can_reply_privately"}).json()
    assert can_reply["can_reply_privately"] is False


def test_private_reply_as_form_with_json_strings_through_me_messages(sandbox):
    world = fb_comment(sandbox)
    response = graph(sandbox, "POST", "me/messages", world["page"]["access_token"],
                     data={"recipient": json.dumps({"comment_id": world["comment"]["id"]}),
                           "message": json.dumps(button_message())})
    assert response.status_code == 200, response.text
    reply = sandbox.admin.comment_effects(world["comment"]["id"])["private_replies"][0]
    assert reply["text"] == "Voici le prix" and reply["buttons"][0]["title"] == "Voir"


def test_private_reply_after_seven_days_is_refused(sandbox):
    world = fb_comment(sandbox, created_time=int(time.time()) - 8 * 86400)
    assert_graph_error(private_reply(sandbox, world, {"text": "trop tard"}), 10903, 1893049)
    assert sandbox.admin.comment_effects(world["comment"]["id"])["private_replies"] == []


def test_message_limits_are_refused_with_100(sandbox):
    world = fb_comment(sandbox)
    too_many = [{"type": "postback", "title": f"B{index}", "payload": "P"} for index in range(4)]
    refused = [{"text": "x" * 2001}, {"text": ""}, button_message("x" * 641), button_message(buttons=[]),
               button_message(buttons=too_many),
               button_message(buttons=[{"type": "web_url", "url": "https://a.tn", "title": "x" * 21}]),
               button_message(buttons=[{"type": "phone_number", "title": "Call", "payload": "71000000"}])]
    for message in refused:
        assert_graph_error(private_reply(sandbox, world, message), 100)
    assert sandbox.admin.comment_effects(world["comment"]["id"])["private_replies"] == []
    accepted = button_message(buttons=[{"type": "phone_number", "title": "Appeler", "payload": "+21671000000"}])
    assert private_reply(sandbox, world, accepted).status_code == 200


def test_instagram_private_reply_refuses_phone_buttons_and_second_reply(sandbox):
    world = seed_page(sandbox, instagram=True)
    world["comment"] = sandbox.admin.comment(world["media"]["id"], "prix?", {"id": "1784", "username": "fan"})
    phone = button_message(buttons=[{"type": "phone_number", "title": "Call", "payload": "+21671000000"}])
    assert_graph_error(private_reply(sandbox, world, phone), 100)
    assert private_reply(sandbox, world, {"text": "45 DT"}).status_code == 200
    assert_graph_error(private_reply(sandbox, world, {"text": "again"}), 100, 2534025)


def test_page_token_of_another_page_cannot_reply_or_like(sandbox):
    world = fb_comment(sandbox)
    other = sandbox.admin.page("Other shop", [world["user"]["id"]])
    body = {"recipient": {"comment_id": world["comment"]["id"]}, "message": {"text": "hi"}}
    response = graph(sandbox, "POST", f"{other['id']}/messages", other["access_token"], json=body)
    assert_graph_error(response, 100)
    assert_graph_error(graph(sandbox, "POST", f"{world['comment']['id']}/likes", other["access_token"]), 100, 33)
    assert sandbox.admin.effects() == []


def test_like_is_idempotent_and_unlike_removes_it(sandbox):
    world = fb_comment(sandbox)
    for _ in range(2):
        response = graph(sandbox, "POST", f"{world['comment']['id']}/likes", world["page"]["access_token"])
        assert response.json() == {"success": True}
    assert sandbox.admin.comment_effects(world["comment"]["id"])["likes"] == [world["page"]["id"]]
    assert [effect["repeat"] for effect in sandbox.admin.effects()] == [False, True]
    graph(sandbox, "DELETE", f"{world['comment']['id']}/likes", world["page"]["access_token"])
    assert sandbox.admin.comment_effects(world["comment"]["id"])["likes"] == []


def test_hide_facebook_with_is_hidden_and_instagram_with_hide(sandbox):
    world = fb_comment(sandbox)
    response = graph(sandbox, "POST", world["comment"]["id"], world["page"]["access_token"], data={"is_hidden": "true"})
    assert response.json() == {"success": True}
    read = graph(sandbox, "GET", world["comment"]["id"], world["page"]["access_token"], params={"fields": "is_hidden"})
    assert read.json()["is_hidden"] is True
    ig_account = sandbox.admin.instagram(world["page"]["id"], "maison.jasmin")
    media = sandbox.admin.post("Drop", ig_user_id=ig_account["id"])
    ig_comment = sandbox.admin.comment(media["id"], "spam http://x.y", {"username": "bot"})
    assert_graph_error(graph(sandbox, "POST", ig_comment["id"], world["page"]["access_token"]), 100)
    graph(sandbox, "POST", ig_comment["id"], world["page"]["access_token"], params={"hide": "true"})
    hidden = graph(sandbox, "GET", ig_comment["id"], world["page"]["access_token"], params={"fields": "hidden"})
    assert hidden.json()["hidden"] is True
    assert [effect["kind"] for effect in sandbox.admin.effects()] == ["hide", "hide"]


def test_public_reply_appears_in_stream_from_the_page(sandbox):
    world = fb_comment(sandbox)
    response = graph(sandbox, "POST", f"{world['comment']['id']}/comments", world["page"]["access_token"],
                     data={"message": "Merci, on vous a écrit en privé"})
    reply_id = response.json()["id"]
    stream = graph(sandbox, "GET", f"{world['post']['id']}/comments", world["page"]["access_token"],
                   params={"filter": "stream", "fields": "id,from,parent{id},message"}).json()["data"]
    assert [comment["id"] for comment in stream] == [world["comment"]["id"], reply_id]
    assert stream[1]["from"] == {"id": world["page"]["id"], "name": "Maison Jasmin"}
    assert stream[1]["parent"] == {"id": world["comment"]["id"]}
    toplevel = graph(sandbox, "GET", f"{world['post']['id']}/comments", world["page"]["access_token"]).json()["data"]
    assert [comment["id"] for comment in toplevel] == [world["comment"]["id"]]
    effects = sandbox.admin.comment_effects(world["comment"]["id"])
    assert effects["replies"][0]["message"] == "Merci, on vous a écrit en privé"


def test_instagram_public_reply_through_replies_edge(sandbox):
    world = seed_page(sandbox, instagram=True)
    comment = sandbox.admin.comment(world["media"]["id"], "love it", {"username": "fan"})
    reply = graph(sandbox, "POST", f"{comment['id']}/replies", world["page"]["access_token"],
                  data={"message": "Thanks!"}).json()
    replies = graph(sandbox, "GET", f"{comment['id']}/replies", world["page"]["access_token"],
                    params={"fields": "id,text,username"}).json()["data"]
    assert replies == [{"id": reply["id"], "text": "Thanks!", "username": "maison.jasmin"}]


def test_actions_need_a_page_token(sandbox):
    world = fb_comment(sandbox)
    response = graph(sandbox, "POST", f"{world['comment']['id']}/likes", world["user"]["access_token"])
    assert_graph_error(response, 200)


def test_instagram_private_replies_stop_at_750_per_hour_per_account(sandbox):
    world = seed_page(sandbox, instagram=True)
    session = requests.Session()
    url = f"{sandbox.url}/v23.0/{world['page']['id']}/messages"
    # 751 comments of 751 fans, stored in one call (no webhook is needed here), then one private reply each.
    comments = sandbox.admin.past_comments(world["media"]["id"], [
        {"message": f"prix {index}", "from": {"username": f"fan{index}"}} for index in range(751)])["ids"]
    answers = [session.post(url, params={"access_token": world["page"]["access_token"]}, timeout=10,
                            json={"recipient": {"comment_id": comment_id}, "message": {"text": "45 DT"}})
               for comment_id in comments]
    assert [answer.status_code for answer in answers[:750]] == [200] * 750
    assert_graph_error(answers[750], 613, 2534040)
    assert len(sandbox.admin.effects()) == 750
