"""Graph actions the product performs on comments: private reply, like, hide, public reply.

Each success changes the world and is written to the effects log (GET /__admin/effects)."""
from flask import Blueprint, current_app, jsonify

from sandbox import messaging, params
from sandbox.access import acting_page, caller, store, visible_object
from sandbox.errors import GraphError, invalid_parameter, unsupported

blueprint = Blueprint("graph_actions", __name__)
PUBLIC_REPLY_LIMIT = 8000


@blueprint.post("/me/messages")
def my_messages():
    who = caller()
    if who.kind != "page":
        raise GraphError(200, "Permissions error: sending messages requires a Page access token")
    return send_private_reply(store().get(who.subject_id))


def send_private_reply(page):
    recipient = params.json_param("recipient")
    message = params.json_param("message")
    comment = store().get(str(recipient.get("comment_id", "")), "comment")
    if comment is None or comment["page_id"] != page["id"]:
        if "comment_id" not in recipient:
            raise invalid_parameter("param recipient must name a comment_id")
        messaging.refuse_removed(store().removed.get(str(recipient["comment_id"])), page)
        raise invalid_parameter("Invalid comment_id parameter", subcode=2018292)
    text, buttons = messaging.message_content(message, comment["platform"])
    with store().lock:
        messaging.refuse_unreplyable(comment)
        if comment["platform"] == "instagram":
            current_app.config["SANDBOX_IG_LIMIT"].take(comment["ig_user_id"])
        reply = {"message_id": messaging.new_message_id(), "text": text, "buttons": buttons,
                 "recipient_id": messaging.page_scoped_id(comment["from"]["id"], page["id"])}
        comment["private_replies"].append(reply)
        store().record_effect("private_reply", comment, **reply)
    return jsonify({"recipient_id": reply["recipient_id"], "message_id": reply["message_id"]})


@blueprint.post("/<object_id>/<edge_name>")
def post_edge(object_id, edge_name):
    handler = POST_EDGES.get(edge_name)
    if handler is None:
        raise unsupported("post", f"{object_id}/{edge_name}")
    return handler(object_id)


def messages(object_id):
    page = visible_object(object_id, "page")
    if caller().kind != "page" or caller().subject_id != page["id"]:
        raise GraphError(200, "Permissions error: sending messages requires this Page's access token")
    return send_private_reply(page)


def acted_comment(object_id, platform=None):
    record = visible_object(object_id)
    if record["type"] != "comment" or (platform and record["platform"] != platform):
        raise unsupported("post", object_id)
    acting_page(record)
    return record


def like(object_id):
    comment = acted_comment(object_id, "facebook")
    with store().lock:
        repeat = comment["page_id"] in comment["likes"]
        if not repeat:
            comment["likes"].append(comment["page_id"])
        store().record_effect("like", comment, repeat=repeat)
    return jsonify({"success": True})


@blueprint.delete("/<object_id>/likes")
def unlike(object_id):
    comment = acted_comment(object_id, "facebook")
    with store().lock:
        if comment["page_id"] in comment["likes"]:
            comment["likes"].remove(comment["page_id"])
        store().record_effect("unlike", comment)
    return jsonify({"success": True})


@blueprint.post("/<object_id>")
def update_object(object_id):
    """Hide or unhide: Facebook reads `is_hidden`, Instagram reads `hide`
    (docs/graph-api.md#calls-the-product-makes)."""
    comment = acted_comment(object_id)
    name = "hide" if comment["platform"] == "instagram" else "is_hidden"
    hidden = params.bool_param(name)
    if hidden is None:
        raise invalid_parameter(f"The parameter {name} is required")
    with store().lock:
        comment["is_hidden"] = hidden
        store().record_effect("hide" if hidden else "unhide", comment, hidden=hidden)
    return jsonify({"success": True})


def public_reply(object_id, platform):
    """The page answers in public; the reply is a new comment and comes back as a webhook, as at Meta."""
    record = visible_object(object_id)
    if record["type"] == "post" and platform == "facebook" and record["platform"] == "facebook":
        page, parent_id, post_id = acting_page(record), None, record["id"]
    else:
        comment = acted_comment(object_id, platform)
        page, post_id = acting_page(comment), comment["post_id"]
        parent_id = comment["parent_id"] or comment["id"]
        if platform == "instagram" and comment["is_hidden"]:
            raise invalid_parameter("Cannot reply to a hidden comment")
    message = params.all_params().get("message")
    if not isinstance(message, str) or not message.strip() or len(message) > PUBLIC_REPLY_LIMIT:
        raise invalid_parameter(f"param message must be 1 to {PUBLIC_REPLY_LIMIT} characters")
    author = {"id": page["id"], "name": page["name"]}
    if platform == "instagram":
        account = store().get(page["ig_id"])
        author = {"id": account["id"], "username": account["username"]}
    reply = store().add_comment(post_id, message, author, parent_id)
    if record["type"] == "comment":
        store().record_effect("public_reply", record, reply_id=reply["id"], message=message)
    return jsonify({"id": reply["id"]})


POST_EDGES = {"messages": messages, "likes": like,
              "comments": lambda object_id: public_reply(object_id, "facebook"),
              "replies": lambda object_id: public_reply(object_id, "instagram")}
