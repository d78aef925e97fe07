"""proposals: synonyms, intents and phrasings learnt from the comments an agent missed, with their evidence

Revision ID: c4f1e8a2d9b6
Revises: c4d2e8f1a6b3
Create Date: 2026-11-23 18:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = 'c4f1e8a2d9b6'
down_revision = 'c4d2e8f1a6b3'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'proposals',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('page_id', sa.Integer(), nullable=False),
        sa.Column('agent_id', sa.Integer(), nullable=True),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('key', sa.String(length=400), nullable=False),
        sa.Column('target', sa.String(length=255), nullable=True),
        sa.Column('product_id', sa.Integer(), nullable=True),
        sa.Column('value', sa.Text(), nullable=False),
        sa.Column('details', sa.JSON(), nullable=False),
        sa.Column('comments', sa.Integer(), nullable=False),
        sa.Column('commenters', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('decided_at', sa.DateTime(), nullable=True),
        sa.Column('decided_by_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
        sa.Column('updated_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
        sa.CheckConstraint("kind IN ('synonym', 'intent', 'phrasing')", name=op.f('ck_proposals_kind')),
        sa.CheckConstraint("state IN ('open', 'accepted', 'rejected')", name=op.f('ck_proposals_state')),
        sa.ForeignKeyConstraint(['agent_id'], ['agents.id'], name=op.f('fk_proposals_agent_id_agents'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['decided_by_id'], ['users.id'], name=op.f('fk_proposals_decided_by_id_users'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_proposals_page_id_social_pages'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['product_id'], ['products.id'], name=op.f('fk_proposals_product_id_products'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_proposals')),
        sa.UniqueConstraint('page_id', 'key', name=op.f('uq_proposals_page_id_key')),
    )
    op.create_index(op.f('ix_proposals_agent_id'), 'proposals', ['agent_id'], unique=False)
    op.create_table(
        'proposal_evidence',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('proposal_id', sa.Integer(), nullable=False),
        sa.Column('log_id', sa.Integer(), nullable=True),
        sa.Column('source', sa.String(length=16), nullable=False),
        sa.Column('message', sa.Text(), nullable=False),
        sa.Column('publisher_id', sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(['log_id'], ['comment_logs.id'], name=op.f('fk_proposal_evidence_log_id_comment_logs'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['proposal_id'], ['proposals.id'],
                                name=op.f('fk_proposal_evidence_proposal_id_proposals'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_proposal_evidence')),
    )
    op.create_index(op.f('ix_proposal_evidence_log_id'), 'proposal_evidence', ['log_id'], unique=False)
    op.create_index(op.f('ix_proposal_evidence_proposal_id'), 'proposal_evidence', ['proposal_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_proposal_evidence_proposal_id'), table_name='proposal_evidence')
    op.drop_index(op.f('ix_proposal_evidence_log_id'), table_name='proposal_evidence')
    op.drop_table('proposal_evidence')
    op.drop_index(op.f('ix_proposals_agent_id'), table_name='proposals')
    op.drop_table('proposals')
