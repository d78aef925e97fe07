"""The calendar arithmetic of plans bought or granted for months (app/services/billing/dates.py)."""
from datetime import datetime

from app.services.billing.dates import add_months


def test_months_are_calendar_months():
    assert add_months(datetime(2026, 1, 31, 12), 1) == datetime(2026, 2, 28, 12)
    assert add_months(datetime(2026, 11, 23), 3) == datetime(2027, 2, 23)
    assert add_months(datetime(2024, 2, 29), 12) == datetime(2025, 2, 28)
