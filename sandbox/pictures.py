"""Pictures without internet: `/{id}/picture` draws an SVG with the object's initials, so the product shows
real images; `redirect=0` answers the JSON Meta gives instead of the image."""
import hashlib

from flask import Blueprint, Response, jsonify, render_template, request

from sandbox.access import store
from sandbox.errors import not_found
from sandbox.render import root_url

blueprint = Blueprint("pictures", __name__)
COLOURS = ["#1877f2", "#e4405f", "#2a9d8f", "#e76f51", "#6d597a", "#264653", "#f4a261", "#457b9d"]
SIZES = {"small": 50, "normal": 100, "album": 50, "large": 200, "square": 50}


def display_name(record):
    return record.get("name") or record.get("username") or record.get("message") or record["id"]


def initials(name):
    words = [word for word in name.replace(".", " ").replace("_", " ").split() if word[:1].isalnum()]
    return "".join(word[0] for word in words[:2]).upper() or "?"


@blueprint.get("/<object_id>/picture")
def picture(object_id):
    record = store().get(object_id)
    if record is None:
        raise not_found(object_id)
    size = SIZES.get(request.args.get("type", "small"), 50)
    if request.args.get("redirect") in ("0", "false"):
        return jsonify({"data": {"height": size, "width": size, "is_silhouette": False,
                                 "url": f"{root_url()}/{object_id}/picture"}})
    name = display_name(record)
    colour = COLOURS[int(hashlib.sha256(object_id.encode()).hexdigest(), 16) % len(COLOURS)]
    svg = render_template("picture.svg", size=size, colour=colour, initials=initials(name))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "public, max-age=3600"})
