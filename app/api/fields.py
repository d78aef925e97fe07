"""Field rules shared by the API's request schemas."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate

# Our primary keys are 32-bit integers on every database: a larger id can name no row, and PostgreSQL would
# refuse to compare it with the column.
MAX_ROW_ID = 2**31 - 1


def row_id(**kwargs) -> fields.Integer:
    """An id of one of our rows (a JSON number, or its digits as a string)."""
    return fields.Integer(validate=validate.Range(min=1, max=MAX_ROW_ID), **kwargs)


def path_row_id(value: int, missing: Exception) -> int:
    """An id in a path that can name no row answers as a missing one would (`missing` is raised)."""
    if not 0 < value <= MAX_ROW_ID:
        raise missing
    return value


def not_blank(value: str) -> None:
    """Marshmallow 4 ignores a validator's False: refusing must raise."""
    if not value.strip():
        raise ValidationError("Must not be blank.")


def storable(value: str) -> None:
    """PostgreSQL text holds neither NUL nor a lone surrogate (which JSON can carry): refused as input, not a 500."""
    if "\x00" in value or any("\ud800" <= character <= "\udfff" for character in value):
        raise ValidationError("Must not contain NUL or unpaired surrogate characters.")


def required_text(max_length: int, **kwargs) -> fields.String:
    """A required, non-blank, storable string of at most `max_length` characters."""
    return fields.String(required=True, validate=[not_blank, storable, validate.Length(max=max_length)], **kwargs)
