"""create the whole data model

Revision ID: fab1ba79df84
Revises: 
Create Date: 2026-11-23 04:33:56.472544
"""
from migrations.initial_schema import agents, pages, standalone

revision = 'fab1ba79df84'
down_revision = None
branch_labels = None
depends_on = None


# Alembic wrote this revision in one piece; its tables are kept in migrations/initial_schema/, a module a group, in
# the order they were created (each group's tables point only at earlier ones).
def upgrade() -> None:
    standalone.create()
    pages.create()
    agents.create()


def downgrade() -> None:
    agents.drop()
    pages.drop()
    standalone.drop()
