"""The HTTP API: one flask-smorest blueprint per domain, registered by create_app()."""
from app.api import (agents, auth, billing, catalogue, comments, contact, dashboard, home, intents, membership, pages,
                     pricing, privacy, proposals, public, replay, team_admin, training, wizard)

BLUEPRINTS = (auth.blp, contact.blp, membership.blp, team_admin.blp, public.blp, training.blp, pages.blp,
              dashboard.blp, pricing.blp, billing.blp, catalogue.blp, home.blp, agents.blp, intents.blp, wizard.blp,
              comments.blp, replay.blp, proposals.blp, privacy.blp)
