"""social_pages.keep_complaints: hide abuse only, keeping complaints visible

Revision ID: a6c2e9f1b3d7
Revises: f4c9a1d7e2b8
Create Date: 2026-12-04 09:00:00

Issue 41: "hide negative comments" hides insults, hate and threats (abusive) and complaints about the shop alike;
an owner may keep complaints visible. False for existing pages: they keep hiding both, as before.
"""
from alembic import op
import sqlalchemy as sa


revision = 'a6c2e9f1b3d7'
down_revision = 'f4c9a1d7e2b8'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('keep_complaints', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.drop_column('keep_complaints')
