"""The first migration's tables that point at no other: contact requests, the webhook inbox, intents, plans,
revoked tokens, users."""
from alembic import op
import sqlalchemy as sa


def create() -> None:
    op.create_table('contact_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('last_name', sa.String(length=120), nullable=False),
    sa.Column('org', sa.String(length=255), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('phone', sa.String(length=64), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('msg', sa.Text(), nullable=False),
    sa.Column('status', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_contact_requests'))
    )
    op.create_table('inbox_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('platform', sa.String(length=16), nullable=False),
    sa.Column('comment_id', sa.String(length=128), nullable=False),
    sa.Column('page_external_id', sa.String(length=64), nullable=False),
    sa.Column('post_external_id', sa.String(length=128), nullable=True),
    sa.Column('parent_id', sa.String(length=128), nullable=True),
    sa.Column('from_id', sa.String(length=64), nullable=True),
    sa.Column('from_name', sa.String(length=255), nullable=True),
    sa.Column('message', sa.Text(), nullable=True),
    sa.Column('created_time', sa.DateTime(), nullable=True),
    sa.Column('verb', sa.String(length=16), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('received_at', sa.DateTime(), nullable=False),
    sa.Column('processed_at', sa.DateTime(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_inbox_events')),
    sa.UniqueConstraint('platform', 'comment_id', name=op.f('uq_inbox_events_platform_comment_id'))
    )
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.create_index('ix_inbox_events_unprocessed', ['processed_at', 'received_at'], unique=False)

    op.create_table('intent_definitions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('label', sa.String(length=120), nullable=False),
    sa.Column('label_fr', sa.String(length=120), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.CheckConstraint("kind IN ('generic', 'specific')", name=op.f('ck_intent_definitions_kind')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_intent_definitions')),
    sa.UniqueConstraint('name', name=op.f('uq_intent_definitions_name'))
    )
    op.create_table('plans',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('type', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('price_tnd', sa.Numeric(precision=10, scale=3), nullable=False),
    sa.Column('price_eur', sa.Numeric(precision=10, scale=2), nullable=False),
    sa.Column('price_usd', sa.Numeric(precision=10, scale=2), nullable=False),
    sa.Column('number_pages', sa.Integer(), nullable=False),
    sa.Column('number_agents', sa.Integer(), nullable=False),
    sa.Column('number_auto_replies', sa.Integer(), nullable=False),
    sa.Column('number_users', sa.Integer(), nullable=False),
    sa.Column('trial_days', sa.Integer(), nullable=True),
    sa.Column('features', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_plans')),
    sa.UniqueConstraint('name', name=op.f('uq_plans_name'))
    )
    op.create_table('revoked_tokens',
    sa.Column('jti', sa.String(length=64), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('jti', name=op.f('pk_revoked_tokens'))
    )
    op.create_table('users',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('facebook_id', sa.String(length=64), nullable=False),
    sa.Column('first_name', sa.String(length=120), nullable=False),
    sa.Column('last_name', sa.String(length=120), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=True),
    sa.Column('picture_url', sa.Text(), nullable=True),
    sa.Column('access_token', sa.Text(), nullable=True),
    sa.Column('is_connected', sa.Boolean(), nullable=False),
    sa.Column('last_signin_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('updated_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users')),
    sa.UniqueConstraint('facebook_id', name=op.f('uq_users_facebook_id'))
    )


def drop() -> None:
    op.drop_table('users')
    op.drop_table('revoked_tokens')
    op.drop_table('plans')
    op.drop_table('intent_definitions')
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.drop_index('ix_inbox_events_unprocessed')

    op.drop_table('inbox_events')
    op.drop_table('contact_requests')
