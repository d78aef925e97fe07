"""The inspector (`GET /`): every page, post and comment with what the product did to it, and forms to comment as
a fan and to edit or delete a fan's comment, which go through the same paths as the admin API (webhooks
included)."""
from flask import Blueprint, redirect, render_template, request

from sandbox.access import store

blueprint = Blueprint("inspector", __name__)
NAME_LIMIT = 100
TEXT_LIMIT = 8000


def page_view(page):
    account = store().get(page["ig_id"] or "")
    owners = [store().get(owner_id) for owner_id in page["owner_ids"]]
    posts = store().posts_of(page["id"]) + (store().posts_of(account["id"]) if account else [])
    return {"page": page, "instagram": account, "owners": [owner for owner in owners if owner],
            "posts": [{"post": post, "comments": store().comments_of(post["id"], stream=True)} for post in posts]}


@blueprint.get("/")
def inspect():
    pages = sorted(store().of_type("page"), key=lambda page: page["id"])
    return render_template("inspector.html", pages=[page_view(page) for page in pages],
                           users=store().of_type("user"), subscriptions=store().subscriptions,
                           error=request.args.get("error"))


@blueprint.post("/inspector/comments")
def comment_as_fan():
    post = store().get(request.form.get("post_id", ""), "post")
    name = request.form.get("name", "").strip()
    text = request.form.get("message", "").strip()
    if post is None or not name or not text or len(name) > NAME_LIMIT or len(text) > TEXT_LIMIT:
        return render_template("inspector_error.html", message="Choose a post and type a name and a comment."), 400
    name_key = "username" if post["platform"] == "instagram" else "name"
    author = {"id": str(store().next_number("fan")), name_key: name}
    comment = store().add_comment(post["id"], text, author)
    return redirect(f"{request.script_root}/#obj-{comment['id']}", code=303)


@blueprint.post("/inspector/comments/<comment_id>/edit")
def edit_as_fan(comment_id):
    comment = store().get(comment_id, "comment")
    text = request.form.get("message", "").strip()
    if comment is None or not text or len(text) > TEXT_LIMIT:
        return render_template("inspector_error.html", message="Choose a comment and type its new words."), 400
    store().edit_comment(comment["id"], text)
    return redirect(f"{request.script_root}/#obj-{comment['id']}", code=303)


@blueprint.post("/inspector/comments/<comment_id>/delete")
def delete_as_fan(comment_id):
    comment = store().get(comment_id, "comment")
    if comment is None:
        return render_template("inspector_error.html", message="This comment is already gone."), 404
    store().remove_comment(comment["id"])
    return redirect(f"{request.script_root}/#obj-{comment['post_id']}", code=303)
