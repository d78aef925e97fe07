"""The demo a newcomer sees after `./run.sh` (README "Try the loop"): the sandbox's demo user Amira Ben Salah signs
in to a connected page, Maison Jasmin, whose generic agent answers price, availability and delivery questions,
with product answers on a small catalogue. A comment typed in the sandbox inspector then gets its private reply
and shows, matched with its why, in the agent's messages. The delivery answer is written in English, Arabic and
Tunisian besides its French default, so a question in one of them is answered in it. The month's replies are shown 80 % used, so that Home,
/notification and the bell show an alert (the reply limit's, with the plans as its fix).

`python -m app demo` seeds it through the same services a user's clicks go through (sign-in verified by the
Graph API, a plan granted, the page connected and subscribed), once the sandbox answers. Seeding again changes
nothing that is there.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import select, update

from app import graph
from app.database import insert_ignore, session
from app.errors import DomainError
from app.models import Agent, AgentIntent, Category, Product, ProductAnswer, ReplyUsage, SocialPage, Synonym, User, \
    utcnow
from app.services import alerts, auth, pages, training
from app.services.billing import grants, plans

# The sandbox's demo scenario (sandbox/scenarios.py): Amira's user token and her first page.
DEMO_USER_TOKEN = "EAAUdemoAmiraBenSalah0001"
DEMO_PAGE = "Maison Jasmin"
DEMO_PLAN = "Agencies"
DEMO_MONTHS = 12
DEMO_REPLIES_USED = 80  # percent of the plan's monthly replies: the reply limit's first alert
SHOP = "https://maison-jasmin.example"

# (category, [(product, synonyms)]): names in French as the shop writes them, synonyms in the four languages.
CATALOGUE = [
    ("Robes", [("Robe Jasmin", ["robe jasmine", "jasmine dress", "robe blanche", "فستان ياسمين"]),
               ("Caftan Carthage", ["caftan", "kaftan", "9aftan", "قفطان"])]),
    ("Sacs", [("Sac Medina", ["sac cuir", "sac en cuir", "leather bag", "شنطة جلد"])]),
]
# Generic answers in other languages by intent (nlp/answer.py LANGUAGES): the French texts stay the default.
IN_LANGUAGES = {"delivery": {
    "en": "We deliver all over Tunisia within 48 hours: 7 DT, free from 150 DT.",
    "ar": "نوصل إلى كامل تراب الجمهورية في 48 ساعة: 7 دنانير، والتوصيل مجاني ابتداءً من 150 دينارًا.",
    "tn": "N3adiw livraison l Tounes lkol fi 48 se3a: 7 DT, w bleech men 150 DT.",
}}
# (intent, generic answer, buttons, {product: its answer}).
INTENTS = [
    ("price", "Bonjour ##FIRST_NAME## ! Dites-nous quel article vous intéresse et nous vous donnons son prix.",
     [{"type": "web_url", "url": SHOP, "title": "Voir la boutique", "webview_height_ratio": "tall"}],
     {"Robe Jasmin": "Bonjour ##FIRST_NAME##, la Robe Jasmin est à 129 DT, du S au XL.",
      "Caftan Carthage": "Bonjour ##FIRST_NAME##, le Caftan Carthage est à 249 DT, brodé main.",
      "Sac Medina": "Bonjour ##FIRST_NAME##, le Sac Medina en cuir est à 89 DT."}),
    ("availability", "Oui ##FIRST_NAME##, c'est disponible en boutique et sur ##PAGE_NAME## !", [],
     {"Caftan Carthage": "Le Caftan Carthage est disponible en M et en L, ##FIRST_NAME##."}),
    ("delivery", "Livraison partout en Tunisie en 48 h : 7 DT, offerte dès 150 DT d'achat.", [], {}),
]


class DemoUnavailable(RuntimeError):
    """The sandbox does not answer, or its world is not the demo scenario."""


@dataclass
class Demo:
    user: User
    page: SocialPage
    agent: Agent


def seed(settings: dict, wait: float = 0) -> Demo:
    """Amira signed up on a paid plan, Maison Jasmin connected and equipped; waits up to `wait` seconds for the
    sandbox. Needs an application context (the sign-in issues a session token)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            user = auth.login_with_facebook(settings, DEMO_USER_TOKEN, None).user
            break
        except DomainError as error:  # the sandbox is still starting (or not on the demo scenario)
            session.rollback()
            if time.monotonic() >= deadline:
                raise DemoUnavailable(f"the sandbox did not let the demo user sign in: {error}") from error
            time.sleep(1)
    _give_plan(user)
    page = _connected_page(settings, user)
    demo = Demo(user, page, equip(page, user))
    _near_the_reply_limit(user, page)
    return demo


def _give_plan(user: User) -> None:
    current = plans.current_plan(user)
    if current is None or current.expired or current.plan.type == plans.FREE_TRIAL:
        grants.grant(user.facebook_id, DEMO_PLAN, DEMO_MONTHS)


def _near_the_reply_limit(user: User, page: SocialPage) -> None:
    """The month's replies DEMO_REPLIES_USED % used (never fewer than they are), and the page's alerts raised."""
    month = utcnow().strftime("%Y-%m")
    used = plans.current_plan(user).plan.number_auto_replies * DEMO_REPLIES_USED // 100
    insert_ignore(ReplyUsage, [{"owner_id": user.id, "month": month, "used": 0}], ["owner_id", "month"])
    session.execute(update(ReplyUsage).where(ReplyUsage.owner_id == user.id, ReplyUsage.month == month,
                                             ReplyUsage.used < used).values(used=used))
    session.commit()
    alerts.refresh(page)


def _connected_page(settings: dict, user: User) -> SocialPage:
    try:
        found = next((page for page in pages.network_pages(settings, user, "facebook") if page.name == DEMO_PAGE),
                     None)
    except graph.GraphError as error:
        raise DemoUnavailable(f"the sandbox did not list the demo user's pages: {error}") from error
    if found is None:
        raise DemoUnavailable(f"the demo user has no page named {DEMO_PAGE!r}: is the sandbox on the demo scenario?")
    if not pages.connect(settings, user, "facebook", found.external_id):
        raise DemoUnavailable("the demo user's plan refused to connect the page")
    return pages.find("facebook", found.external_id)


def equip(page: SocialPage, user: User | None = None) -> Agent:
    """The demo catalogue on the page and a live, trained generic agent answering from it (both kept when there)."""
    products = _catalogue(page)
    agent = session.scalars(select(Agent).where(Agent.page_id == page.id,
                                                Agent.target_id == page.external_id)).first()
    if agent is None:
        agent = Agent(page_id=page.id, target_id=page.external_id, is_generic=True, intent_kind="specific",
                      post_message=page.name, post_picture=page.picture_url, post_status="Published",
                      created_by_id=user.id if user else None,
                      intents=[_intent(position, name, text, buttons, answers, products)
                               for position, (name, text, buttons, answers) in enumerate(INTENTS)])
        session.add(agent)
        session.commit()
    if not agent.trained:
        training.train_agent(agent.id)
    agent.live = True
    session.commit()
    return agent


def _catalogue(page: SocialPage) -> dict[str, Product]:
    """The demo products by name, added to the page's catalogue where missing."""
    added = False
    products = {}
    for category_name, entries in CATALOGUE:
        category = session.scalars(select(Category).where(Category.page_id == page.id,
                                                          Category.name == category_name)).first()
        if category is None:
            category, added = Category(page_id=page.id, name=category_name), True
            session.add(category)
        known = {product.content: product for product in category.products}
        for name, synonyms in entries:
            if name not in known:
                known[name], added = Product(page_id=page.id, content=name,
                                             synonyms=[Synonym(value=value) for value in synonyms]), True
                category.products.append(known[name])
            products[name] = known[name]
    if added:
        page.catalogue_version += 1  # matchers are cached per catalogue version
    session.commit()
    return products


def _intent(position: int, name: str, text: str, buttons: list, answers: dict[str, str],
            products: dict[str, Product]) -> AgentIntent:
    return AgentIntent(intent_name=name, status="old", generic_answer=text, answers=IN_LANGUAGES.get(name, {}),
                       buttons=buttons, position=position,
                       product_answers=[ProductAnswer(product_id=products[product].id, product_name=product,
                                                      category_name=products[product].category.name, answer=answer,
                                                      buttons=buttons)
                                        for product, answer in answers.items()])
