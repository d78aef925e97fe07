"""agent messages: the why of each comment log, and when logs and actions last changed (the polling cursor)

Revision ID: a9e5c0d3b1f7
Revises: b2e7aadf6d67
Create Date: 2026-11-23 15:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = 'a9e5c0d3b1f7'
down_revision = 'b2e7aadf6d67'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('why', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('updated_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('updated_at', sa.DateTime(), nullable=True))
        batch_op.create_index(batch_op.f('ix_planned_actions_updated_at'), ['updated_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_planned_actions_updated_at'))
        batch_op.drop_column('updated_at')
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.drop_column('updated_at')
        batch_op.drop_column('why')
