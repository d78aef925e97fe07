"""A catalogue change reaches the matcher at once (spec 001 §7 "Products", docs/contracts.md "Catalogue"): the change
raises the page's catalogue_version in its transaction, so app/services/pipeline/matchers.py, reading the page row as
any worker process does for its next comment, builds a matcher that knows the new synonym, while one built before the
change does not."""
from __future__ import annotations

from app.database import session
from app.models import Agent, AgentIntent, SocialPage
from app.services.pipeline import matchers
from tests.api.catalogue_support import add_category, call, make_page

COMMENT = "bonjour, le modèle zorblaxine est disponible ?"


def _page_as_a_worker_reads_it(page: SocialPage) -> SocialPage:
    session.expire_all()
    return session.get(SocialPage, page.id)


def _products(agent: Agent, page: SocialPage) -> list[str]:
    return [hit.name for hit in matchers.matcher_for(agent, page).match(COMMENT).products]


def test_a_synonym_added_through_the_api_is_matched_by_the_next_matcher(client, signed_in):
    owner, headers, _ = signed_in("Olfa", "Owner")
    page = make_page(owner)
    agent = Agent(page_id=page.id, target_id=page.external_id, is_generic=True, intent_kind="generic")
    agent.intents.append(AgentIntent(intent_name="availability", generic_answer="Oui, en stock !"))
    session.add(agent)
    session.commit()
    dresses = add_category(client, headers, page, "Robes", {"Robe rouge": ["rouge"]})

    before = _page_as_a_worker_reads_it(page).catalogue_version
    assert _products(agent, _page_as_a_worker_reads_it(page)) == []

    answer = call(client, headers, page, "synonymssupdate", {"idEntity": dresses["_id"],
                                                             "idChildren": dresses["children"][0]["_id"],
                                                             "synonyms": "zorblaxine"})
    assert answer.status_code == 200
    after = _page_as_a_worker_reads_it(page)
    assert after.catalogue_version == before + 1
    assert _products(agent, after) == ["Robe rouge"]

    call(client, headers, page, "removesyn", {"id": dresses["_id"], "index": 0, "synonym": "zorblaxine"})
    assert _products(agent, _page_as_a_worker_reads_it(page)) == []
