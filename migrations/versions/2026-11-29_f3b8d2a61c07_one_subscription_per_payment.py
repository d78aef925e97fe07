"""billing: one subscription per payment, and abandoned checkouts are `expired`

Revision ID: f3b8d2a61c07
Revises: e5a7c3f19b42
Create Date: 2026-11-29 10:00:00

Identical gateway notifications handled at the same moment on SQLite could each pay the order (issue 38): the
unique index makes a second subscription for one payment impossible. Subscriptions that race left behind are
removed first, keeping each payment's first one (the later one started a few milliseconds after it).

Orders the gateway never answered were marked `unpaid` by the daily pass; they are now `expired`, the status a
late payment is still applied to (app/services/billing/settlement.py). Downgrading keeps them `expired`.
"""
from alembic import op


revision = 'f3b8d2a61c07'
down_revision = 'e5a7c3f19b42'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM subscriptions WHERE payment_id IS NOT NULL AND id NOT IN "
               "(SELECT MIN(id) FROM subscriptions WHERE payment_id IS NOT NULL GROUP BY payment_id)")
    op.create_index(op.f('ix_subscriptions_payment_id'), 'subscriptions', ['payment_id'], unique=True)
    op.execute("UPDATE payments SET status = 'expired' WHERE status = 'unpaid'")


def downgrade() -> None:
    op.drop_index(op.f('ix_subscriptions_payment_id'), table_name='subscriptions')
