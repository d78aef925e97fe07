"""Callbacks from Meta and the card gateway: signature-checked, no JWT, answer fast (DESIGN.md §3)."""
from app.webhooks import meta

BLUEPRINTS = (meta.blp,)
