"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import (agents, auth, catalogue, comments, contact, intents, membership, pages, public, training,
                     wizard)

BLUEPRINTS = (auth.blp, contact.blp, membership.blp, public.blp, training.blp, pages.blp, catalogue.blp,
              agents.blp, intents.blp, wizard.blp, comments.blp)
