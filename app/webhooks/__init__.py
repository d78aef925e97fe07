"""Callbacks from Meta and the card gateway: signature-checked, no JWT, answer fast (docs/architecture.md)."""
from app.webhooks import meta

BLUEPRINTS = (meta.blp,)
