"""Meta's app callbacks: data deletion requests, and why a page needs reconnecting

Revision ID: b7d41c9e2a55
Revises: f3b8d2a61c07
Create Date: 2026-12-01 09:00:00

Meta calls the product when a person removes the app (deauthorize) and when they ask for their data to be deleted
(issue 43). A deletion request is a row the person follows at /deletion/<confirmation code>; a page whose tokens
were forgotten says why it needs reconnecting (the app was removed, a token expired), for its owner's mail and
pages screen.
"""
from alembic import op
import sqlalchemy as sa


revision = 'b7d41c9e2a55'
down_revision = 'f3b8d2a61c07'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('data_deletion_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('confirmation_code', sa.String(length=64), nullable=False),
    sa.Column('facebook_user_id', sa.String(length=64), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('deleted', sa.JSON(), nullable=False),
    sa.Column('requested_at', sa.DateTime(), nullable=False),
    sa.Column('completed_at', sa.DateTime(), nullable=True),
    sa.CheckConstraint("state IN ('pending', 'done')", name=op.f('ck_data_deletion_requests_state')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_data_deletion_requests')),
    sa.UniqueConstraint('confirmation_code', name=op.f('uq_data_deletion_requests_confirmation_code'))
    )
    op.create_index(op.f('ix_data_deletion_requests_facebook_user_id'), 'data_deletion_requests',
                    ['facebook_user_id'], unique=False)
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reconnect_reason', sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('social_pages', schema=None) as batch_op:
        batch_op.drop_column('reconnect_reason')
    op.drop_index(op.f('ix_data_deletion_requests_facebook_user_id'), table_name='data_deletion_requests')
    op.drop_table('data_deletion_requests')
