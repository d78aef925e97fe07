"""Who is calling (user, page or app token) and what that token may touch, with Meta's 190 / 100 errors."""
from dataclasses import dataclass

from flask import current_app, g

from sandbox import params, tokens
from sandbox.errors import GraphError, not_found


@dataclass
class Caller:
    kind: str
    subject_id: str
    token: str


def store():
    return current_app.config["SANDBOX_STORE"]


def app_token():
    config = current_app.config
    return f"{config['SANDBOX_APP_ID']}|{config['SANDBOX_APP_SECRET']}"


def resolve_token(token):
    """Return the caller for a token, or raise 190 (467 invalid; 458 app removed, 460 password changed, 463 expired:
    sandbox/tokens.py) the way Meta does."""
    if token == app_token():
        return Caller("app", current_app.config["SANDBOX_APP_ID"], token)
    info = store().tokens.get(token or "")
    if info is None:
        raise GraphError(190, "Invalid OAuth access token - Cannot parse access token", subcode=467)
    refused = tokens.refusal(info)
    if refused:
        raise refused
    return Caller(info["kind"], info["subject"], token)


def caller():
    """The current request's caller, resolved once per request."""
    if "caller" not in g:
        token = params.access_token()
        if not token:
            raise GraphError(104, "An access token is required to request this resource.")
        g.caller = resolve_token(token)
    return g.caller


def page_ids_of(record):
    """The page a record belongs to (Instagram objects belong to their linked page)."""
    if record["type"] == "page":
        return record["id"]
    return record.get("page_id")


def visible_object(object_id, object_type=None):
    """Load an object the caller may see: a page token sees its own page's world, a user token the pages
    it administers, an app token everything; anything else answers 100/33 as Meta does."""
    who = caller()
    record = store().get(object_id, object_type)
    if record is None:
        raise not_found(object_id)
    if who.kind == "app" or (record["type"] == "user" and record["id"] == who.subject_id):
        return record
    page = store().get(page_ids_of(record) or "")
    if page is None:
        raise not_found(object_id)
    if who.kind == "page" and page["id"] == who.subject_id:
        return record
    if who.kind == "user" and who.subject_id in page["owner_ids"]:
        return record
    raise not_found(object_id)


def acting_page(record):
    """Actions on a page's content need that page's token (Meta: a page token with the MODERATE task)."""
    who = caller()
    page_id = page_ids_of(record)
    if who.kind != "page":
        raise GraphError(200, "Permissions error: this action requires a Page access token")
    if who.subject_id != page_id:
        raise not_found(record["id"])
    return store().get(page_id)


def caller_page_ids(view_args):
    """The pages a call concerns, for faults scoped to a page: the page token's page and the path's object."""
    page_ids = set()
    info = store().tokens.get(params.access_token() or "")
    if info and info["kind"] == "page":
        page_ids.add(info["subject"])
    record = store().get(str(view_args.get("object_id") or view_args.get("page_id") or ""))
    if record and page_ids_of(record):
        page_ids.add(page_ids_of(record))
    return page_ids
