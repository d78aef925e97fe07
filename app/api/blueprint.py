"""The product's flask-smorest Blueprint: every API module builds its blueprint from this one class.

Its argument parser decodes a JSON body with the edge's decoder (app/request_guard.py): a body nested too deeply
is the same 400 as any other malformed one, a string no column can hold a 422, before any schema sees it.
"""
from __future__ import annotations

import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from app import request_guard


class GuardedParser(FlaskParser):
    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        try:
            return request_guard.loads(req.get_data(cache=True))
        except request_guard.JsonRefused as error:
            request_guard.refuse(error)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = GuardedParser()


def stacked(*decorators):
    """One decorator for views that share a stack of them: `decorators` applied as if written one above the other,
    the first outermost."""

    def decorate(view):
        for decorator in reversed(decorators):
            view = decorator(view)
        return view
    return decorate
