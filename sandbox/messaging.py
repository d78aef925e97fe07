"""Private replies (Send API with `recipient.comment_id`): message validation and Meta's reply rules.

Limits and error codes: docs/graph-api.md#private-replies and #errors."""
import collections
import hashlib
import re
import secrets
import threading
import time

from sandbox.errors import GraphError, invalid_parameter
from sandbox.render import PRIVATE_REPLY_WINDOW

TEXT_LIMIT = 2000
TEMPLATE_TEXT_LIMIT = 640
TITLE_LIMIT = 20
POSTBACK_LIMIT = 1000
PHONE_PAYLOAD = re.compile(r"^\+\d{6,15}$")
INSTAGRAM_HOURLY_LIMIT = 750


def message_content(message, platform):
    """Return (text, buttons) of a valid message, or raise (#100) the way the Send API does."""
    if "text" in message:
        text = message["text"]
        if not isinstance(text, str) or not text.strip():
            raise invalid_parameter("param message[text] must be a non-empty UTF-8 encoded string")
        if len(text) > TEXT_LIMIT:
            raise invalid_parameter(f"Length of param message[text] must be less than or equal to {TEXT_LIMIT}")
        return text, []
    attachment = message.get("attachment")
    if not isinstance(attachment, dict) or attachment.get("type") != "template":
        raise invalid_parameter("param message must contain text or a template attachment")
    payload = attachment.get("payload")
    if not isinstance(payload, dict) or payload.get("template_type") != "button":
        raise invalid_parameter("param message[attachment][payload][template_type] must be button")
    return template_text(payload), [checked_button(button, platform) for button in template_buttons(payload)]


def template_text(payload):
    text = payload.get("text")
    if not isinstance(text, str) or not text.strip():
        raise invalid_parameter("param message[attachment][payload][text] must be a non-empty string")
    if len(text) > TEMPLATE_TEXT_LIMIT:
        raise invalid_parameter(f"param message[attachment][payload][text] must be at most "
                                f"{TEMPLATE_TEXT_LIMIT} characters", subcode=2018047)
    return text


def template_buttons(payload):
    buttons = payload.get("buttons")
    if not isinstance(buttons, list) or not 1 <= len(buttons) <= 3:
        raise invalid_parameter("param message[attachment][payload][buttons] must have 1 to 3 buttons",
                                subcode=2018047)
    return buttons


def checked_button(button, platform):
    if not isinstance(button, dict):
        raise invalid_parameter("each button must be an object")
    title = button.get("title")
    if not isinstance(title, str) or not title.strip() or len(title) > TITLE_LIMIT:
        raise invalid_parameter(f"button title must be 1 to {TITLE_LIMIT} characters", subcode=2018047)
    kind = button.get("type")
    if kind == "web_url":
        url = button.get("url")
        if not isinstance(url, str) or not re.match(r"^https?://\S+$", url):
            raise invalid_parameter("web_url button needs a valid url", subcode=2018047)
    elif kind == "postback":
        value = button.get("payload")
        if not isinstance(value, str) or not value or len(value) > POSTBACK_LIMIT:
            raise invalid_parameter(f"postback payload must be 1 to {POSTBACK_LIMIT} characters")
    elif kind == "phone_number" and platform == "facebook":
        if not isinstance(button.get("payload"), str) or not PHONE_PAYLOAD.match(button["payload"]):
            raise invalid_parameter("phone_number payload must be + country code, area code and number",
                                    subcode=2018047)
    else:
        raise invalid_parameter(f"button type {kind!r} is not supported on {platform}")
    return dict(button)


def refuse_unreplyable(comment, now=None):
    """Meta's rules: one reply per comment, 7-day window, never to the page's own comments."""
    instagram = comment["platform"] == "instagram"
    own = comment["from"]["id"] in (comment["page_id"], comment.get("ig_user_id"))
    too_old = (now or time.time()) - comment["created_time"] > PRIVATE_REPLY_WINDOW
    if instagram and (own or too_old or comment["private_replies"]):
        raise GraphError(100, "The comment is invalid for a private reply", subcode=2534025)
    if comment["private_replies"]:
        raise GraphError(10900, "Activity already replied to")
    if own:
        raise GraphError(10903, "This user can't reply to this activity")
    if too_old:
        raise GraphError(10903, "This user can't reply to this activity", subcode=1893049)


def refuse_removed(comment, page):
    """A private reply to a comment its author deleted: Instagram's own refusal (Facebook's is the unknown id's)."""
    if comment is not None and comment["platform"] == "instagram" and comment["page_id"] == page["id"]:
        raise GraphError(100, "The comment is invalid for a private reply", subcode=2534025)


class InstagramHourlyLimit:
    """750 private replies per hour per Instagram account (docs/graph-api.md#private-replies), over a sliding hour."""

    def __init__(self, limit=INSTAGRAM_HOURLY_LIMIT):
        self.limit = limit
        self.sent = collections.defaultdict(collections.deque)
        self.lock = threading.Lock()

    def take(self, account_id, now=None):
        now = now or time.time()
        with self.lock:
            window = self.sent[account_id]
            while window and window[0] <= now - 3600:
                window.popleft()
            if len(window) >= self.limit:
                raise GraphError(613, "Calls to this api have exceeded the rate limit.", subcode=2534040)
            window.append(now)


def page_scoped_id(user_id, page_id):
    """A stable page-scoped id for the commenter, as Meta answers in `recipient_id`."""
    digest = hashlib.sha256(f"{page_id}:{user_id}".encode()).hexdigest()
    return str(int(digest[:13], 16))


def new_message_id():
    return "m_" + secrets.token_urlsafe(30)
