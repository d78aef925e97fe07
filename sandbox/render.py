"""Graph objects as Meta answers them: the fields each type offers, its defaults, and nested edges."""
import time
from datetime import datetime, timezone

from flask import request

from sandbox import fields, paging
from sandbox.access import caller, store

PRIVATE_REPLY_WINDOW = 7 * 86400
DEFAULT_FIELDS = {"user": ["id", "name"], "page": ["name", "id"], "ig_user": ["id"], "facebook_post":
                  ["created_time", "message", "id"], "instagram_post": ["id"], "facebook_comment":
                  ["created_time", "from", "message", "id"], "instagram_comment": ["timestamp", "text", "id"]}
PAGE_TASKS = ["ANALYZE", "ADVERTISE", "MESSAGING", "MODERATE", "CREATE_CONTENT", "MANAGE"]


def iso_time(unix_seconds):
    return datetime.fromtimestamp(unix_seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+0000")


def root_url():
    return request.host_url.rstrip("/")


def picture(object_id, size=50):
    return {"data": {"height": size, "width": size, "is_silhouette": False,
                     "url": f"{root_url()}/{object_id}/picture"}}


def permalink_path(object_id):
    """Permalinks open the inspector on the object, so a product link leads somewhere without internet."""
    return f"/#obj-{object_id}"


def permalink(object_id):
    return root_url() + permalink_path(object_id)


def render(record, specs=None):
    kind = record["type"] if record["type"] in ("user", "page", "ig_user") else \
        f"{record['platform']}_{record['type']}"
    available = BUILDERS[kind](record)
    return fields.select(available, specs, DEFAULT_FIELDS[kind])


def edge(items, path):
    """A nested edge (`comments.limit(5){id}`) rendered as its first page with working links."""
    def build(spec):
        query = {"access_token": caller().token}
        if spec.children:
            query["fields"] = fields.unparse(spec.children)
        limit = int(spec.modifiers.get("limit", 25))
        return paging.page(items(), lambda item: render(item, spec.children), limit=limit, path=path,
                           query=query)
    return build


def user_fields(user):
    return {"id": user["id"], "name": user["name"], "first_name": user["first_name"],
            "last_name": user["last_name"], "email": user["email"], "picture": picture(user["id"]),
            "short_name": user["first_name"]}


def page_fields(page):
    who = caller()
    is_admin = who.kind == "page" or who.subject_id in page["owner_ids"]
    account = store().get(page["ig_id"] or "")
    return {"id": page["id"], "name": page["name"], "fan_count": page["fan_count"],
            "new_like_count": page["new_like_count"] if is_admin else None, "category": page["category"],
            "category_list": [{"id": "2201", "name": page["category"]}], "picture": picture(page["id"]),
            "link": permalink(page["id"]), "access_token": page["token"] if who.kind == "user" and is_admin
            else None, "tasks": PAGE_TASKS if is_admin else None, "is_published": True,
            "instagram_business_account": (lambda spec: render(account, spec.children or
                                                               [fields.FieldSpec("id")])) if account else None,
            "feed": edge(lambda: store().posts_of(page["id"]), f"/{page['id']}/feed"),
            "posts": edge(lambda: store().posts_of(page["id"]), f"/{page['id']}/posts")}


def instagram_user_fields(account):
    return {"id": account["id"], "username": account["username"], "name": account["name"],
            "profile_picture_url": f"{root_url()}/{account['id']}/picture",
            "followers_count": account["followers_count"], "follows_count": account["follows_count"],
            "media_count": len(store().posts_of(account["id"])), "biography": "",
            "media": edge(lambda: store().posts_of(account["id"]), f"/{account['id']}/media")}


def facebook_post_fields(post):
    page = store().get(post["page_id"])
    return {"id": post["id"], "message": post["message"], "created_time": iso_time(post["created_time"]),
            "updated_time": iso_time(post["created_time"]), "from": {"id": page["id"], "name": page["name"]},
            "permalink_url": permalink(post["id"]), "full_picture": post["picture"], "picture": post["picture"],
            "status_type": "added_photos" if post["picture"] else "mobile_status_update", "is_published": True,
            "comments": edge(lambda: store().comments_of(post["id"]), f"/{post['id']}/comments")}


def instagram_post_fields(media):
    account = store().get(media["ig_user_id"])
    return {"id": media["id"], "caption": media["message"], "timestamp": iso_time(media["created_time"]),
            "media_type": "IMAGE", "media_product_type": "FEED", "permalink": permalink(media["id"]),
            "media_url": media["picture"] or f"{root_url()}/{media['id']}/picture",
            "username": account["username"], "owner": {"id": account["id"]},
            "comments_count": len(store().comments_of(media["id"], stream=True)), "like_count": 0,
            "comments": edge(lambda: store().comments_of(media["id"]), f"/{media['id']}/comments")}


def can_reply_privately(comment):
    own = comment["from"]["id"] in (comment["page_id"], comment.get("ig_user_id"))
    fresh = time.time() - comment["created_time"] <= PRIVATE_REPLY_WINDOW
    return not own and fresh and not comment["private_replies"]


def facebook_comment_fields(comment):
    # Counting replies scans the world: done only when asked, so reading a post's thousands of comments stays fast.
    return {"id": comment["id"], "message": comment["message"], "created_time": iso_time(comment["created_time"]),
            "from": comment["from"], "parent": {"id": comment["parent_id"]} if comment["parent_id"] else None,
            "is_hidden": comment["is_hidden"], "can_hide": True, "can_remove": True, "can_comment": True,
            "can_like": True, "can_reply_privately": can_reply_privately(comment),
            "like_count": len(comment["likes"]), "user_likes": bool(comment["likes"]),
            "comment_count": lambda _spec: len(store().comments_of(comment["id"])), "permalink_url": permalink(comment["id"]),
            "object": {"id": comment["post_id"]},
            "comments": edge(lambda: store().comments_of(comment["id"]), f"/{comment['id']}/comments")}


def instagram_comment_fields(comment):
    return {"id": comment["id"], "text": comment["message"], "timestamp": iso_time(comment["created_time"]),
            "username": comment["from"].get("username"), "from": comment["from"], "hidden": comment["is_hidden"],
            "like_count": len(comment["likes"]), "parent_id": comment["parent_id"],
            "media": {"id": comment["post_id"], "media_product_type": "FEED"},
            "replies": edge(lambda: store().comments_of(comment["id"]), f"/{comment['id']}/replies")}


BUILDERS = {"user": user_fields, "page": page_fields, "ig_user": instagram_user_fields,
            "facebook_post": facebook_post_fields, "instagram_post": instagram_post_fields,
            "facebook_comment": facebook_comment_fields, "instagram_comment": instagram_comment_fields}
