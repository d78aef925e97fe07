"""agents: an intent's generic answer and each product answer in other languages

Revision ID: f4c9a1d7e2b8
Revises: e8b5f1c2a7d4
Create Date: 2026-12-03 09:00:00

Arabic and Arabizi comments were answered in French because an answer had one text (issue 42). `answers` holds an
answer's versions by language ({"en": text, "ar": text, "tn": text, "fr": text}); the existing text stays the
default answer, the one the specification's calls read and write, so existing rows start with none.
"""
from alembic import op
import sqlalchemy as sa


revision = 'f4c9a1d7e2b8'
down_revision = 'e8b5f1c2a7d4'
branch_labels = None
depends_on = None

TABLES = ('agent_intents', 'product_answers')


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('answers', sa.JSON(), server_default='{}', nullable=False))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('answers')
