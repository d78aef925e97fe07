"""alerts: what stops a page's replies or asks its owner to act, who read each, and the owner's language

Revision ID: c81f3a9d5e20
Revises: b7d41c9e2a55
Create Date: 2026-12-01 12:00:00

Failures that stopped every reply (a page to reconnect, a Graph error repeated, the monthly limit, an expired plan)
showed only inside each comment's why (issue 42). An alert row is one occurrence of such a cause on a page, raised
and cleared by the beat pass (app/services/alerts.py); at most one is open per page and kind. Read marks are each
team member's own. The owner's alert mail is written in the language they last signed in with (users.language,
empty for users who have not signed in since).
"""
from alembic import op
import sqlalchemy as sa


revision = 'c81f3a9d5e20'
down_revision = 'b7d41c9e2a55'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'alerts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('page_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=32), nullable=False),
        sa.Column('cause_key', sa.String(length=255), nullable=False),
        sa.Column('details', sa.JSON(), nullable=False),
        sa.Column('raised_at', sa.DateTime(), nullable=False),
        sa.Column('cleared_at', sa.DateTime(), nullable=True),
        sa.Column('mailed_at', sa.DateTime(), nullable=True),
        sa.CheckConstraint("kind IN ('page_reconnect', 'reply_errors', 'reply_limit_80', 'reply_limit_100', "
                           "'plan_expiring', 'plan_expired', 'no_comments')", name=op.f('ck_alerts_kind')),
        sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_alerts_page_id_social_pages'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_alerts')),
    )
    with op.batch_alter_table('alerts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_alerts_page_id'), ['page_id'], unique=False)
        batch_op.create_index('ix_alerts_one_open', ['page_id', 'kind'], unique=True,
                              sqlite_where=sa.text('cleared_at IS NULL'),
                              postgresql_where=sa.text('cleared_at IS NULL'))
    op.create_table(
        'alert_reads',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('alert_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('read_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['alert_id'], ['alerts.id'], name=op.f('fk_alert_reads_alert_id_alerts'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_alert_reads_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_alert_reads')),
        sa.UniqueConstraint('alert_id', 'user_id', name=op.f('uq_alert_reads_alert_id_user_id')),
    )
    with op.batch_alter_table('alert_reads', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_alert_reads_user_id'), ['user_id'], unique=False)
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=2), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('language')
    op.drop_table('alert_reads')
    op.drop_table('alerts')
