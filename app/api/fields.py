"""Field rules shared by the API's request schemas."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate

# Our primary keys are 32-bit integers on every database: a larger id can name no row, and PostgreSQL would
# refuse to compare it with the column.
MAX_ROW_ID = 2**31 - 1


def row_id(**kwargs) -> fields.Integer:
    """An id of one of our rows (a JSON number, or its digits as a string)."""
    return fields.Integer(validate=validate.Range(min=1, max=MAX_ROW_ID), **kwargs)


def not_blank(value: str) -> None:
    """Marshmallow 4 ignores a validator's False: refusing must raise."""
    if not value.strip():
        raise ValidationError("Must not be blank.")
