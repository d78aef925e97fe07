"""catalogue_changes: the products each small catalogue change touched

Revision ID: c1e8a4f7d2b9
Revises: b7d3f0a9c4e1
Create Date: 2026-12-06 09:00:00

Issue 40: a synonym added to one product of a 20,000-product catalogue started a follower process in each worker
child, which read the 80,000 rows and compared them to find that one product, beside the other pages' comments. Each
change of a few products now says which ones it touched, and a worker layers it from those rows.
"""
from alembic import op
import sqlalchemy as sa


revision = 'c1e8a4f7d2b9'
down_revision = 'b7d3f0a9c4e1'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'catalogue_changes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('page_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('products', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_catalogue_changes_page_id_social_pages'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_catalogue_changes')),
        sa.UniqueConstraint('page_id', 'version', name=op.f('uq_catalogue_changes_page_id_version')),
    )


def downgrade() -> None:
    op.drop_table('catalogue_changes')
