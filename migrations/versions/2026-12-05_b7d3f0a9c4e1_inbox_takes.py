"""inbox_takes and inbox_events.set_aside_why: comments that kill their worker are counted and set aside

Revision ID: b7d3f0a9c4e1
Revises: a6c2e9f1b3d7
Create Date: 2026-12-05 09:00:00

Issue 40: a comment whose decision kills the worker process (out of memory, a crash in a C extension) raised
nothing, so nothing counted it and it was taken again forever. Each take is now counted in inbox_takes before the
comment is decided; after three that never ended, the comment is set aside with its why.
"""
from alembic import op
import sqlalchemy as sa


revision = 'b7d3f0a9c4e1'
down_revision = 'a6c2e9f1b3d7'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'inbox_takes',
        sa.Column('inbox_event_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('takes', sa.Integer(), nullable=False),
        sa.Column('taken_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('inbox_event_id'),
    )
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('set_aside_why', sa.String(length=255), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.drop_column('set_aside_why')
    op.drop_table('inbox_takes')
