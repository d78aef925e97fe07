"""Reading a Graph call's parameters the ways Meta accepts them: query, form (nested JSON as strings) or JSON."""
import json

from flask import request

from sandbox.errors import invalid_parameter


def all_params():
    """Query, form and JSON body merged; the body wins, as a POST parameter does at Meta."""
    merged = dict(request.args.items())
    merged.update(request.form.items())
    body = request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict):
        merged.update(body)
    return merged


def access_token():
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return all_params().get("access_token")


def json_param(name, required=True):
    """A nested object parameter (`recipient`, `message`): a JSON object, or a JSON string in a form."""
    value = all_params().get(name)
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise invalid_parameter(f"Param {name} must be a JSON object") from None
    if value is None and not required:
        return None
    if not isinstance(value, dict):
        raise invalid_parameter(f"The parameter {name} is required" if value is None
                                else f"Param {name} must be a JSON object")
    return value


def bool_param(name):
    value = all_params().get(name)
    if isinstance(value, bool) or value is None:
        return value
    lowered = str(value).lower()
    if lowered in ("true", "1"):
        return True
    if lowered in ("false", "0"):
        return False
    raise invalid_parameter(f"Param {name} must be a boolean")


def int_param(name, default, minimum=1, maximum=5000):
    value = all_params().get(name)
    if value in (None, ""):
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise invalid_parameter(f"Param {name} must be an integer") from None
    if not minimum <= number <= maximum:
        raise invalid_parameter(f"Param {name} must be between {minimum} and {maximum}")
    return number
