"""Webhook subscriptions at both levels Meta requires (docs/graph-api.md#subscriptions): the app's callback
(`/{app-id}/subscriptions`, with the GET handshake) and each page's `subscribed_apps`."""
import secrets

import requests
from flask import Blueprint, current_app, jsonify

from sandbox import params
from sandbox.access import caller, store, visible_object
from sandbox.errors import GraphError, invalid_parameter

blueprint = Blueprint("subscriptions", __name__)
OBJECT_FIELDS = {"page": {"feed", "messages", "mention"}, "instagram": {"comments", "live_comments", "mentions",
                                                                       "messages"}}


def fields_param(name):
    value = params.all_params().get(name)
    names = value if isinstance(value, list) else str(value or "").split(",")
    names = [str(field).strip() for field in names if str(field).strip()]
    if not names:
        raise invalid_parameter(f"param {name} must be non-empty")
    return names


def page_for_subscription(page_id):
    page = visible_object(page_id, "page")
    if caller().kind != "page" or caller().subject_id != page["id"]:
        raise GraphError(210, "This call requires a Page access token")
    return page


@blueprint.post("/<page_id>/subscribed_apps")
def subscribe_page(page_id):
    page = page_for_subscription(page_id)
    page["subscribed_fields"] = fields_param("subscribed_fields")
    store().saved()
    return jsonify({"success": True})


@blueprint.get("/<page_id>/subscribed_apps")
def page_subscriptions(page_id):
    page = page_for_subscription(page_id)
    if not page["subscribed_fields"]:
        return jsonify({"data": []})
    return jsonify({"data": [{"category": "Business", "link": f"https://sandbox.local/apps/{app_id()}",
                              "name": "Sandbox App", "id": app_id(), "subscribed_fields": page["subscribed_fields"]}]})


@blueprint.delete("/<page_id>/subscribed_apps")
def unsubscribe_page(page_id):
    page = page_for_subscription(page_id)
    page["subscribed_fields"] = []
    store().saved()
    return jsonify({"success": True})


def app_id():
    return current_app.config["SANDBOX_APP_ID"]


def app_for_subscription(object_id):
    if object_id != app_id() or caller().kind != "app":
        raise GraphError(15, "This method must be called with an app access_token.")


@blueprint.post("/<object_id>/subscriptions")
def subscribe_app(object_id):
    app_for_subscription(object_id)
    arguments = params.all_params()
    subscribed_object = arguments.get("object")
    if subscribed_object not in OBJECT_FIELDS:
        raise invalid_parameter(f"param object must be one of {sorted(OBJECT_FIELDS)}")
    wanted = fields_param("fields")
    unknown = sorted(set(wanted) - OBJECT_FIELDS[subscribed_object])
    if unknown:
        raise invalid_parameter(f"Invalid fields for object {subscribed_object}: {', '.join(unknown)}")
    callback_url, verify_token = arguments.get("callback_url"), arguments.get("verify_token")
    if not isinstance(callback_url, str) or not callback_url.startswith(("http://", "https://")):
        raise invalid_parameter("param callback_url must be an http(s) URL")
    handshake(callback_url, str(verify_token or ""))
    with store().lock:
        store().subscriptions[subscribed_object] = {"object": subscribed_object, "callback_url": callback_url,
                                                    "verify_token": verify_token, "fields": wanted}
        store().saved()
    return jsonify({"success": True})


def handshake(callback_url, verify_token):
    """Meta's verification GET: the callback must answer 200 with the challenge as its body."""
    challenge = str(secrets.randbelow(10 ** 9) + 10 ** 9)
    query = {"hub.mode": "subscribe", "hub.challenge": challenge, "hub.verify_token": verify_token}
    try:
        response = requests.get(callback_url, params=query, timeout=current_app.config["SANDBOX_WEBHOOK_TIMEOUT"])
    except requests.RequestException as error:
        raise GraphError(2200, f"Callback verification failed with the following errors: "
                               f"couldn't connect to server ({type(error).__name__})") from None
    if response.status_code != 200 or response.text.strip() != challenge:
        raise GraphError(2200, "Callback verification failed with the following errors: HTTP Status Code = "
                               f"{response.status_code}; HTTP Message = the challenge did not match")


@blueprint.get("/<object_id>/subscriptions")
def app_subscriptions(object_id):
    app_for_subscription(object_id)
    data = [{"object": entry["object"], "callback_url": entry["callback_url"], "active": True,
             "fields": [{"name": name, "version": "v23.0"} for name in entry["fields"]]}
            for entry in store().subscriptions.values()]
    return jsonify({"data": data})


@blueprint.delete("/<object_id>/subscriptions")
def unsubscribe_app(object_id):
    app_for_subscription(object_id)
    subscribed_object = params.all_params().get("object")
    with store().lock:
        for name in list(store().subscriptions):
            if subscribed_object in (None, name):
                del store().subscriptions[name]
        store().saved()
    return jsonify({"success": True})
