"""Billing: the plans and their limits, the user's billing account and purchases, the card gateway's forms and
notifications, invoices, currencies, operators' grants and the expiry pass (docs/card-gateway.md)."""
