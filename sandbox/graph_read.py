"""Graph reads: /me, /debug_token, /me/accounts, objects by id and their edges (feed, comments, media...)."""
import time

from flask import Blueprint, current_app, jsonify, request

from sandbox import fields, paging, params
from sandbox.access import caller, resolve_token, store, visible_object
from sandbox.errors import GraphError, invalid_parameter, unsupported
from sandbox.render import render

blueprint = Blueprint("graph_read", __name__)
USER_SCOPES = ["email", "pages_show_list", "pages_read_engagement", "pages_read_user_content",
               "pages_manage_metadata", "pages_manage_engagement", "pages_messaging", "instagram_basic",
               "instagram_manage_comments", "instagram_manage_messages", "public_profile"]


def requested_fields():
    return fields.parse(request.args.get("fields", ""))


@blueprint.get("/me")
def me():
    who = caller()
    if who.kind == "app":
        raise GraphError(2500, "An active access token must be used to query information about the current user.")
    return jsonify(render(store().get(who.subject_id), requested_fields()))


@blueprint.get("/me/accounts")
def my_accounts():
    who = caller()
    if who.kind != "user":
        raise GraphError(100, "Tried accessing nonexisting field (accounts) on node type (Page)")
    return jsonify(user_accounts(who.subject_id))


def user_accounts(user_id):
    pages = sorted(store().of_type("page"), key=lambda page: page["id"])
    pages = [page for page in pages if user_id in page["owner_ids"]]
    specs = requested_fields() or [fields.FieldSpec(name) for name in
                                   ("access_token", "category", "category_list", "name", "id", "tasks")]
    answer = paging.page(pages, lambda page: render(page, specs))
    answer["summary"] = {"total_count": len(pages)}
    return answer


@blueprint.get("/debug_token")
def debug_token():
    caller()
    input_token = request.args.get("input_token")
    if not input_token:
        raise invalid_parameter("The parameter input_token is required")
    app_id = current_app.config["SANDBOX_APP_ID"]
    try:
        inspected = resolve_token(input_token)
    except GraphError as error:
        return jsonify({"data": {"error": {"code": error.code, "message": error.message,
                                           "subcode": error.subcode}, "is_valid": False, "scopes": []}})
    info = store().tokens.get(input_token, {})
    data = {"app_id": app_id, "type": inspected.kind.upper(), "application": "Sandbox App",
            "data_access_expires_at": int(time.time()) + 90 * 86400, "expires_at": info.get("expires_at", 0),
            "is_valid": True,
            "issued_at": info.get("issued_at", int(time.time())), "scopes": USER_SCOPES,
            "granular_scopes": [{"scope": "pages_show_list"}]}
    if inspected.kind == "user":
        data["user_id"] = inspected.subject_id
    elif inspected.kind == "page":
        data["profile_id"] = inspected.subject_id
    return jsonify({"data": data})


@blueprint.get("/<object_id>")
def get_object(object_id):
    return jsonify(render(visible_object(object_id), requested_fields()))


EDGES = {("page", "feed"): lambda record: store().posts_of(record["id"]),
         ("page", "posts"): lambda record: store().posts_of(record["id"]),
         ("ig_user", "media"): lambda record: store().posts_of(record["id"]),
         ("post", "comments"): lambda record: comments_for_post(record),
         ("comment", "comments"): lambda record: store().comments_of(record["id"]),
         ("comment", "replies"): lambda record: store().comments_of(record["id"])}


@blueprint.get("/<object_id>/<edge_name>")
def get_edge(object_id, edge_name):
    if edge_name == "accounts" and object_id == caller().subject_id:
        return jsonify(user_accounts(object_id))
    record = visible_object(object_id)
    list_items = EDGES.get((record["type"], edge_name))
    if list_items is None:
        raise unsupported("get", f"{object_id}/{edge_name}")
    specs = requested_fields()
    items = list_items(record)
    answer = paging.page(items, lambda item: render(item, specs))
    if request.args.get("summary") in ("1", "true") and edge_name in ("comments", "replies"):
        answer["summary"] = {"order": request.args.get("order", "chronological"), "total_count": len(items),
                             "can_comment": True}
    return jsonify(answer)


def comments_for_post(post):
    """`filter` (toplevel|stream), `order` and `since` as the comments edge reads them
    (docs/graph-api.md#calls-the-product-makes)."""
    arguments = request.args
    comment_filter = arguments.get("filter", "toplevel")
    order = arguments.get("order", "chronological")
    if comment_filter not in ("toplevel", "stream"):
        raise invalid_parameter("(#100) filter must be one of the following values: toplevel, stream")
    if order not in ("chronological", "reverse_chronological"):
        raise invalid_parameter("(#100) order must be one of the following values: chronological, "
                                "reverse_chronological")
    comments = store().comments_of(post["id"], stream=comment_filter == "stream")
    since = params.int_param("since", 0, minimum=0, maximum=2 ** 40)
    comments = [comment for comment in comments if comment["created_time"] >= since]
    return list(reversed(comments)) if order == "reverse_chronological" else comments
