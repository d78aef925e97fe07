"""The first migration's tables of payments, usage, pages and what hangs off a page: categories, invitations, posts,
commenter profiles, subscriptions, team memberships."""
from alembic import op
import sqlalchemy as sa


def create() -> None:
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


def drop() -> None:
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
