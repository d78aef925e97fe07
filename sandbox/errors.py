"""Meta's error shape (docs/graph-api.md#errors) as an exception the Graph routes raise.

One handler turns it into `{"error": {...}}` with HTTP 400, or 500 for codes 1 and 2."""
import secrets

from flask import jsonify

class GraphError(Exception):
    def __init__(self, code, message, subcode=None, error_type=None, headers=None):
        super().__init__(message)
        self.code = code
        self.subcode = subcode
        self.message = message if code == 190 or message.startswith("(#") else f"(#{code}) {message}"
        self.error_type = error_type or "OAuthException"
        self.headers = headers or {}

    def body(self):
        error = {"message": self.message, "type": self.error_type, "code": self.code,
                 "fbtrace_id": "A" + secrets.token_urlsafe(8)}
        if self.subcode is not None:
            error["error_subcode"] = self.subcode
        return {"error": error}

    def response(self):
        response = jsonify(self.body())
        response.status_code = 500 if self.code in (1, 2) else 400
        response.headers.update(self.headers)
        return response


def not_found(object_id):
    """Meta answers the same for a missing object and for one the token may not see."""
    return GraphError(100, f"Object with ID '{object_id}' does not exist, cannot be loaded due to "
                           "missing permissions, or does not support this operation", subcode=33)


def invalid_parameter(message, subcode=None):
    return GraphError(100, message, subcode=subcode)


def unsupported(method, path):
    return GraphError(100, f"Unsupported {method} request. Object with path '{path}' does not exist, "
                           "cannot be loaded due to missing permissions, or does not support this operation",
                      subcode=33, error_type="GraphMethodException")
