"""The wizard's changes to an agent (spec 001 §4 "Wizard", §5, §7 "Wizard"): its intents with their generic
answers and buttons, and the specific answers of an intent per product. Each answer may have versions in other
languages (`answers`, sent to a comment in that language: nlp/answer.py); a call without them keeps the stored ones,
so the specification's calls, which know only the default answer, change nothing else.

Rules kept on the server as well as in the client: Quiz excludes every other intent (and any other excludes
Quiz); Price only on a page whose whiteSet is on; an intent is added once; buttons on Facebook agents only (the
Send API's buttons need a permission Instagram does not have). Every change bumps the agent's version (its
matcher's cache key) and marks it untrained: the agent answers again once trained (the wizard's update or
activate step calls /trainagentpag or /trainagentpos).

Changes to one agent are made one at a time (its row locked first, then read afresh), so two teammates editing
at once cannot both add the same intent or break the Quiz rule; a clash the lock cannot see (a catalogue row
added at the same moment) is a 409 that changed nothing.
"""
from __future__ import annotations

from functools import wraps

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.database import session
from app.errors import Conflict, DomainError, NotFound
from app.models import Agent, AgentIntent, Category, Product, ProductAnswer, SocialPage
from app.services import intent_catalogue
from nlp import normalize

EXIST, NOT_EXIST = "exist", "not exist"


class WizardRefusal(DomainError):
    status = 422


class IntentAlreadySelected(Conflict):
    code, message = "intent_already_selected", "This intent is already selected"


class IntentNotOnAgent(NotFound):
    code, message = "intent_not_found", "This agent has no such intent"


class AnswerNotFound(NotFound):
    code, message = "answer_not_found", "This intent has no such product answer"


class ChangedMeanwhile(Conflict):
    code, message = "changed_meanwhile", "The agent or the catalogue changed at the same moment, try again"


def _one_at_a_time(change):
    """Run a change with the agent's row locked and the agent read again under the lock."""
    @wraps(change)
    def locked(agent: Agent, body: dict):
        session.execute(select(Agent.id).where(Agent.id == agent.id).with_for_update())
        session.expire(agent)
        try:
            return change(agent, body)
        except IntegrityError:
            session.rollback()
            raise ChangedMeanwhile() from None
    return locked


# Each change takes the agent and the call's checked body (the specification's field names).

@_one_at_a_time
def add_intent(agent: Agent, body: dict) -> Agent:
    """Add an intent with its generic answer, its versions in other languages and buttons: its first save (spec
    001 §4: saved first, updated after); 409 when the agent has it already."""
    if _intent(agent, body["intent"]) is not None:
        raise IntentAlreadySelected()
    _new_intent(agent, body["intent"], body["genericAnswer"], body["buttons"], body.get("answers") or {})
    return _changed(agent)


@_one_at_a_time
def update_intent(agent: Agent, body: dict) -> Agent:
    """Change an intent's generic answer and buttons (and its versions in other languages when sent)."""
    intent = _existing_intent(agent, body["intent"])
    _check_buttons(agent, body["buttons"])
    intent.generic_answer, intent.buttons, intent.status = body["genericAnswer"].strip(), body["buttons"], "old"
    if body["answers"] is not None:
        intent.answers = body["answers"]
    return _changed(agent)


@_one_at_a_time
def remove_intent(agent: Agent, body: dict) -> Agent:
    """Remove an intent with its product answers."""
    agent.intents.remove(_existing_intent(agent, body["intent"]))
    return _changed(agent)


@_one_at_a_time
def remove_answer(agent: Agent, body: dict) -> Agent:
    """Remove one product answer (by its _id) from an intent."""
    intent = _existing_intent(agent, body["intent"])
    answer = next((item for item in intent.product_answers if item.id == body["answer"]), None)
    if answer is None:
        raise AnswerNotFound()
    intent.product_answers.remove(answer)
    return _changed(agent)


@_one_at_a_time
def first_product_answer(agent: Agent, body: dict) -> Agent | str:
    """A product's specific answer for an intent: 'exist' when the intent answers that product already, 'not
    exist' when the page's catalogue has no such product (the client then asks its category and calls update),
    else the agent with the answer added (and the intent, with the body's generic answer, when it was not yet)."""
    if _answer_for(agent, body["intent"], body["entity"]) is not None:
        return EXIST
    product = _catalogue_product(agent.page_id, body["entity"])
    if product is None:
        return NOT_EXIST
    return _add_answer(agent, body, product)


@_one_at_a_time
def product_answer_in_category(agent: Agent, body: dict) -> Agent | str:
    """The same with the category: 'exist', or the agent with the answer added; a product missing from the
    page's catalogue is added to the named category (created when the page has none of that name)."""
    if _answer_for(agent, body["intent"], body["entity"]) is not None:
        return EXIST
    _check_answer(agent, body)  # before the catalogue gains a product for an answer that would be refused
    product = _catalogue_product(agent.page_id, body["entity"]) or _new_product(agent.page_id, body)
    return _add_answer(agent, body, product)


@_one_at_a_time
def update_product_answer(agent: Agent, body: dict) -> Agent:
    """Change a product answer's text and buttons (and its versions in other languages when sent)."""
    answer = _answer_for(agent, body["intent"], body["entity"])
    if answer is None:
        raise AnswerNotFound()
    _check_buttons(agent, body["buttons"])
    answer.answer, answer.buttons = body["specificAnswer"].strip(), body["buttons"]
    if body["answers"] is not None:
        answer.answers = body["answers"]
    return _changed(agent)


# --- helpers ---------------------------------------------------------------------------------------------------

def _intent(agent: Agent, name: str) -> AgentIntent | None:
    return next((intent for intent in agent.intents if intent.intent_name == name), None)


def _existing_intent(agent: Agent, name: str) -> AgentIntent:
    intent = _intent(agent, name)
    if intent is None:
        raise IntentNotOnAgent()
    return intent


def _new_intent(agent: Agent, name: str, generic_answer: str, buttons: list[dict],
                answers: dict) -> AgentIntent:
    _check_choice(agent, name)
    _check_buttons(agent, buttons)
    intent = AgentIntent(intent_name=name, status="old", generic_answer=generic_answer.strip(), buttons=buttons,
                         answers=answers, position=max((item.position for item in agent.intents), default=-1) + 1)
    agent.intents.append(intent)
    return intent


def _check_choice(agent: Agent, name: str) -> None:
    names = {intent.intent_name for intent in agent.intents}
    if (name == intent_catalogue.QUIZ and names) or intent_catalogue.QUIZ in names:
        raise WizardRefusal("Quiz cannot be combined with other intents", code="quiz_alone")
    if name == intent_catalogue.PRICE and not session.get(SocialPage, agent.page_id).white_set:
        raise WizardRefusal("The Price intent is not available for this page", code="price_not_allowed")


def _check_buttons(agent: Agent, buttons: list[dict]) -> None:
    if buttons and session.get(SocialPage, agent.page_id).platform != "facebook":
        raise WizardRefusal("Buttons are only available on Facebook", code="buttons_facebook_only")


def _answer_for(agent: Agent, name: str, product_name: str) -> ProductAnswer | None:
    intent = _intent(agent, name)
    if intent is None:
        return None
    wanted = normalize.normalize(product_name)
    return next((item for item in intent.product_answers if normalize.normalize(item.product_name) == wanted),
                None)


def _catalogue_product(page_id: int, name: str) -> Product | None:
    """The page's product of that name (compared as the matcher compares names)."""
    wanted = normalize.normalize(name)
    candidates = session.scalars(select(Product).where(Product.page_id == page_id))
    return next((product for product in candidates if normalize.normalize(product.content) == wanted), None)


def _new_product(page_id: int, body: dict) -> Product:
    page = session.get(SocialPage, page_id)
    category_name = body["categorie"].strip()
    category = session.scalars(select(Category).where(Category.page_id == page_id,
                                                      Category.name == category_name)).first()
    if category is None:
        category = Category(page_id=page_id, name=category_name)
        session.add(category)
        session.flush()
    product = Product(category_id=category.id, page_id=page_id, content=body["entity"].strip())
    session.add(product)
    # One more product for the page's matchers; counted in SQL, so a catalogue change at the same moment counts too.
    page.catalogue_version = SocialPage.catalogue_version + 1
    session.flush()
    return product


def _check_answer(agent: Agent, body: dict) -> None:
    _check_buttons(agent, body["buttons"])
    if _intent(agent, body["intent"]) is None:
        _check_choice(agent, body["intent"])


def _add_answer(agent: Agent, body: dict, product: Product) -> Agent:
    _check_answer(agent, body)
    intent = _intent(agent, body["intent"]) or _new_intent(agent, body["intent"], body["genericAnswer"], [], {})
    category = session.get(Category, product.category_id)
    intent.product_answers.append(ProductAnswer(product_id=product.id, product_name=product.content,
                                                category_name=category.name if category else None,
                                                answer=body["specificAnswer"].strip(), answers=body["answers"] or {},
                                                buttons=body["buttons"]))
    return _changed(agent)


def _changed(agent: Agent) -> Agent:
    """Commit a change: a new version (a new matcher) that has to be trained before the agent answers again."""
    agent.version = Agent.version + 1  # in SQL: two edits at once make two versions, never one
    agent.trained = False
    session.commit()
    return agent
