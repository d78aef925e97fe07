"""Calendar arithmetic shared by plans, settlement and invoices: a period bought in months ends on the same day of
the month, so a paid plan's expiry and its invoice's "to" date are one computation."""
from __future__ import annotations

import calendar
from datetime import datetime


def add_months(moment: datetime, months: int) -> datetime:
    """The same day `months` calendar months later (the month's last day when it is shorter)."""
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))
