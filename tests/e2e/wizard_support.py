"""What the agent wizard's browser tests share: Amira's Facebook page (white-listed, with a catalogue and a post of the
test's own) and her Instagram account, set up once a module; an intent's card in step 2, and a comment said in the
chat simulator of step 3 (the catalogue screens' tests use it too)."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import add_category, connected, new_post, owner_session, white_list

FACEBOOK_PAGE = "Maison Jasmin"
INSTAGRAM_ACCOUNT = "maison.jasmin"
CATALOGUE = {"caftan": ["kaftan", "qaftan", "9aftan", "قفطان", "كفطان"], "robe longue": ["maxi dress", "rouba twila"]}


def intent_card(tab: Page, name: str):
    return tab.locator(f".wizard__intent[data-intent={name}]")


def say(tab: Page, comment: str):
    """Sends a test comment in the simulator; the agent's last reply."""
    replies = tab.locator(".wizard__reply")
    before = replies.count()
    tab.get_by_label("Write a comment…").fill(comment)
    tab.get_by_role("button", name="Send").click()
    expect(replies).to_have_count(before + 1)
    return replies.last


@pytest.fixture(scope="module")
def owner(product, agent_worker):
    """Amira on a plan allowing activation, her Facebook page white-listed with a catalogue and a post of this test's
    own, her Instagram account connected."""
    session = owner_session(product)
    jwt = session["token"]
    facebook = connected(product, jwt, FACEBOOK_PAGE)
    white_list(product, facebook)
    add_category(product, jwt, facebook, "Robes & jupes", CATALOGUE)
    instagram = connected(product, jwt, INSTAGRAM_ACCOUNT, "instagram")
    post_message = f"Caftans brodés main, nouvelle collection {int(time.time())}"
    post_id = new_post(product, facebook, post_message)
    return {**session, "facebook": facebook, "instagram": instagram, "post_id": post_id, "post_message": post_message}
