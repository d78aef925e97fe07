"""create the whole data model

Revision ID: fab1ba79df84
Revises: 
Create Date: 2026-11-23 04:33:56.472544
"""
from alembic import op
import sqlalchemy as sa


revision = 'fab1ba79df84'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
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
    op.create_table('payments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('plan_id', sa.Integer(), nullable=False),
    sa.Column('order_id', sa.String(length=64), nullable=False),
    sa.Column('invoice_number', sa.String(length=32), nullable=True),
    sa.Column('period_months', sa.Integer(), nullable=False),
    sa.Column('currency', sa.String(length=3), nullable=False),
    sa.Column('amount', sa.Numeric(precision=12, scale=3), nullable=False),
    sa.Column('amount_minor', sa.Integer(), nullable=False),
    sa.Column('amount_tnd', sa.Numeric(precision=12, scale=3), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('payed_by', sa.String(length=255), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('adresse', sa.Text(), nullable=False),
    sa.Column('gateway_payid', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('paid_at', sa.DateTime(), nullable=True),
    sa.CheckConstraint("status IN ('paid', 'unpaid', 'planified', 'expired', 'reimbursed', 'canceled', 'refused', 'chargeback', 'bonus', 'pending')", name=op.f('ck_payments_status')),
    sa.ForeignKeyConstraint(['plan_id'], ['plans.id'], name=op.f('fk_payments_plan_id_plans'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_payments_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_payments')),
    sa.UniqueConstraint('invoice_number', name=op.f('uq_payments_invoice_number')),
    sa.UniqueConstraint('order_id', name=op.f('uq_payments_order_id'))
    )
    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payments_user_id'), ['user_id'], unique=False)

    op.create_table('reply_usage',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('month', sa.String(length=7), nullable=False),
    sa.Column('used', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_reply_usage_owner_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reply_usage')),
    sa.UniqueConstraint('owner_id', 'month', name=op.f('uq_reply_usage_owner_id_month'))
    )
    op.create_table('social_pages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('platform', sa.String(length=16), nullable=False),
    sa.Column('external_id', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('username', sa.String(length=255), nullable=True),
    sa.Column('picture_url', sa.Text(), nullable=True),
    sa.Column('access_token', sa.Text(), nullable=True),
    sa.Column('linked_page_external_id', sa.String(length=64), nullable=True),
    sa.Column('owner_id', sa.Integer(), nullable=True),
    sa.Column('is_connected', sa.Boolean(), nullable=False),
    sa.Column('needs_reconnect', sa.Boolean(), nullable=False),
    sa.Column('webhook_subscribed', sa.Boolean(), nullable=False),
    sa.Column('fan_count', sa.Integer(), nullable=False),
    sa.Column('interactions', sa.Integer(), nullable=False),
    sa.Column('spam', sa.Boolean(), nullable=False),
    sa.Column('likes_comment', sa.Boolean(), nullable=False),
    sa.Column('hide_comment', sa.Boolean(), nullable=False),
    sa.Column('public_reply_enabled', sa.Boolean(), nullable=False),
    sa.Column('public_reply_message', sa.Text(), nullable=False),
    sa.Column('delay_mode', sa.String(length=16), nullable=False),
    sa.Column('delay_times_ms', sa.JSON(), nullable=False),
    sa.Column('white_set', sa.Boolean(), nullable=False),
    sa.Column('catalogue_version', sa.Integer(), nullable=False),
    sa.Column('last_polled_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('updated_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.CheckConstraint("delay_mode IN ('immediatly', 'Exactly', 'Randomly')", name=op.f('ck_social_pages_delay_mode')),
    sa.CheckConstraint("platform IN ('facebook', 'instagram')", name=op.f('ck_social_pages_platform')),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_social_pages_owner_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_social_pages')),
    sa.UniqueConstraint('platform', 'external_id', name=op.f('uq_social_pages_platform_external_id'))
    )
    op.create_table('categories',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=255), nullable=False),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('updated_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_categories_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_categories')),
    sa.UniqueConstraint('page_id', 'name', name=op.f('uq_categories_page_id_name'))
    )
    op.create_table('invitations',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('member_name', sa.String(length=255), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=True),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('used_at', sa.DateTime(), nullable=True),
    sa.Column('used_by_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['created_by_id'], ['users.id'], name=op.f('fk_invitations_created_by_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_invitations_page_id_social_pages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['used_by_id'], ['users.id'], name=op.f('fk_invitations_used_by_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invitations')),
    sa.UniqueConstraint('token', name=op.f('uq_invitations_token'))
    )
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invitations_page_id'), ['page_id'], unique=False)

    op.create_table('posts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('external_id', sa.String(length=128), nullable=False),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('picture_url', sa.Text(), nullable=True),
    sa.Column('permalink_url', sa.Text(), nullable=True),
    sa.Column('type', sa.String(length=32), nullable=True),
    sa.Column('status', sa.String(length=32), nullable=True),
    sa.Column('published', sa.Boolean(), nullable=False),
    sa.Column('created_time', sa.DateTime(), nullable=True),
    sa.Column('last_comment_seen_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_posts_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_posts')),
    sa.UniqueConstraint('page_id', 'external_id', name=op.f('uq_posts_page_id_external_id'))
    )
    op.create_table('subscriber_profiles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('publisher_id', sa.String(length=64), nullable=False),
    sa.Column('first_name', sa.String(length=120), nullable=True),
    sa.Column('last_name', sa.String(length=120), nullable=True),
    sa.Column('name', sa.String(length=255), nullable=True),
    sa.Column('username', sa.String(length=255), nullable=True),
    sa.Column('picture_url', sa.Text(), nullable=True),
    sa.Column('phone', sa.String(length=64), nullable=True),
    sa.Column('email', sa.String(length=254), nullable=True),
    sa.Column('birthday', sa.String(length=32), nullable=True),
    sa.Column('adresse', sa.Text(), nullable=True),
    sa.Column('comments_count', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_subscriber_profiles_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscriber_profiles')),
    sa.UniqueConstraint('page_id', 'publisher_id', name=op.f('uq_subscriber_profiles_page_id_publisher_id'))
    )
    op.create_table('subscriptions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('plan_id', sa.Integer(), nullable=False),
    sa.Column('payment_id', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint("status IN ('active', 'expired', 'canceled')", name=op.f('ck_subscriptions_status')),
    sa.ForeignKeyConstraint(['payment_id'], ['payments.id'], name=op.f('fk_subscriptions_payment_id_payments'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['plan_id'], ['plans.id'], name=op.f('fk_subscriptions_plan_id_plans'), ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_subscriptions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscriptions'))
    )
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_subscriptions_user_id'), ['user_id'], unique=False)

    op.create_table('team_memberships',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint("role IN ('owner', 'invited_admin', 'invited_member')", name=op.f('ck_team_memberships_role')),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_team_memberships_page_id_social_pages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_team_memberships_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_team_memberships')),
    sa.UniqueConstraint('page_id', 'user_id', name=op.f('uq_team_memberships_page_id_user_id'))
    )
    with op.batch_alter_table('team_memberships', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_team_memberships_user_id'), ['user_id'], unique=False)

    op.create_table('agents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('post_id', sa.Integer(), nullable=True),
    sa.Column('target_id', sa.String(length=128), nullable=False),
    sa.Column('is_generic', sa.Boolean(), nullable=False),
    sa.Column('intent_kind', sa.String(length=16), nullable=False),
    sa.Column('post_message', sa.Text(), nullable=False),
    sa.Column('post_picture', sa.Text(), nullable=True),
    sa.Column('post_status', sa.String(length=32), nullable=True),
    sa.Column('post_published', sa.String(length=64), nullable=True),
    sa.Column('trained', sa.Boolean(), nullable=False),
    sa.Column('live', sa.Boolean(), nullable=False),
    sa.Column('pending', sa.Boolean(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('trained_version', sa.Integer(), nullable=True),
    sa.Column('trained_at', sa.DateTime(), nullable=True),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.Column('updated_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.CheckConstraint("intent_kind IN ('generic', 'specific')", name=op.f('ck_agents_intent_kind')),
    sa.ForeignKeyConstraint(['created_by_id'], ['users.id'], name=op.f('fk_agents_created_by_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_agents_page_id_social_pages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['post_id'], ['posts.id'], name=op.f('fk_agents_post_id_posts'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_agents')),
    sa.UniqueConstraint('page_id', 'target_id', name=op.f('uq_agents_page_id_target_id'))
    )
    with op.batch_alter_table('agents', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_agents_page_id'), ['page_id'], unique=False)

    op.create_table('products',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('category_id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('content', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['category_id'], ['categories.id'], name=op.f('fk_products_category_id_categories'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_products_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_products')),
    sa.UniqueConstraint('category_id', 'content', name=op.f('uq_products_category_id_content'))
    )
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_products_page_id'), ['page_id'], unique=False)

    op.create_table('agent_intents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('agent_id', sa.Integer(), nullable=False),
    sa.Column('intent_name', sa.String(length=64), nullable=False),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('generic_answer', sa.Text(), nullable=False),
    sa.Column('buttons', sa.JSON(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.CheckConstraint("status IN ('new', 'old')", name=op.f('ck_agent_intents_status')),
    sa.ForeignKeyConstraint(['agent_id'], ['agents.id'], name=op.f('fk_agent_intents_agent_id_agents'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_agent_intents')),
    sa.UniqueConstraint('agent_id', 'intent_name', name=op.f('uq_agent_intents_agent_id_intent_name'))
    )
    op.create_table('comment_logs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('agent_id', sa.Integer(), nullable=True),
    sa.Column('inbox_event_id', sa.Integer(), nullable=True),
    sa.Column('comment_id', sa.String(length=128), nullable=False),
    sa.Column('post_external_id', sa.String(length=128), nullable=True),
    sa.Column('message', sa.Text(), nullable=False),
    sa.Column('created_time', sa.DateTime(), nullable=True),
    sa.Column('language', sa.String(length=8), nullable=True),
    sa.Column('success', sa.Boolean(), nullable=False),
    sa.Column('intents', sa.JSON(), nullable=False),
    sa.Column('products', sa.JSON(), nullable=False),
    sa.Column('answer', sa.Text(), nullable=True),
    sa.Column('buttons', sa.JSON(), nullable=False),
    sa.Column('publisher_id', sa.String(length=64), nullable=True),
    sa.Column('publisher', sa.JSON(), nullable=False),
    sa.Column('link', sa.Text(), nullable=True),
    sa.Column('negative', sa.Boolean(), nullable=False),
    sa.Column('has_link', sa.Boolean(), nullable=False),
    sa.Column('treated', sa.Boolean(), nullable=False),
    sa.Column('skip_reason', sa.String(length=64), nullable=True),
    sa.Column('reply_message_id', sa.String(length=255), nullable=True),
    sa.Column('reply_error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['agent_id'], ['agents.id'], name=op.f('fk_comment_logs_agent_id_agents'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['inbox_event_id'], ['inbox_events.id'], name=op.f('fk_comment_logs_inbox_event_id_inbox_events'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_comment_logs_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_comment_logs')),
    sa.UniqueConstraint('page_id', 'comment_id', name=op.f('uq_comment_logs_page_id_comment_id'))
    )
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comment_logs_agent_id'), ['agent_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_comment_logs_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_comment_logs_post_external_id'), ['post_external_id'], unique=False)

    op.create_table('synonyms',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=False),
    sa.Column('value', sa.String(length=255), nullable=False),
    sa.ForeignKeyConstraint(['product_id'], ['products.id'], name=op.f('fk_synonyms_product_id_products'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_synonyms')),
    sa.UniqueConstraint('product_id', 'value', name=op.f('uq_synonyms_product_id_value'))
    )
    op.create_table('manual_answers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('log_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('buttons', sa.JSON(), nullable=False),
    sa.Column('message_id', sa.String(length=255), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['log_id'], ['comment_logs.id'], name=op.f('fk_manual_answers_log_id_comment_logs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_manual_answers_user_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_manual_answers'))
    )
    with op.batch_alter_table('manual_answers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_manual_answers_log_id'), ['log_id'], unique=False)

    op.create_table('planned_actions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('log_id', sa.Integer(), nullable=True),
    sa.Column('comment_id', sa.String(length=128), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('due_at', sa.DateTime(), nullable=False),
    sa.Column('state', sa.String(length=8), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(), nullable=True),
    sa.Column('done_at', sa.DateTime(), nullable=True),
    sa.Column('result_id', sa.String(length=255), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint("kind IN ('private_reply', 'like', 'hide', 'public_reply')", name=op.f('ck_planned_actions_kind')),
    sa.CheckConstraint("state IN ('planned', 'sending', 'done', 'failed', 'held')", name=op.f('ck_planned_actions_state')),
    sa.ForeignKeyConstraint(['log_id'], ['comment_logs.id'], name=op.f('fk_planned_actions_log_id_comment_logs'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['page_id'], ['social_pages.id'], name=op.f('fk_planned_actions_page_id_social_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_planned_actions')),
    sa.UniqueConstraint('page_id', 'comment_id', 'kind', name=op.f('uq_planned_actions_page_id_comment_id_kind'))
    )
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.create_index('ix_planned_actions_due', ['state', 'due_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_planned_actions_log_id'), ['log_id'], unique=False)

    op.create_table('product_answers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('agent_intent_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=True),
    sa.Column('product_name', sa.String(length=255), nullable=False),
    sa.Column('category_name', sa.String(length=255), nullable=True),
    sa.Column('answer', sa.Text(), nullable=False),
    sa.Column('buttons', sa.JSON(), nullable=False),
    sa.Column('is_default', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['agent_intent_id'], ['agent_intents.id'], name=op.f('fk_product_answers_agent_intent_id_agent_intents'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['product_id'], ['products.id'], name=op.f('fk_product_answers_product_id_products'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_product_answers')),
    sa.UniqueConstraint('agent_intent_id', 'product_name', name=op.f('uq_product_answers_agent_intent_id_product_name'))
    )


def downgrade() -> None:
    op.drop_table('product_answers')
    with op.batch_alter_table('planned_actions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_planned_actions_log_id'))
        batch_op.drop_index('ix_planned_actions_due')

    op.drop_table('planned_actions')
    with op.batch_alter_table('manual_answers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_manual_answers_log_id'))

    op.drop_table('manual_answers')
    op.drop_table('synonyms')
    with op.batch_alter_table('comment_logs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comment_logs_post_external_id'))
        batch_op.drop_index(batch_op.f('ix_comment_logs_created_at'))
        batch_op.drop_index(batch_op.f('ix_comment_logs_agent_id'))

    op.drop_table('comment_logs')
    op.drop_table('agent_intents')
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_products_page_id'))

    op.drop_table('products')
    with op.batch_alter_table('agents', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_agents_page_id'))

    op.drop_table('agents')
    with op.batch_alter_table('team_memberships', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_team_memberships_user_id'))

    op.drop_table('team_memberships')
    with op.batch_alter_table('subscriptions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_subscriptions_user_id'))

    op.drop_table('subscriptions')
    op.drop_table('subscriber_profiles')
    op.drop_table('posts')
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invitations_page_id'))

    op.drop_table('invitations')
    op.drop_table('categories')
    op.drop_table('social_pages')
    op.drop_table('reply_usage')
    with op.batch_alter_table('payments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payments_user_id'))

    op.drop_table('payments')
    op.drop_table('users')
    op.drop_table('revoked_tokens')
    op.drop_table('plans')
    op.drop_table('intent_definitions')
    with op.batch_alter_table('inbox_events', schema=None) as batch_op:
        batch_op.drop_index('ix_inbox_events_unprocessed')

    op.drop_table('inbox_events')
    op.drop_table('contact_requests')
