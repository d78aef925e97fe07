"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import auth, public, training

BLUEPRINTS = (auth.blp, public.blp, training.blp)
