"""pages: a row per team that connected a network page, at most one of them connected

Revision ID: e5a7c3f19b42
Revises: c4f1e8a2d9b6
Create Date: 2026-11-29 09:00:00

A page's catalogue, agents, logs and fans hang off its row; with one row per network page, a second team
connecting the page after the first disconnected it took over the first team's data. Each team now has a row of
its own (docs/contracts.md "Pages across teams"), so the unique key becomes a partial one: one connected row per
page, the row the page's comments go to. Existing rows are one per page, so nothing moves.

Downgrading needs one row per page again: it fails while a page has rows of several teams.
"""
from alembic import op
import sqlalchemy as sa


revision = 'e5a7c3f19b42'
down_revision = 'c4f1e8a2d9b6'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.drop_constraint('uq_social_pages_platform_external_id', type_='unique')
        batch_op.create_index('ix_social_pages_platform_external_id', ['platform', 'external_id'], unique=False)
        batch_op.create_index('ix_social_pages_one_connected', ['platform', 'external_id'], unique=True,
                              sqlite_where=sa.text('is_connected'), postgresql_where=sa.text('is_connected'))


def downgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.drop_index('ix_social_pages_one_connected')
        batch_op.drop_index('ix_social_pages_platform_external_id')
        batch_op.create_unique_constraint('uq_social_pages_platform_external_id', ['platform', 'external_id'])
