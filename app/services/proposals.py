"""Proposals learnt from what an agent missed (docs/contracts.md "Proposals"): computed when the Suggestions screen
asks, from the agent's missed comments on the page and from its latest replay, and kept in the `proposals` table
under a stable key, so a decided proposal (accepted or rejected) is never proposed again.

Accepting takes effect on the next comment: a synonym goes into the page's catalogue through the catalogue service
(which raises the page's catalogue version, the matchers' cache key); an intent goes into the agent through the
wizard service with a default answer to edit, and the agent is trained at once on its new version (as the wizard's
"update now" does), so a live agent answers it on its next comment. The intent model is one global model trained
offline (nlp/training.py) with no per-agent examples: accepting a phrasing keeps its sentences as accepted examples
of the intent chosen, for the next training of the model, and changes no answer until then.
"""
from __future__ import annotations

from sqlalchemy import delete, select, true
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from app.database import session
from app.errors import Conflict, DomainError, NotFound
from app.models import Agent, CommentLog, Product, Proposal, ProposalEvidence, Replay, SocialPage, User, utcnow
from app.services import access, catalogue, catalogue_read, intent_catalogue, replay_results, training, wizard
from app.services import proposals_candidates
from app.services.pipeline import matchers
from app.services.proposals_candidates import Candidate, Context, Missed
from app.services.proposals_finder import EVIDENCE_KEPT, MIN_COMMENTERS, addable, find
from nlp import MatcherCache, intents

KINDS = ("synonym", "intent", "phrasing")
# The latest missed comments of the agent read per computation.
SOURCE_LIMIT = 2000
# A replay's unanswered comments that teach nothing: links and the page's own comments.
SKIPPED_REASONS = frozenset({"link", "own_comment"})
EVIDENCE_SHOWN = 20
KEY_MAX = 400
DEFAULT_ANSWERS = {
    "en": "Hello ##FIRST_NAME##, thank you for your question about {label}! We will answer you here very soon.",
    "fr": "Bonjour ##FIRST_NAME##, merci pour votre question ({label}) ! Nous vous répondons ici très vite.",
}

# One full-model matcher (every intent) per page catalogue version, for reading the missed comments.
_full_matchers = MatcherCache(size=16)


class ProposalNotFound(NotFound):
    code, message = "proposal_not_found", "No such proposal for this agent"


class ProposalDecided(Conflict):
    code, message = "proposal_decided", "This proposal was already accepted or rejected"


class ProductRequired(DomainError):
    status, code, message = 422, "product_required", "Choose the product this synonym names"


# --- computing -------------------------------------------------------------------------------------------------

def listing(user: User, agent_id: int) -> dict:
    """The agent's open proposals by kind, computed afresh, with the page's products (a synonym found where a
    product is expected may name any of them)."""
    agent = access.agent_for_member(user, agent_id)
    rows = refresh(agent)
    return {"data": {kind: [answer(row) for row in rows if row.kind == kind] for kind in KINDS},
            "products": [{"_id": product.id, "name": product.name, "category": product.category}
                         for product in _products(agent.page_id)],
            "minCommenters": MIN_COMMENTERS}


def refresh(agent: Agent) -> list[Proposal]:
    """Compute the proposals and keep them: new ones stored, open ones updated with their evidence, open ones no
    longer found dropped, decided ones left alone (and not answered)."""
    page = session.get(SocialPage, agent.page_id)
    on_page = page_missed(agent)
    candidates = find(on_page + replay_missed(agent, on_page), _context(agent, page))
    try:
        rows = _store(agent, candidates)
        session.commit()
    except IntegrityError:  # the same proposals stored by a teammate's screen at the same moment: read theirs
        session.rollback()
        rows = _store(agent, candidates)
        session.commit()
    return rows


def page_missed(agent: Agent) -> list[Missed]:
    """The agent's latest comments it did not answer, or answered without finding a product; never the page's
    own comments nor those with a link."""
    found = session.execute(
        select(CommentLog.id, CommentLog.comment_id, CommentLog.message, CommentLog.publisher_id, CommentLog.success,
               CommentLog.products)
        .where(CommentLog.agent_id == agent.id, CommentLog.has_link.is_(False),
               CommentLog.skip_reason.is_distinct_from("own_comment"))
        .order_by(CommentLog.id.desc()).limit(SOURCE_LIMIT))
    return [Missed(message, publisher or f"log:{log_id}", log_id, "page", success, comment_id)
            for log_id, comment_id, message, publisher, success, products in reversed(list(found))
            if message and (not success or not products)]


def replay_missed(agent: Agent, on_page: list[Missed]) -> list[Missed]:
    """The comments the agent's latest finished replay would leave unanswered, or answer without naming a product
    (app/services/replay_results.py), those the page's logs hold already left out; a replay keeps no commenter ids,
    so its commenters are told apart by name."""
    replay_id = session.scalar(select(Replay.id).where(Replay.agent_id == agent.id, Replay.state == "done")
                               .order_by(Replay.id.desc()).limit(1))
    if replay_id is None:
        return []
    logged = {comment.comment_id for comment in on_page}
    unanswered, _count = replay_results.comments(replay_id, "unanswered", per_page=SOURCE_LIMIT)
    answered, _count = replay_results.comments(replay_id, "answered", per_page=SOURCE_LIMIT)
    rows = [row for row in unanswered if row.reason not in SKIPPED_REASONS] + \
        [row for row in answered if row.product is None]
    return [Missed(row.message, f"name:{row.author or row.comment_id}", None, "replay", row.answered, row.comment_id)
            for row in sorted(rows, key=lambda row: row.id) if row.message and row.comment_id not in logged]


def _context(agent: Agent, page: SocialPage) -> Context:
    names = frozenset(matchers.agent_intent_names(agent))
    key = (page.id, page.created_at, page.catalogue_version)
    full = _full_matchers.get(key, lambda: (sorted(intents.NAMES), catalogue_read.page_catalogue(page.id)))
    products = _products(page.id)
    return Context(agent.id, names, addable(names, page.white_set), products, full,
                   _post_product(agent, full, products))


def _products(page_id: int) -> list[proposals_candidates.Product]:
    rows = session.scalars(select(Product).where(Product.page_id == page_id)
                           .options(selectinload(Product.synonyms), selectinload(Product.category))
                           .order_by(Product.id))
    return [proposals_candidates.Product(row.id, row.content, row.category.name,
                                         (row.content, *(synonym.value for synonym in row.synonyms))) for row in rows]


def _post_product(agent: Agent, full, products: list[proposals_candidates.Product]):
    """The one product a post agent's post names ("Nouvelle collection: la robe rouge"): the product a word met
    where a product is expected most likely names on that post."""
    if agent.is_generic or not agent.post_message:
        return None
    named = {hit.name for hit in full.match(agent.post_message).products}
    return next((product for product in products if product.name in named), None) if len(named) == 1 else None


def _store(agent: Agent, candidates: list[Candidate]) -> list[Proposal]:
    keys = [candidate.key[:KEY_MAX] for candidate in candidates]
    existing = {row.key: row for row in session.scalars(
        select(Proposal).where(Proposal.page_id == agent.page_id, Proposal.key.in_(keys)))} if keys else {}
    decided_phrasings = {text for row in session.scalars(select(Proposal).where(
        Proposal.agent_id == agent.id, Proposal.kind == "phrasing", Proposal.state != "open"))
        for text in (row.details or {}).get("normalised", [])}
    kept = []
    for key, candidate in zip(keys, candidates):
        row = existing.get(key)
        if row is not None and row.state != "open":
            continue
        if row is None:
            if candidate.kind == "phrasing" and decided_phrasings & set(candidate.details["normalised"]):
                continue  # the same question, clustered around another comment, was decided already
            row = Proposal(page_id=agent.page_id, agent_id=agent.id, kind=candidate.kind, key=key)
            session.add(row)
        row.value, row.target, row.product_id, row.details = (candidate.value, candidate.target,
                                                              candidate.product_id, candidate.details)
        row.comments, row.commenters = len(candidate.evidence), candidate.commenters
        row.evidence = [ProposalEvidence(log_id=comment.log_id, source=comment.source, message=comment.text,
                                         publisher_id=comment.publisher[:64])
                        for comment in candidate.evidence[:EVIDENCE_KEPT]]
        kept.append(row)
    session.flush()
    kept_ids = [row.id for row in kept]
    session.execute(delete(Proposal).where(Proposal.agent_id == agent.id, Proposal.state == "open",
                                           Proposal.id.not_in(kept_ids) if kept_ids else true())
                    .execution_options(synchronize_session=False))
    return kept


# --- answering -------------------------------------------------------------------------------------------------

def answer(row: Proposal) -> dict:
    details = row.details or {}
    entry = intent_catalogue.entry(row.target) if row.kind != "synonym" and row.target else None
    return {
        "_id": row.id, "kind": row.kind, "state": row.state, "value": row.value, "comments": row.comments,
        "commenters": row.commenters,
        "product": row.target if row.kind == "synonym" else None, "productId": row.product_id,
        "category": details.get("category"), "how": details.get("how"),
        "intent": row.target if row.kind != "synonym" else None,
        "intentLabel": entry["intent"] if entry else None, "intentLabelFr": entry["intent_fr"] if entry else None,
        "defaultAnswer": default_answer(row) if row.kind == "intent" else None,
        "evidence": [{"logId": item.log_id, "message": item.message, "source": item.source}
                     for item in row.evidence[:EVIDENCE_SHOWN]],
    }


def default_answer(row: Proposal) -> str:
    """A generic answer in the comments' language (French unless they are English), to be edited."""
    language = "en" if (row.details or {}).get("language") == "en" else "fr"
    entry = intent_catalogue.entry(row.value)
    return DEFAULT_ANSWERS[language].format(label=entry["intent" if language == "en" else "intent_fr"])


def for_logs(log_ids) -> dict[int, list[dict]]:
    """The proposals each log fed (not the rejected ones), for its why: {log id: [{_id, kind, value, target,
    state, agent}]}. `log_ids` is a list of ids or a select of them."""
    found: dict[int, list[dict]] = {}
    for log_id, row in session.execute(
            select(ProposalEvidence.log_id, Proposal).join(Proposal, Proposal.id == ProposalEvidence.proposal_id)
            .where(ProposalEvidence.log_id.in_(log_ids), Proposal.state != "rejected").order_by(Proposal.id)):
        found.setdefault(log_id, []).append({"_id": row.id, "kind": row.kind, "value": row.value,
                                             "target": row.target, "state": row.state, "agent": row.agent_id})
    return found


# --- deciding --------------------------------------------------------------------------------------------------

def accept(user: User, agent_id: int, proposal_id: int, body: dict) -> dict:
    """Accept an open proposal: into the catalogue (synonym), into the agent (intent, then trained), or kept as
    examples (phrasing). Answers the proposal decided."""
    agent = access.agent_for_member(user, agent_id)
    row = _open(agent, proposal_id)
    if row.kind == "synonym":
        _add_synonym(agent, row, body.get("productId"))
    elif row.kind == "intent":
        _add_intent(agent, row, body.get("genericAnswer"))
    else:
        row.details = {**(row.details or {}), "intent": body.get("intent") or row.target}
    return _decide(row, user, "accepted")


def reject(user: User, agent_id: int, proposal_id: int) -> dict:
    agent = access.agent_for_member(user, agent_id)
    return _decide(_open(agent, proposal_id), user, "rejected")


def _open(agent: Agent, proposal_id: int) -> Proposal:
    """The agent's proposal (a synonym: one of its page's), still open; 404 for any other, 409 once decided."""
    row = session.get(Proposal, proposal_id)
    if row is None or row.page_id != agent.page_id or (row.kind != "synonym" and row.agent_id != agent.id):
        raise ProposalNotFound()
    if row.state != "open":
        raise ProposalDecided()
    return row


def _add_synonym(agent: Agent, row: Proposal, product_id: int | None) -> None:
    """Into the catalogue through its service, which raises the page's catalogue version: the next comment's
    matcher is built with the synonym."""
    product = session.get(Product, product_id or row.product_id or 0)
    if product is None or product.page_id != agent.page_id:
        raise ProductRequired()
    product_id, category_id, value = product.id, product.category_id, row.value
    try:
        catalogue.change(session.get(SocialPage, agent.page_id), catalogue.add_synonyms, category_id, product_id,
                         [value])
    except catalogue.Refused:
        pass  # the product has that synonym already: nothing more to add
    row.product_id, row.target = product_id, session.get(Product, product_id).content


def _add_intent(agent: Agent, row: Proposal, generic_answer: str | None) -> None:
    text = (generic_answer or "").strip() or default_answer(row)
    wizard.add_intent(agent, {"intent": row.value, "genericAnswer": text, "buttons": []})
    # Trained on its new version at once, as the wizard's "update now" does: a live agent answers the intent on
    # its next comment, and one never trained before starts answering.
    training.train_agent(agent.id)


def _decide(row: Proposal, user: User, state: str) -> dict:
    row = session.get(Proposal, row.id)
    row.state, row.decided_at, row.decided_by_id = state, utcnow(), user.id
    session.commit()
    return answer(row)

