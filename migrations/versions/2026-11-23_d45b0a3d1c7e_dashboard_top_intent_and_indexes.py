"""dashboard: the top intent of a log in its own column, and the dashboard's covering indexes

Revision ID: d45b0a3d1c7e
Revises: fab1ba79df84
Create Date: 2026-11-23 14:50:00

The dashboard counts the most requested intents and each post's comments (spec 001 §2) with SQL aggregates over a
page's logs. The intents live in a JSON list, which neither database can group by through an index (and
SQLite's and PostgreSQL's JSON paths differ), so the best intent is copied into `top_intent` when the log is
written; existing matched logs get theirs here.
"""
from alembic import op
import sqlalchemy as sa


revision = 'd45b0a3d1c7e'
down_revision = 'fab1ba79df84'
branch_labels = None
depends_on = None

BACKFILL = {
    "postgresql": "UPDATE comment_logs SET top_intent = (intents::json -> 0 ->> 'intent') "
                  "WHERE success AND json_typeof(intents::json) = 'array'",
    "sqlite": "UPDATE comment_logs SET top_intent = json_extract(intents, '$[0].intent') "
              "WHERE success AND json_type(intents) = 'array'",
}


def upgrade() -> None:
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('top_intent', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_comment_logs_dashboard_intents', ['page_id', 'created_at', 'top_intent'],
                              unique=False)
        batch_op.create_index('ix_comment_logs_dashboard_posts',
                              ['page_id', 'created_at', 'post_external_id', 'success'], unique=False)
    backfill = BACKFILL.get(op.get_bind().dialect.name)
    if backfill:
        op.execute(backfill)


def downgrade() -> None:
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.drop_index('ix_comment_logs_dashboard_posts')
        batch_op.drop_index('ix_comment_logs_dashboard_intents')
        batch_op.drop_column('top_intent')
