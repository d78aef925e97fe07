"""What a person does to the app from their Facebook settings, and the calls Meta then makes to the app
(docs/graph-api.md#app-removal-and-data-deletion):

- removing the app revokes their token and the page tokens the app holds through it (a later call answers 190/458),
  issues fresh ones for their next login, and POSTs a `signed_request` to the app's deauthorize callback URL;
- asking for their data's deletion (after removing the app, which is done first when it was not) POSTs one to the
  app's data deletion request URL, which answers `{"url", "confirmation_code"}`.

The two URLs are App Dashboard settings at Meta; here `POST /__admin/app` (or `python -m sandbox
--deauthorize-url --data-deletion-url`) sets them. Admin routes answer what the product answered; the inspector's
buttons show it on a page.
"""
import base64
import hashlib
import hmac
import json
import time

import requests
from flask import Blueprint, current_app, jsonify, render_template, request

from sandbox import tokens
from sandbox.access import store
from sandbox.admin import AdminInputError, body, existing

blueprint = Blueprint("app_callbacks", __name__)
URL_SETTINGS = {"deauthorize_callback_url": "SANDBOX_DEAUTHORIZE_URL",
                "data_deletion_callback_url": "SANDBOX_DATA_DELETION_URL"}
# Meta's data deletion payload says until when the request may be acted on; an hour, as in its documented sample.
DELETION_EXPIRES_SECONDS = 3600


def encoded(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def signed_request(payload, app_secret):
    """`<signature>.<payload>`, base64url without padding, the signature HMAC-SHA256 of the payload part."""
    return signed_part(encoded(json.dumps(payload, separators=(",", ":")).encode()), app_secret)


def signed_part(payload_part, app_secret):
    """A payload part as given (tests sign parts that are not JSON), with its signature in front."""
    signature = hmac.new(app_secret.encode(), payload_part.encode("ascii"), hashlib.sha256).digest()
    return f"{encoded(signature)}.{payload_part}"


def app_settings():
    return {name: current_app.config.get(key) for name, key in URL_SETTINGS.items()}


def remove_app(user):
    """Revoke the person's tokens and the tokens of the pages they administer, with fresh ones for their next login
    (the product holds the old ones), and call the deauthorize callback."""
    now = int(time.time())
    tokens.revoke_sessions(user, tokens.APP_REMOVED)
    user["app_removed_at"] = now
    store().saved()
    return call(current_app.config.get("SANDBOX_DEAUTHORIZE_URL"),
                {"user_id": user["id"], "algorithm": "HMAC-SHA256", "issued_at": now})


def request_deletion(user):
    """Remove the app first when the person had not, then call the data deletion callback."""
    removal = None if user.get("app_removed_at") else remove_app(user)
    now = int(time.time())
    deletion = call(current_app.config.get("SANDBOX_DATA_DELETION_URL"),
                    {"user_id": user["id"], "algorithm": "HMAC-SHA256", "issued_at": now,
                     "expires": now + DELETION_EXPIRES_SECONDS})
    return {**deletion, "removal": removal}


def call(url, payload):
    """POST the signed request as a form, as Meta does; what the app answered, or why it did not."""
    if not url:
        return {"callback_url": None, "status": None, "answer": None}
    form = {"signed_request": signed_request(payload, current_app.config["SANDBOX_APP_SECRET"])}
    try:
        response = requests.post(url, data=form, timeout=current_app.config["SANDBOX_WEBHOOK_TIMEOUT"])
    except requests.RequestException as error:
        return {"callback_url": url, "status": None, "answer": None, "error": type(error).__name__}
    try:
        answer = response.json()
    except ValueError:
        answer = response.text[:2000]
    return {"callback_url": url, "status": response.status_code, "answer": answer}


@blueprint.get("/__admin/app")
def read_app_settings():
    return jsonify(app_settings())


@blueprint.post("/__admin/app")
def change_app_settings():
    payload = body()
    for name, key in URL_SETTINGS.items():
        if name not in payload:
            continue
        url = payload[name]
        if url is not None and (not isinstance(url, str) or not url.startswith(("http://", "https://"))):
            raise AdminInputError(f"{name} must be an http(s) URL or null")
        current_app.config[key] = url
    return jsonify(app_settings())


@blueprint.post("/__admin/users/<user_id>/remove_app")
def admin_remove_app(user_id):
    return jsonify(remove_app(existing(user_id, "user", "user")))


@blueprint.post("/__admin/users/<user_id>/request_deletion")
def admin_request_deletion(user_id):
    return jsonify(request_deletion(existing(user_id, "user", "user")))


@blueprint.post("/inspector/users/<user_id>/<action>")
def inspector_action(user_id, action):
    user = store().get(user_id, "user")
    if user is None or action not in ("remove_app", "request_deletion"):
        return render_template("inspector_error.html", message="Choose one of the listed users."), 400
    result = remove_app(user) if action == "remove_app" else request_deletion(user)
    return render_template("app_callback.html", user=user, action=action, result=result,
                           script_root=request.script_root)
