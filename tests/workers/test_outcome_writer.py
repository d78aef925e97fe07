"""The outcome writer keeps its own connections between batches; a database restart, a failover or an idle timeout
cuts them while the worker sleeps. The first write after that must still land: it carries the outcome of a call
that already reached Meta, and an outcome lost there leaves the action `sending`, sent again by the stuck sweep."""
from __future__ import annotations

import pytest
from sqlalchemy import select, text

from app.database import session
from app.graph import CommentChange
from app.models import PlannedAction, SocialPage, utcnow
from app.services.pipeline import lifecycle, outcome_writer
from app.services.pipeline.actions import Outcome


@pytest.fixture
def three_actions(app):
    page = SocialPage(platform="facebook", external_id="104857392000321", name="Boutique", is_connected=True)
    session.add(page)
    session.flush()
    rows = [PlannedAction(page_id=page.id, comment_id=f"{page.external_id}_55{number}", kind=kind,
                          payload={"text": "Bonjour"} if kind == "private_reply" else {})
            for number, kind in enumerate(("like", "private_reply", "like"))]
    session.add_all(rows)
    session.commit()
    return rows


def _cut_the_writers_connections() -> int:
    """PostgreSQL ends their backends, as a restart does (the writer learns it at its next statement); SQLite has no
    server, so its connections are closed under the writer."""
    if session.get_bind().dialect.name == "postgresql":
        killed = session.scalars(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")).all()
        session.commit()
        return sum(1 for ok in killed if ok)
    held = list(outcome_writer._connections.values())
    for connection in held:
        connection.connection.driver_connection.close()
    return len(held)


def _states() -> dict[int, tuple[str, int]]:
    session.rollback()
    rows = session.execute(select(PlannedAction.id, PlannedAction.state, PlannedAction.attempts))
    return {action_id: (state, attempts) for action_id, state, attempts in rows}


def test_a_sent_reply_is_recorded_when_the_connections_were_cut_before_the_next_claim(app, three_actions):
    first_like, reply, second_like = three_actions
    writer = outcome_writer.Writer()
    assert writer.claim(first_like)  # the like's claim is durable: on a connection of its own
    writer.settle(Outcome(first_like, "done"))
    assert writer.claim(reply)  # writes the like's outcome on the other connection
    writer.settle(Outcome(reply, "done", result_id="m_1187"))  # the reply went out; its outcome waits for the next
    with session.get_bind().connect() as one, session.get_bind().connect() as other:  # idle in the pool after this
        one.scalar(text("SELECT 1")), other.scalar(text("SELECT 1"))

    assert _cut_the_writers_connections() >= 2  # both of the writer's connections, as a PostgreSQL restart does

    assert writer.claim(second_like), "the claim after the cut connections did not go through"
    writer.flush()
    assert _states() == {first_like.id: ("done", 1), reply.id: ("done", 1), second_like.id: ("sending", 1)}
    assert session.scalar(select(PlannedAction.result_id).where(PlannedAction.id == reply.id)) == "m_1187"


def _removed(action: PlannedAction) -> None:
    """The comment's author deletes it: Meta's `remove` change, applied as a delivery applies it."""
    lifecycle.apply([CommentChange(platform="facebook", page_id="104857392000321", comment_id=action.comment_id,
                                   post_id=None, parent_id=None, from_id=None, from_name=None, message=None,
                                   created_time=None, verb="remove", field="feed", media_product_type=None)])


def test_a_removal_during_the_call_keeps_what_left_and_never_sends_again(app, three_actions):
    """docs/architecture.md#queue-rules rule 10: what was claimed had left; what was not is never claimed."""
    first_like, reply, second_like = three_actions
    writer = outcome_writer.Writer()
    assert writer.claim(reply)
    _removed(reply)  # while the reply's call is in flight
    writer.settle(Outcome(reply, "planned", error="Transient", due_at=utcnow()))  # Meta did not answer: later
    assert writer.claim(first_like)
    _removed(first_like)
    writer.settle(Outcome(first_like, "done"))  # this call went through before the removal was known
    _removed(second_like)
    assert not writer.claim(second_like)
    writer.flush()

    assert _states() == {first_like.id: ("done", 1), reply.id: ("cancelled", 1), second_like.id: ("cancelled", 0)}
