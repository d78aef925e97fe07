"""An agent's logs answer is sent while its logs are read (app/api/logs_stream.py): once it has begun, an ended
database connection can no longer turn into a 503. The batch it broke is read again on a new connection and the
answer is whole. PostgreSQL only (SQLite has no server to end a connection): it runs against the machine's
server, as the reliability suite does."""
from __future__ import annotations

import psycopg
import requests

from app.database import session
from app.services import agent_messages, proposals
from tests.api.agent_messages_support import LOGS, logs, shop
from tests.fixtures.services import PG_ADMIN_URL
from tests.workers.conftest import live_web  # noqa: F401 (a web server in a thread of its own, as production serves)


def test_a_connection_ended_mid_answer_is_replaced_and_the_answer_is_whole(app, client, sandbox, signed_in,
                                                                           live_web, monkeypatch):  # noqa: F811
    owner = shop(app, client, sandbox, signed_in)
    comments = [owner.comment(text) for text in ("Combien la robe jasmin svp ?", "Bravo pour la collection 😍",
                                                 "Vous livrez à Sousse ?", "Le sac medina est disponible ?",
                                                 "Merci beaucoup")]
    whole = logs(client, owner.headers, owner.owner.page_id).get_json()
    monkeypatch.setattr(agent_messages, "LOGS_PER_BATCH", 2)
    read_proposals, ended = proposals.for_logs, []

    def for_logs_of_a_batch(log_ids):
        if len(ended) == 0 and log_ids == [comments[2].id, comments[3].id]:  # the second batch, once
            backend = session.connection().connection.dbapi_connection.info.backend_pid
            with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (backend,))
            ended.append(backend)
        return read_proposals(log_ids)

    monkeypatch.setattr(proposals, "for_logs", for_logs_of_a_batch)
    answer = requests.get(live_web + LOGS.format(owner.owner.page_id), headers=owner.headers, timeout=30)

    assert len(ended) == 1
    assert answer.status_code == 200
    body = answer.json()
    assert [entry["_id"] for entry in body["data"]] == [comment.id for comment in comments]
    assert {**body, "cursor": None} == {**whole, "cursor": None}
