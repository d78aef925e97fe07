"""The benchmark's shop: a sandbox page with one post, connected in the product through the same helpers as the
worker tests (webhooks registered at both levels), and a live agent that answers price questions at once."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace

from sqlalchemy import select

from app.database import session
from app.models import Plan, SocialPage, Subscription, utcnow
from sandbox.admin_client import AdminClient
from tests.workers.conftest import add_agent, connect_page

# Every one of these matches the agent's `price` intent, so each comment must get exactly one private reply.
PRICE_QUESTIONS = ("combien le prix de la robe ?", "prix svp", "c'est combien ?", "9adeh soumha ?",
                   "how much is it?", "le prix ?", "combien la robe ?", "Prix stp", "kaddech el prix ?")
ANSWER = "Bonjour ##FIRST_NAME##, la robe est à 45 DT chez ##PAGE_NAME##."
# The free trial stops after 100 automatic replies a month; the benchmark's shop pays for the largest plan.
BENCH_PLAN = "Premium"


@dataclass
class Shop:
    admin: AdminClient
    page_id: str
    post_id: str

    @property
    def post_suffix(self) -> str:
        """Facebook comment ids are `{post suffix}_{comment suffix}` (docs/graph-api.md#conventions)."""
        return self.post_id.split("_")[-1]


def open_shop(settings: dict, sandbox_url: str, web_url: str) -> Shop:
    admin = AdminClient(sandbox_url)
    page, post_id = connect_page(SimpleNamespace(admin=admin), settings, web_url)
    add_agent(page, post_id, {"price": ANSWER})
    _subscribe_owner(page, BENCH_PLAN)
    return Shop(admin, page.external_id, post_id)


def _subscribe_owner(page: SocialPage, plan_name: str) -> None:
    subscription = session.scalars(select(Subscription).where(Subscription.user_id == page.owner_id)).one()
    subscription.plan_id = session.scalars(select(Plan.id).where(Plan.name == plan_name)).one()
    subscription.expires_at = utcnow() + timedelta(days=30)
    session.commit()
