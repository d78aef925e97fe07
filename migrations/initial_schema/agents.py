"""The first migration's tables of agents, products and what the comment pipeline writes: intents and answers,
comment logs, synonyms, manual answers, planned actions."""
from alembic import op
import sqlalchemy as sa


def create() -> None:
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


def drop() -> None:
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
