"""The page calls (spec 000 §7): lists grouped by status, connect, disconnect, delete, make owner, preferences and
public reply.

`/pages/...` (Facebook) and `/pagesInsta/...` (Instagram) are the same views: each is registered under both
prefixes with the platform as a route default, so one view serves both networks.

The answer body is the payload itself, never wrapped: where the specification's table says `data` it is the
original client's `response.data`, the body. The lists are the object of groups; connect, disconnect, delete and
make owner answer a bare `true`, or `false` when the plan refuses (connect on the free offer, make owner when the
new owner's offer does not allow it); the settings calls answer the page's settings. Errors are 4xx JSON
`{"message", "code"}` as everywhere; a page outside the caller's teams is 403 `page_not_in_team` whether another
team has it or none does.
"""
from __future__ import annotations

from flask import current_app, jsonify
from flask.views import MethodView

from app.api.blueprint import Blueprint
from app.api.pages_schemas import (CONNECT_ANSWER, DONE_ANSWER, OWNER_ANSWER, BothNetworksSchema, GroupsSchema,
                                   OwnerSchema, PageIdSchema, PageSettingsSchema, PreferencesSchema,
                                   PublicReplySchema)
from app.api.security import current_user, signed_in
from app.services import page_owner, page_settings, pages

blp = Blueprint("pages", __name__, url_prefix="/api/v1/secure", description="Social pages and their settings")

PREFIXES = (("pages", "facebook"), ("pagesInsta", "instagram"))
PLATFORM_IN_PATH = "<any(facebook,instagram):platform>"


def _both_networks(rule: str, view: type[MethodView]) -> None:
    for prefix, platform in PREFIXES:
        blp.add_url_rule(f"/{prefix}{rule}", f"{view.__name__}_{platform}", view, defaults={"platform": platform})


def _settings_answer(row) -> dict:
    return {"idPage": row.external_id, "platform": row.platform, **pages.settings_of(row)}


def _flag(value: bool):
    """A bare JSON true or false body (flask-smorest passes a ready Response through, undumped)."""
    return jsonify(bool(value))


class PagesOfNetwork(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, GroupsSchema)
    @blp.alt_response(502, response="BAD_GATEWAY")
    def get(self, platform):
        """The network's pages the user administers or shares a team of, grouped by status, sorted by name."""
        return pages.list_pages(current_app.config, current_user(), platform)


@blp.route("/pages/test/get/all/")
class PagesOfBothNetworks(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, BothNetworksSchema)
    @blp.alt_response(502, response="BAD_GATEWAY")
    def get(self):
        """Facebook pages and Instagram accounts, each grouped by status."""
        return _both(connected_only=False)


@blp.route("/pages/test/connect/get/all/")
class ConnectedPagesOfBothNetworks(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, BothNetworksSchema)
    @blp.alt_response(502, response="BAD_GATEWAY")
    def get(self):
        """The same, connected pages only (listPageNotConnected stays empty)."""
        return _both(connected_only=True)


def _both(connected_only: bool) -> dict:
    return pages.list_both_networks(current_app.config, current_user(), connected_only)


class ConnectPage(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PageIdSchema)
    @blp.response(200, schema=CONNECT_ANSWER)
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(502, response="BAD_GATEWAY")
    def post(self, body, platform):
        """Connect a page the user administers: true, or false when the user's offer (the free offer) refuses it."""
        return _flag(pages.connect(current_app.config, current_user(), platform, body["id"]))


class DisconnectPage(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PageIdSchema)
    @blp.response(200, schema=DONE_ANSWER)
    def post(self, body, platform):
        """The owner stops the page: webhooks unsubscribed, agents stopped; settings and team kept; answers true."""
        return _flag(page_owner.disconnect(current_app.config, current_user(), platform, body["id"]))


class DeletePage(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PageIdSchema)
    @blp.response(200, schema=DONE_ANSWER)
    def post(self, body, platform):
        """The owner removes the page and its agents, catalogue, logs and team; answers true."""
        return _flag(page_owner.delete_page(current_app.config, current_user(), platform, body["id"]))


class MakeOwner(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(OwnerSchema)
    @blp.response(200, schema=OWNER_ANSWER)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body, platform):
        """The owner hands the page to a team member: true, or false when the new owner's offer does not allow it."""
        return _flag(page_owner.transfer_ownership(current_user(), platform, body["id"], body["idFacebook"]))


_both_networks("/get/all/", PagesOfNetwork)
_both_networks("/connect/", ConnectPage)
_both_networks("/disconnect/disconnect", DisconnectPage)
_both_networks("/disconnect/delete", DeletePage)
_both_networks("/disconnect/owner", MakeOwner)


@blp.route(f"/pages/preference/<idPage>/{PLATFORM_IN_PATH}")
class Preferences(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PreferencesSchema)
    @blp.response(200, PageSettingsSchema)
    def put(self, body, idPage, platform):
        """The owner sets anti-spam, likes, hiding negative comments and the reply delay."""
        delay = body["respReplies"] or {}
        row = page_settings.set_preferences(
            current_user(), platform, idPage, spam=body["spam"], likes_comment=body["likesComment"],
            hide_comment=body["hideComment"],
            keep_complaints=body["keepComplaints"], delay_mode=delay.get("statut"), delay_times_ms=delay.get("time"))
        return _settings_answer(row)


@blp.route(f"/pages/publicreply/<idPage>/{PLATFORM_IN_PATH}")
class PublicReply(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(PublicReplySchema)
    @blp.response(200, PageSettingsSchema)
    def put(self, body, idPage, platform):
        """The owner turns the public reply on (with its message) or off."""
        row = page_settings.set_public_reply(current_user(), platform, idPage, body["statut"], body["message"])
        return _settings_answer(row)
