"""The product's flask-smorest Blueprint: every API module builds its blueprint from this one class.

Its argument parser answers a JSON body nested too deeply for the decoder with the same 400 as any other
malformed body (webargs turns only decode errors into 400; the decoder's RecursionError would be a 500).
"""
from __future__ import annotations

import json

import flask_smorest
from webargs.flaskparser import FlaskParser


class JsonDepthSafeParser(FlaskParser):
    def _raw_load_json(self, req):
        try:
            return super()._raw_load_json(req)
        except RecursionError as error:
            # A non-empty document: webargs reads an empty one as "no body" rather than a bad one.
            raise json.JSONDecodeError("JSON nested too deeply", "(body)", 0) from error


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonDepthSafeParser()
