"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import auth, catalogue, contact, membership, pages, public, training

BLUEPRINTS = (auth.blp, contact.blp, membership.blp, public.blp, training.blp, pages.blp, catalogue.blp)
