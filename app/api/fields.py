"""Field rules shared by the API's request schemas, and the one path converter of our row ids."""
from __future__ import annotations

import re

from marshmallow import ValidationError, fields, validate
from werkzeug.routing import IntegerConverter

# Our primary keys are 32-bit integers on every database: a larger id can name no row, and PostgreSQL would
# refuse to compare it with the column.
MAX_ROW_ID = 2**31 - 1
# Python's int() also reads "٩" (an Arabic-Indic nine) and " 9": an id is written in ASCII digits or not at all.
# Eighteen are more than any row id has, and keep int() from converting a 100,000-digit string.
ASCII_DIGITS = re.compile(r"[0-9]{1,18}")


class RowId(fields.Integer):
    """An id of one of our rows: a JSON integer, or its ASCII digits as a string (answers write `_id` both ways).
    Anything else is refused, rather than read as some row: 9.5 is not row 9, nor is "٩" or true."""

    default_error_messages = {"invalid": "Not a valid id: an integer, or its digits as a string."}

    def _validated(self, value) -> int:
        if (isinstance(value, int) and not isinstance(value, bool)) or (
                isinstance(value, str) and ASCII_DIGITS.fullmatch(value)):
            return int(value)
        raise self.make_error("invalid", input=value)


def row_id(**kwargs) -> RowId:
    """An id of one of our rows."""
    return RowId(validate=validate.Range(min=1, max=MAX_ROW_ID), **kwargs)


class AsciiIntegerConverter(IntegerConverter):
    """`<int:...>` in a route: werkzeug's `\\d+` matches any script's digits, so /agents/٩ would name agent 9."""

    regex = r"[0-9]+"


def path_row_id(value: int, missing: Exception) -> int:
    """An id in a path that can name no row answers as a missing one would (`missing` is raised)."""
    if not 0 < value <= MAX_ROW_ID:
        raise missing
    return value


def not_blank(value: str) -> None:
    """Marshmallow 4 ignores a validator's False: refusing must raise."""
    if not value.strip():
        raise ValidationError("Must not be blank.")


def required_text(max_length: int, **kwargs) -> fields.String:
    """A required, non-blank string of at most `max_length` characters (text no column can hold never gets this
    far: app/request_guard.py refuses it for every field)."""
    return fields.String(required=True, validate=[not_blank, validate.Length(max=max_length)], **kwargs)
