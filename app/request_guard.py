"""Input no column can hold is refused once, at the edge, for every route: no view, schema or service sees it.

- A JSON body is decoded by `loads` wherever it is read (the API's argument parser, and `request.get_json` through
  the app's JSON provider): nested more than MAX_JSON_DEPTH levels it is a 400 (the decoder's own RecursionError
  would be a 500), and a key or string holding NUL or a lone surrogate is a 422 naming where it is
  (`app/storable.py`).
- A path segment or query value holding NUL is a 422 naming the parameter (werkzeug decodes both with
  replacement characters, so they hold no surrogate).

Both refusals have the shape of a schema's (`{"message", "code", "errors": {location: ...}}`). Views that read
their raw body themselves keep doing so: Meta's signed webhook is checked on its bytes and then change by change
(`app/services/pipeline/inbox.py`); the gateway's notification reads `get_json(silent=True)`, which sees a refused body
as no body, and answers it as unreadable.
"""
from __future__ import annotations

import json
from typing import NoReturn

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from webargs.flaskparser import abort

from app.storable import storable

# Our deepest body (a wizard change: project, intent, answers, buttons) nests about six levels.
MAX_JSON_DEPTH = 32
UNSTORABLE = "Must not contain NUL or unpaired surrogate characters."


class JsonRefused(ValueError):
    """A JSON body that decodes but is refused (a ValueError, as Flask's get_json expects of a decoder), with the
    status and field messages of its answer."""

    def __init__(self, status: int, messages: dict):
        super().__init__(str(messages))
        self.status, self.messages = status, messages


def _too_deep() -> JsonRefused:
    return JsonRefused(400, {"json": [f"Nested more than {MAX_JSON_DEPTH} levels deep."]})


def _unstorable(where: tuple) -> JsonRefused:
    """Nested by key, as marshmallow nests its own messages: {"json": {"entity": {"name": [message]}}}."""
    errors: object = [UNSTORABLE]
    for key in reversed(where):
        errors = {key: errors}
    return JsonRefused(422, {"json": errors})


def loads(data: bytes | str, **kwargs):
    """The decoded JSON document; JsonRefused when it is too deep or holds text no column can hold."""
    text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
    try:
        document = json.loads(text, **kwargs)
    except RecursionError:
        raise _too_deep() from None
    _check(document)
    return document


def _check(document) -> None:
    """One walk over every container, without recursion (the depth is what is being checked)."""
    if isinstance(document, str) and not storable(document):
        raise _unstorable(())
    pending = [(document, 1, ())] if isinstance(document, (dict, list)) else []
    while pending:
        container, depth, where = pending.pop()
        if depth > MAX_JSON_DEPTH:
            raise _too_deep()
        for key, value in container.items() if isinstance(container, dict) else enumerate(container):
            if (isinstance(key, str) and not storable(key)) or (isinstance(value, str) and not storable(value)):
                raise _unstorable((*where, key))
            if isinstance(value, (dict, list)):
                pending.append((value, depth + 1, (*where, key)))


def refuse(error: JsonRefused) -> NoReturn:
    abort(error.status, messages=error.messages)


class GuardedJSONProvider(DefaultJSONProvider):
    """Flask's JSON, decoding with `loads` (what `request.get_json` calls)."""

    def loads(self, s: str | bytes, **kwargs):
        return loads(s, **kwargs)


def install(app: Flask) -> None:
    app.json = GuardedJSONProvider(app)
    app.before_request(_refuse_unstorable_path_or_query)


def _refuse_unstorable_path_or_query() -> None:
    errors = {}
    path = [name for name, value in (request.view_args or {}).items() if isinstance(value, str) and not storable(value)]
    query = [name for name, value in request.args.items(multi=True) if not storable(name + value)]
    for location, names in (("path", path), ("query", query)):
        if names:
            errors[location] = {name: [UNSTORABLE] for name in names}
    if errors:
        abort(422, messages=errors)
