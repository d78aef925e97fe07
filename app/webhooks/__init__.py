"""Callbacks from Meta and the card gateway: signature-checked, no JWT, answer fast (docs/architecture.md)."""
from app.webhooks import meta, meta_app

BLUEPRINTS = (meta.blp, meta_app.blp)
