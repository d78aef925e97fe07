"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import auth, billing, contact, dashboard, membership, pages, pricing, public, training

BLUEPRINTS = (auth.blp, contact.blp, membership.blp, public.blp, training.blp, pages.blp, dashboard.blp, pricing.blp,
              billing.blp)
