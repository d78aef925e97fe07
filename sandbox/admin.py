"""The admin API under /__admin/ (docs/contracts.md "Sandbox"): build the world, read effects, inject faults.

JSON in and out, no auth: only tests, benchmarks and the inspector call it."""
from flask import Blueprint, current_app, jsonify, request

from sandbox import scenarios
from sandbox.access import store

blueprint = Blueprint("admin", __name__, url_prefix="/__admin")
MAX_PAST_COMMENTS = 10_000


class AdminInputError(Exception):
    def __init__(self, message, status=400):
        super().__init__(message)
        self.message = message
        self.status = status


def answer_input_error(error):
    """Registered on the app, so every admin blueprint answers bad input the same way."""
    return jsonify({"message": error.message, "code": error.status}), error.status


def body():
    payload = request.get_json(silent=True)
    if not isinstance(payload, dict):
        raise AdminInputError("expected a JSON object body")
    return payload


def text(payload, name, required=True, limit=10000):
    value = payload.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise AdminInputError(f"{name} must be a non-empty string of at most {limit} characters")
    return value


def number(payload, name, default=0):
    value = payload.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise AdminInputError(f"{name} must be a non-negative number")
    return value


def existing(object_id, object_type, name):
    record = store().get(str(object_id)) if isinstance(object_id, (str, int)) else None
    if record is None or record["type"] != object_type:
        raise AdminInputError(f"{name} {object_id!r} is not a known {object_type}", status=404)
    return record


def existing_all(payload, name, object_type, item_name):
    """The records of `payload[name]`: a non-empty list of ids, each of a known `object_type`."""
    object_ids = payload.get(name)
    if not isinstance(object_ids, list) or not object_ids:
        raise AdminInputError(f"{name} must be a non-empty list of {object_type} ids")
    return [existing(object_id, object_type, item_name) for object_id in object_ids]


def optional_id(payload):
    value = payload.get("id")
    if value is None:
        return None
    if not str(value).isdigit() or store().get(str(value)):
        raise AdminInputError("id must be an unused numeric string")
    return str(value)


@blueprint.post("/reset")
def reset():
    scenario = body().get("scenario", "empty")
    if scenario not in scenarios.SCENARIOS:
        raise AdminInputError(f"scenario must be one of {sorted(scenarios.SCENARIOS)}")
    current_app.config["SANDBOX_RESET"](scenario)
    return jsonify({"scenario": scenario, "users": len(store().of_type("user")),
                    "pages": len(store().of_type("page"))})


@blueprint.post("/users")
def create_user():
    payload = body()
    user = store().add_user(text(payload, "first_name", limit=100), text(payload, "last_name", limit=100),
                            text(payload, "email", required=False, limit=200), optional_id(payload))
    return jsonify({"id": user["id"], "name": user["name"], "access_token": user["token"]}), 201


@blueprint.post("/pages")
def create_page():
    payload = body()
    owners = existing_all(payload, "owner_ids", "user", "owner")
    page = store().add_page(text(payload, "name", limit=200), [owner["id"] for owner in owners],
                            number(payload, "fan_count"), number(payload, "new_like_count"), optional_id(payload))
    return jsonify({"id": page["id"], "name": page["name"], "access_token": page["token"]}), 201


@blueprint.post("/instagram")
def create_instagram():
    payload = body()
    page = existing(payload.get("page_id"), "page", "page_id")
    if page["ig_id"]:
        raise AdminInputError(f"page {page['id']} already has an Instagram account", status=409)
    account = store().add_instagram(page["id"], text(payload, "username", limit=30),
                                    text(payload, "name", required=False, limit=100),
                                    number(payload, "followers_count"), optional_id(payload))
    return jsonify({"id": account["id"], "username": account["username"], "page_id": page["id"],
                    "access_token": page["token"]}), 201


@blueprint.post("/posts")
def create_post():
    payload = body()
    if payload.get("ig_user_id") is not None:
        owner = existing(payload["ig_user_id"], "ig_user", "ig_user_id")
    else:
        owner = existing(payload.get("page_id"), "page", "page_id")
    post = store().add_post(owner["id"], text(payload, "message"), text(payload, "picture", required=False),
                            payload.get("created_time") and number(payload, "created_time"))
    return jsonify({"id": post["id"], "platform": post["platform"]}), 201


@blueprint.post("/comments")
def create_comment():
    payload = body()
    post = existing(payload.get("post_id"), "post", "post_id")
    parent_id = payload.get("parent_id")
    if parent_id is not None:
        parent = existing(parent_id, "comment", "parent_id")
        if parent["post_id"] != post["id"]:
            raise AdminInputError("parent_id must be a comment of the same post")
    author = payload.get("from")
    if not isinstance(author, dict):
        raise AdminInputError('from must be an object {"id", "name"} (or "username" on Instagram)')
    comment = store().add_comment(post["id"], text(payload, "message", limit=8000), fan(author, post),
                                  parent_id, payload.get("created_time") and number(payload, "created_time"))
    return jsonify({"id": comment["id"], "post_id": post["id"]}), 201


@blueprint.post("/comments/past")
def create_past_comments():
    """Up to MAX_PAST_COMMENTS top-level comments on one post in one call, delivered to no webhook: the history a
    page had before the app was subscribed."""
    payload = body()
    post = existing(payload.get("post_id"), "post", "post_id")
    items = payload.get("comments")
    if not isinstance(items, list) or not 0 < len(items) <= MAX_PAST_COMMENTS:
        raise AdminInputError(f"comments must be a list of 1 to {MAX_PAST_COMMENTS} objects")
    comments = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("from"), dict):
            raise AdminInputError('each comment must be an object with a message and a from {"id", "name"}')
        comments.append({"message": text(item, "message", limit=8000), "from": fan(item["from"], post),
                         "created_time": item.get("created_time") and number(item, "created_time")})
    added = store().add_past_comments(post["id"], comments)
    return jsonify({"post_id": post["id"], "ids": [comment["id"] for comment in added]}), 201


def fan(author, post):
    """The commenter as the platform names it: Facebook {id, name}, Instagram {id, username}."""
    name_key = "username" if post["platform"] == "instagram" else "name"
    name = author.get(name_key) or author.get("name") or author.get("username")
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise AdminInputError(f"from.{name_key} must be a non-empty string")
    author_id = author.get("id")
    if author_id is not None and not str(author_id).isdigit():
        raise AdminInputError("from.id must be a numeric string")
    return {"id": str(author_id or store().next_number("fan")), name_key: name}


@blueprint.get("/comments/<comment_id>")
def comment_effects(comment_id):
    """A comment and what the product did to it; one its author deleted too (`removed`: true, no replies left)."""
    removed = store().removed.get(comment_id)
    comment = removed or existing(comment_id, "comment", "comment")
    replies = [] if removed else [{"id": reply["id"], "message": reply["message"], "from": reply["from"]}
                                  for reply in store().comments_of(comment["id"])]
    return jsonify({"id": comment["id"], "post_id": comment["post_id"], "platform": comment["platform"],
                    "message": comment["message"], "from": comment["from"], "is_hidden": comment["is_hidden"],
                    "likes": comment["likes"], "private_replies": comment["private_replies"], "replies": replies,
                    "removed": removed is not None})


@blueprint.post("/comments/<comment_id>")
def edit_comment(comment_id):
    """The author edits the comment: `{"message"}`; a Facebook comment's webhook says `edited`."""
    comment = existing(comment_id, "comment", "comment")
    store().edit_comment(comment["id"], text(body(), "message", limit=8000))
    return jsonify({"id": comment["id"], "post_id": comment["post_id"]})


@blueprint.delete("/comments/<comment_id>")
def remove_comment(comment_id):
    """The author deletes the comment (and so its replies); a Facebook comment's webhook says `remove`."""
    comment = existing(comment_id, "comment", "comment")
    store().remove_comment(comment["id"])
    return jsonify({"id": comment["id"], "post_id": comment["post_id"], "removed": True})


@blueprint.get("/effects")
def effects():
    with store().lock:
        return jsonify(list(store().effects))
