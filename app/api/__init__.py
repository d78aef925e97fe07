"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import auth, public

BLUEPRINTS = (auth.blp, public.blp)
