"""What an owner writes into a private reply (the wizard's responses, a manual answer): its text and its buttons,
refused when written wherever the Send API would refuse them when sent (docs/graph-api.md#private-replies).

Meta checks a private reply only when it goes out: a response it refuses is saved without a word, then every
reply that carries it fails, the fan gets nothing and the owner finds out comment by comment. So the same rules
hold here, with a message naming the field:
- a text that says something besides the personalisation tags (tags can fill to nothing: no first name on
  Instagram), at most 640 characters (a button template's limit; the agent's replies are cut to it anyway);
- at most 3 buttons, each with a title of 1 to 20 characters;
- web_url: an absolute http(s) URL. A scheme typed with capitals (a phone keyboard's "Https://") is written in
  lower case, as Meta reads it, rather than refused;
- phone_number: "+", the country code and the number, 6 to 15 digits. Spaces, dots, dashes and brackets typed
  between the digits are dropped; a number without "+" is refused (its country cannot be guessed).
Whether a response may carry buttons at all (Facebook only) is the service's check, since it depends on the agent.
"""
from __future__ import annotations

import re

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from app.api.agents_schemas import RequestSchema
from nlp.answer import LANGUAGES, MAX_BUTTONS, MAX_CHARACTERS, fill_tags

TITLE_MAX = 20
URL_MAX = 2000
PHONE_NUMBER = re.compile(r"\+[0-9]{6,15}")
PHONE_SEPARATORS = re.compile(r"[\s.\-()]")
HTTP_SCHEME = re.compile(r"https?://", re.IGNORECASE)
IS_WEB_ADDRESS = validate.URL(schemes={"http", "https"}, require_tld=False)

ONLY_TAGS = "The response must say something besides the personalisation tags."
TITLE_EMPTY = "Button title is empty !"
TITLE_LONG = f"A button title has at most {TITLE_MAX} characters."
URL_EMPTY = "Button url is empty!"
URL_INVALID = "The link must be a full web address starting with http:// or https://."
PHONE_EMPTY = "Button phone number is empty!"
PHONE_INVALID = "The phone number must start with + and the country code, then 6 to 15 digits (e.g. +21671000000)."


def says_something(text: str) -> None:
    """A text that is only tags (or blank around them) can fill to nothing, which Meta refuses; a blank text is
    left to the caller's own 'required' message."""
    if text.strip() and not fill_tags(text, {}).strip():
        raise ValidationError(ONLY_TAGS)


def response_text(**kwargs) -> fields.String:
    return fields.String(validate=[validate.Length(max=MAX_CHARACTERS), says_something], **kwargs)


class LanguageAnswers(fields.Dict):
    """A response's versions in other languages ({"en": text, "ar": text, ...}), each text checked as the default
    one; blank ones are dropped (an owner clearing a language removes it)."""

    def __init__(self, **kwargs):
        super().__init__(keys=fields.String(validate=validate.OneOf(LANGUAGES)), values=response_text(), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> dict:
        versions = super()._deserialize(value, attr, data, **kwargs)
        return {language: text.strip() for language, text in versions.items() if text.strip()}


def answers_field() -> LanguageAnswers:
    """Optional: left out, the stored versions stay as they are (the specification's calls never send them)."""
    return LanguageAnswers(load_default=None, metadata={
        "description": f"the text in other languages, by language ({', '.join(LANGUAGES)}): the reply to a comment "
                      "in one of them; the call's own text stays the default. Replaces the stored versions."})


class Trimmed(fields.String):
    def _deserialize(self, value, attr, data, **kwargs) -> str:
        return super()._deserialize(value, attr, data, **kwargs).strip()


class WebAddress(Trimmed):
    """The URL with its scheme in lower case (validated by the button, which knows whether it needs one)."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        url = super()._deserialize(value, attr, data, **kwargs)
        scheme = HTTP_SCHEME.match(url)
        return url[:scheme.end()].lower() + url[scheme.end():] if scheme else url


class PhoneNumber(fields.Field):
    """The number as Meta takes it: digits (a JSON number is taken too) without the separators people type."""

    def _deserialize(self, value, attr, data, **kwargs) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise ValidationError(PHONE_INVALID)
        return PHONE_SEPARATORS.sub("", value)


class ButtonInSchema(RequestSchema):
    type = fields.String(load_default="web_url", validate=validate.OneOf(("web_url", "phone_number")))
    title = Trimmed(load_default="")
    url = WebAddress(load_default="", validate=validate.Length(max=URL_MAX))
    payload = PhoneNumber(load_default="")
    webview_height_ratio = fields.String(load_default="tall", validate=validate.OneOf(("tall", "compact", "full")))

    @validates_schema
    def _as_meta_takes_it(self, data, **_kwargs):
        """Every problem of the button at once, each under its field."""
        problems = {"title": _title_problem(data["title"])}
        if data["type"] == "web_url":
            problems["url"] = _url_problem(data["url"])
        else:
            problems["payload"] = _phone_problem(data["payload"])
        problems = {field: [message] for field, message in problems.items() if message}
        if problems:
            raise ValidationError(problems)

    @post_load
    def _as_sent(self, data, **_kwargs) -> dict:
        """The button as the Send API takes it: only its type's fields."""
        if data["type"] == "web_url":
            return {"type": "web_url", "url": data["url"], "title": data["title"],
                    "webview_height_ratio": data["webview_height_ratio"]}
        return {"type": "phone_number", "title": data["title"], "payload": data["payload"]}


def _title_problem(title: str) -> str | None:
    if not title:
        return TITLE_EMPTY
    return TITLE_LONG if len(title) > TITLE_MAX else None


def _url_problem(url: str) -> str | None:
    if not url:
        return URL_EMPTY
    try:
        IS_WEB_ADDRESS(url)
    except ValidationError:
        return URL_INVALID
    return None


def _phone_problem(number: str) -> str | None:
    if not number:
        return PHONE_EMPTY
    return None if PHONE_NUMBER.fullmatch(number) else PHONE_INVALID


def buttons_field() -> fields.List:
    return fields.List(fields.Nested(ButtonInSchema), load_default=list,
                       validate=validate.Length(max=MAX_BUTTONS, error=f"At most {MAX_BUTTONS} buttons."))
