"""billing: payment rate and buyer, invoice counters, payment notifications

Existing payments (operator grants) get empty names, French and a rate of 1 (they are in TND).

Revision ID: b2e7aadf6d67
Revises: d45b0a3d1c7e
Create Date: 2026-11-23 14:46:20.007438
"""
from alembic import op
import sqlalchemy as sa


revision = 'b2e7aadf6d67'
down_revision = 'd45b0a3d1c7e'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('invoice_counters',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('year', sa.Integer(), nullable=False),
    sa.Column('last', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invoice_counters')),
    sa.UniqueConstraint('year', name=op.f('uq_invoice_counters_year'))
    )
    op.create_table('payment_notifications',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('order_id', sa.String(length=64), nullable=True),
    sa.Column('trans_status', sa.String(length=8), nullable=True),
    sa.Column('shape', sa.String(length=8), nullable=False),
    sa.Column('outcome', sa.String(length=32), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.Column('received_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_payment_notifications'))
    )
    with op.batch_alter_table('payment_notifications', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payment_notifications_order_id'), ['order_id'], unique=False)

    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('first_name', sa.String(length=120), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('last_name', sa.String(length=120), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('language', sa.String(length=2), nullable=False, server_default='fr'))
        batch_op.add_column(sa.Column('rate_to_tnd', sa.Numeric(precision=14, scale=6), nullable=False, server_default='1'))
        batch_op.add_column(sa.Column('gateway_status', sa.String(length=2), nullable=True))
        batch_op.add_column(sa.Column('decided_at', sa.DateTime(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.drop_column('decided_at')
        batch_op.drop_column('gateway_status')
        batch_op.drop_column('rate_to_tnd')
        batch_op.drop_column('language')
        batch_op.drop_column('last_name')
        batch_op.drop_column('first_name')

    with op.batch_alter_table('payment_notifications', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payment_notifications_order_id'))

    op.drop_table('payment_notifications')
    op.drop_table('invoice_counters')
