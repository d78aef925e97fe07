"""comments: removals by their authors, and the end of Meta's private-reply window on an answer's actions

Revision ID: d2a7e4c9b3f1
Revises: c81f3a9d5e20
Create Date: 2026-12-01 16:00:00

A `remove` change marks the inbox row and the log `removed_at` and cancels what had not left; an answer's actions
carry `expires_at` (the comment's time + 7 days) and are cancelled past it. `cancelled` is a new action state, one
letter longer than the column held: the column widens to 16. Downgrading turns cancelled actions into failed ones
with their reason.
"""
from alembic import op
import sqlalchemy as sa


revision = 'd2a7e4c9b3f1'
down_revision = 'c81f3a9d5e20'
branch_labels = None
depends_on = None

STATES = "'planned', 'sending', 'done', 'failed', 'held'"


def upgrade() -> None:
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('removed_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('removed_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('expires_at', sa.DateTime(), nullable=True))
        batch_op.drop_constraint(op.f('ck_planned_actions_state'), type_='check')
        batch_op.alter_column('state', existing_type=sa.String(length=8), type_=sa.String(length=16),
                              existing_nullable=False)
        batch_op.create_check_constraint(op.f('ck_planned_actions_state'), f"state IN ({STATES}, 'cancelled')")


def downgrade() -> None:
    op.execute("UPDATE planned_actions SET state = 'failed' WHERE state = 'cancelled'")
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_planned_actions_state'), type_='check')
        batch_op.alter_column('state', existing_type=sa.String(length=16), type_=sa.String(length=8),
                              existing_nullable=False)
        batch_op.create_check_constraint(op.f('ck_planned_actions_state'), f"state IN ({STATES})")
        batch_op.drop_column('expires_at')
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.drop_column('removed_at')
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.drop_column('removed_at')
