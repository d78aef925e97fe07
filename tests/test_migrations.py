"""The migrations and the models agree, there is one head, and the schema builds on SQLite and PostgreSQL."""
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from app.database import upgrade_schema
from app.models import Base
from tests.fixtures.services import postgres_test_url

ROOT = Path(__file__).resolve().parents[1]


def _diff(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, Base.metadata)


def test_single_head():
    script = ScriptDirectory.from_config(Config(str(ROOT / "migrations" / "alembic.ini")))
    assert len(script.get_heads()) == 1


def test_models_match_migrations_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'm.db'}"
    upgrade_schema(url)
    assert _diff(url) == []
    assert set(inspect(create_engine(url)).get_table_names()) >= set(Base.metadata.tables)


def test_models_match_migrations_on_postgresql(database_url):
    url = postgres_test_url.__module__ and database_url
    assert url.startswith("postgresql"), "this machine kind runs PostgreSQL on 127.0.0.1:5432"
    assert _diff(url) == []


def test_database_enforces_uniqueness_of_pages_and_actions(tmp_path):
    url = f"sqlite:///{tmp_path / 'u.db'}"
    upgrade_schema(url)
    constraints = inspect(create_engine(url)).get_unique_constraints
    # A page has a row per team that connected it, one of them connected at most (docs/contracts.md).
    [one_connected] = [index for index in inspect(create_engine(url)).get_indexes("social_pages")
                       if index["name"] == "ix_social_pages_one_connected"]
    assert one_connected["unique"] and one_connected["column_names"] == ["platform", "external_id"]
    assert {"page_id", "comment_id", "kind"} in [set(c["column_names"]) for c in constraints("planned_actions")]
    assert {"platform", "comment_id"} in [set(c["column_names"]) for c in constraints("inbox_events")]
