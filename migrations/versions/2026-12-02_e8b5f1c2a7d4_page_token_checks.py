"""pages: when their token was last checked with Meta

Revision ID: e8b5f1c2a7d4
Revises: d2a7e4c9b3f1
Create Date: 2026-12-02 09:00:00

Meta revokes a page's token when its person changes their password or loses their role, and a token can end: the
daily check (app/services/token_check.py) asks debug_token about each connected page's token once a day and marks
the pages Meta no longer takes for reconnection before a reply fails on them (issue 43). The time of the last check
spreads the checks over the day.
"""
from alembic import op
import sqlalchemy as sa


revision = 'e8b5f1c2a7d4'
down_revision = 'd2a7e4c9b3f1'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('token_checked_at', sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.drop_column('token_checked_at')
