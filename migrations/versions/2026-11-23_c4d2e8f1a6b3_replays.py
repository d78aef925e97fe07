"""replays: an agent run over its page's past comments, sending nothing, and what it decided per comment

Revision ID: c4d2e8f1a6b3
Revises: a9e5c0d3b1f7
Create Date: 2026-11-23 18:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = 'c4d2e8f1a6b3'
down_revision = 'a9e5c0d3b1f7'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('replays',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('agent_id', sa.Integer(), nullable=False),
    sa.Column('agent_version', sa.Integer(), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('cancel_requested', sa.Boolean(), nullable=False),
    sa.Column('started_by_id', sa.Integer(), nullable=True),
    sa.Column('comments_read', sa.Integer(), nullable=False),
    sa.Column('comments_decided', sa.Integer(), nullable=False),
    sa.Column('posts_read', sa.Integer(), nullable=False),
    sa.Column('posts_total', sa.Integer(), nullable=True),
    sa.Column('rate_limited', sa.Integer(), nullable=False),
    sa.Column('cursor', sa.JSON(), nullable=True),
    sa.Column('summary', sa.JSON(), nullable=True),
    sa.Column('changes', sa.JSON(), nullable=True),
    sa.Column('previous_id', sa.Integer(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.CheckConstraint("state IN ('running', 'done', 'cancelled', 'failed')", name=op.f('ck_replays_state')),
    sa.ForeignKeyConstraint(['agent_id'], ['agents.id'], name=op.f('fk_replays_agent_id_agents'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['previous_id'], ['replays.id'], name=op.f('fk_replays_previous_id_replays'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['started_by_id'], ['users.id'], name=op.f('fk_replays_started_by_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_replays'))
    )
    with op.batch_alter_table('replays', schema=None) as batch_op:
        batch_op.create_index('ix_replays_agent_id_id', ['agent_id', 'id'], unique=False)
        batch_op.create_index('ix_replays_one_running', ['agent_id'], unique=True,
                              sqlite_where=sa.text("state = 'running'"), postgresql_where=sa.text("state = 'running'"))

    op.create_table('replay_comments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('replay_id', sa.Integer(), nullable=False),
    sa.Column('comment_id', sa.String(length=128), nullable=False),
    sa.Column('post_id', sa.String(length=128), nullable=True),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('author', sa.String(length=255), nullable=True),
    sa.Column('created_time', sa.String(length=40), nullable=True),
    sa.Column('language', sa.String(length=16), nullable=True),
    sa.Column('answered', sa.Boolean(), nullable=False),
    sa.Column('hidden', sa.Boolean(), nullable=False),
    sa.Column('reason', sa.String(length=32), nullable=True),
    sa.Column('intent', sa.String(length=64), nullable=True),
    sa.Column('product', sa.String(length=255), nullable=True),
    sa.Column('reply', sa.Text(), nullable=True),
    sa.Column('buttons', sa.JSON(), nullable=True),
    sa.Column('candidates', sa.JSON(), nullable=True),
    sa.Column('change', sa.String(length=16), nullable=True),
    sa.Column('previous', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['replay_id'], ['replays.id'], name=op.f('fk_replay_comments_replay_id_replays'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_replay_comments')),
    sa.UniqueConstraint('replay_id', 'comment_id', name=op.f('uq_replay_comments_replay_id_comment_id'))
    )


def downgrade() -> None:
    op.drop_table('replay_comments')
    with op.batch_alter_table('replays', schema=None) as batch_op:
        batch_op.drop_index('ix_replays_one_running')
        batch_op.drop_index('ix_replays_agent_id_id')

    op.drop_table('replays')
