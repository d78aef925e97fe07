"""A drained batch's multi-row statements are converted for PostgreSQL once, then taken from psycopg's cache."""
from psycopg import _queries
from psycopg.adapt import Transformer

from app.database import _create


def batch_insert(rows: int, columns: int = 25) -> tuple[bytes, dict]:
    names = [f"c{column}_{row}" for row in range(rows) for column in range(columns)]
    values = ", ".join("(" + ", ".join(f"%({name})s" for name in names[row * columns:(row + 1) * columns]) + ")"
                       for row in range(rows))
    return f"INSERT INTO comment_logs VALUES {values} RETURNING id".encode(), dict.fromkeys(names, "x")


def test_a_fifty_row_insert_is_converted_once():
    _create("postgresql+psycopg://nobody@127.0.0.1:1/none")  # no connection is made: the engine is lazy
    query, params = batch_insert(50)
    assert len(query) > 4096 and len(params) > 50  # above psycopg's own caching limits

    before = _queries._query2pg.cache_info()
    for _ in range(3):
        _queries.PostgresQuery(Transformer()).convert(query, params)
    after = _queries._query2pg.cache_info()

    assert after.misses - before.misses <= 1
    assert after.hits - before.hits >= 2
