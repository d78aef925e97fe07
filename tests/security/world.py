"""One product world for the security tests, built once per module through the real calls: an owner on a paid plan
with a connected Facebook page and Instagram account, a live generic agent with product answers, a post agent, a
catalogue, a decided comment (its log and its commenter's profile), an open invitation, a paid order with its
invoice; an invited member and an invited admin of the owner's team; and a stranger who owns a team of their own.
`nothing(world)` is the same world with every id replaced by one nobody has, so that a call can be sent naming the
owner's things and naming nothing, and the two answers compared.

Building it per test would take seconds each; the matrix then sends hundreds of refused calls against it and shows,
from the database, that none of them changed anything."""
from __future__ import annotations

import dataclasses
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from types import SimpleNamespace

import jwt as pyjwt
from flask_jwt_extended import create_access_token, decode_token
from sqlalchemy import select, text

from app import create_app
from app.database import session
from app.models import AgentIntent, Base, Category, Invitation, PlannedAction, ProductAnswer, User
from app.services import demo
from app.services.reference_data import load_reference_data
from tests.api.agent_messages_support import Shop
from tests.api.agents_support import Team, agent_with_intent, team
from tests.api.billing_support import RATES_PER_TND, buy, newer_notification
from tests.api.pages_support import connected_page, join_team
from tests.fixtures.services import truncate_all

FAN = {"id": "7345098712340099", "name": "Nour Haddad"}


@dataclass
class World:
    owner: Team
    member: User
    member_headers: dict
    admin_headers: dict  # an invited admin's: the same rights as a member (spec 000 §6)
    stranger: Team
    instagram_id: str
    generic_agent_id: int
    post_agent_id: int
    category_id: int
    product_id: int
    product_name: str
    synonym: str
    log_id: int
    product_answer_id: int
    invitation_token: str
    order_id: str
    fan_id: str = FAN["id"]
    tokens: dict = field(default_factory=dict)
    invitation_id: int = 0  # the open invitation's (resent or revoked by its id)

    @property
    def page_id(self) -> str:
        return self.owner.page_id


@contextmanager
def world_on(base_settings: dict, sandbox_server, database_url: str):
    """(app, its test client, the world) on this database, emptied first and built through the app's calls."""
    sandbox_server.admin.reset("empty")
    application = create_app({**base_settings, "DATABASE_URL": database_url,
                              "CURRENCY_RATES_URL": f"{sandbox_server.url}/rates/TND"})
    sandbox_server.admin.call("POST", "/rates", {"rates": RATES_PER_TND, "failing": False})
    with application.app_context():
        truncate_all()
        load_reference_data()
        client = application.test_client()
        yield application, client, build(application, client, sandbox_server)
        session.remove()


NOTHING = 2_147_000_000  # far above any id the world's rows take: an id of no row


def nothing(w: World) -> World:
    """The world with each id of the owner's (page, account, post, agents, catalogue, log, order, network ids) and
    of the commenter's replaced by one nobody has; names, texts and the stranger stay as they are."""
    page = SimpleNamespace(external_id="104857392999999", name=w.owner.page.name, platform="facebook")
    owner = dataclasses.replace(w.owner, page=page, post_id=f"{page.external_id}_122101234599999999",
                                user=SimpleNamespace(facebook_id="7345098799999991"))
    return dataclasses.replace(
        w, owner=owner, member=SimpleNamespace(facebook_id="7345098799999992"), instagram_id="17841400999999999",
        generic_agent_id=NOTHING, post_agent_id=NOTHING + 1, category_id=NOTHING + 2, product_id=NOTHING + 3,
        log_id=NOTHING + 4, product_answer_id=NOTHING + 5, invitation_id=NOTHING + 6, order_id="SP-0000000000-NOTHING",
        fan_id="7345098799999993")


def sign_in(app, client, sandbox, first_name: str):
    """(user row, headers, sandbox user): a fresh sandbox user signed in through the real login call."""
    network_user = sandbox.admin.user(first_name=first_name, last_name="Test",
                                      email=f"{uuid.uuid4().hex[:8]}@example.com")
    answer = client.post("/api/v1/auth/login/facebook", json={"token": network_user["access_token"]})
    assert answer.status_code == 200, answer.get_json()
    token = answer.get_json()["token"]
    user = session.get(User, int(decode_token(token)["sub"]))
    return user, {"Authorization": f"Bearer {token}"}, network_user


def build(app, client, sandbox) -> World:
    def signed_in(first_name="Amira", last_name=None):
        return sign_in(app, client, sandbox, first_name)

    owner = team(client, sandbox, signed_in, first_name="Olfa")
    instagram, _ = connected_page(client, sandbox, owner.headers, owner.network_user, name="Olfa Insta",
                                  platform="instagram")
    generic = demo.equip(owner.page, owner.user)
    post_agent_id = agent_with_intent(client, owner)
    log = Shop(owner, generic, dict(app.config), sandbox).comment("Bonjour, quel est le prix de la robe ?", FAN)
    _settle_actions()

    category = session.scalars(select(Category).where(Category.page_id == owner.page.id,
                                                      Category.is_default.is_(False))).first()
    product = next(product for product in category.products if product.synonyms)

    member, member_headers, _ = signed_in("Mona")
    admin, admin_headers, _ = signed_in("Adel")
    for page in (owner.page, instagram):
        join_team(page, member, "invited_member")
        join_team(page, admin, "invited_admin")

    generated = client.get(f"/api/v1/secure/membership/get/{owner.page_id}/facebook/Sami", headers=owner.headers)
    assert generated.status_code == 200 and "tokenPage" in generated.get_json(), generated.get_json()

    stranger = team(client, sandbox, signed_in, first_name="Sonia")
    demo.equip(stranger.page, stranger.user)  # a catalogue and agent of their own, beside which the owner's ids

    world = World(owner=owner, member=member, member_headers=member_headers, admin_headers=admin_headers,
                  stranger=stranger,
                  instagram_id=instagram.external_id, generic_agent_id=generic.id, post_agent_id=post_agent_id,
                  category_id=category.id, product_id=product.id, product_name=product.content,
                  synonym=product.synonyms[0].value, log_id=log.id, product_answer_id=_a_product_answer(generic.id),
                  invitation_token=generated.get_json()["tokenPage"], order_id=_paid_order(app, client, owner))
    world.invitation_id = session.scalar(select(Invitation.id).where(Invitation.token == world.invitation_token))
    world.tokens = _bad_tokens(app, client, sandbox, owner)
    return world


def _a_product_answer(agent_id: int) -> int:
    return session.scalar(select(ProductAnswer.id).join(AgentIntent).where(AgentIntent.agent_id == agent_id)
                          .order_by(ProductAnswer.id))


def _paid_order(app, client, owner: Team) -> str:
    bought = buy(client, owner.headers, owner.user.facebook_id, name="Premium", delai=1)
    assert bought.status_code == 200, bought.get_json()
    order_id = bought.get_json()["data"]["idPack"]
    notified = client.post("/api/v1/payment/notification", data=newer_notification(app.config, order_id))
    assert notified.get_json()["code"] == "applied", notified.get_json()
    return order_id


def _settle_actions(timeout: float = 10.0) -> None:
    """Wait until no action of the decided comment is still on its way, so that nothing changes underneath."""
    deadline = time.monotonic() + timeout
    while session.scalar(select(PlannedAction.id).where(PlannedAction.state.in_(("planned", "sending")))):
        assert time.monotonic() < deadline, "the comment's actions never settled"
        time.sleep(0.1)
        session.expire_all()


def _bad_tokens(app, client, sandbox, owner: Team) -> dict[str, dict]:
    """Headers carrying each kind of token the API must refuse, all naming the owner, who would be let in."""
    subject = str(owner.user.id)
    claims = decode_token(owner.headers["Authorization"].split()[1])
    unsigned = pyjwt.encode({**claims, "jti": uuid.uuid4().hex}, None, algorithm="none")
    forged = pyjwt.encode({**claims, "jti": uuid.uuid4().hex}, "not-the-servers-key-" + "x" * 32, algorithm="HS256")
    expired = create_access_token(identity=subject, expires_delta=timedelta(seconds=-30))
    second_session = client.post("/api/v1/auth/login/facebook",
                                 json={"token": owner.network_user["access_token"]}).get_json()["token"]
    revoked = {"Authorization": f"Bearer {second_session}"}
    assert client.post("/api/v1/auth/logout", headers=revoked).status_code == 200
    return {"none": {}, "forged": {"Authorization": f"Bearer {forged}"},
            "unsigned": {"Authorization": f"Bearer {unsigned}"},
            "expired": {"Authorization": f"Bearer {expired}"}, "revoked": revoked}


# --- what a refused call must leave untouched -------------------------------------------------------------------

def database_snapshot() -> dict[str, object]:
    """Every row of every table, in a stable order (on PostgreSQL a digest of each table's rows, all in one query):
    a refused call leaves all of it as it was."""
    session.rollback()
    tables = [table.name for table in Base.metadata.sorted_tables]
    if session.get_bind().dialect.name == "postgresql":
        digests = " UNION ALL ".join(
            f"SELECT '{name}', md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM {name} t"
            for name in tables)
        snapshot = dict(session.execute(text(digests)).all())
    else:
        snapshot = {name: sorted(tuple(map(repr, row)) for row in session.execute(text(f"SELECT * FROM {name}")))
                    for name in tables}
    session.rollback()
    return snapshot


def changed_tables(before: dict, after: dict) -> list[str]:
    return [name for name in before if before[name] != after[name]]

