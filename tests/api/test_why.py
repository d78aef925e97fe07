"""The why on every comment log of the agent messages calls: what the matcher read (language, intents with their
scores, products with the words or synonym that named them), why nothing was answered, and what was done on the
network with its outcome or the Graph API's error."""
from datetime import timedelta

import pytest
from sqlalchemy import update

from app.database import session
from app.models import Agent, PlannedAction, Subscription, utcnow
from app.services.pipeline import actions
from tests.api.agent_messages_support import logs, shop


def shop_where(app, client, sandbox, signed_in, **page_settings):
    """The demo shop with its page's settings changed (anti-spam, hide negative...)."""
    owner = shop(app, client, sandbox, signed_in)
    for name, value in page_settings.items():
        setattr(owner.owner.page, name, value)
    session.commit()
    return owner


def why_of(client, owner, log) -> dict:
    body = logs(client, owner.headers, owner.owner.page_id).get_json()
    return next(entry["why"] for entry in body["data"] if entry["_id"] == log.id)


def test_a_matched_comment_says_what_was_read_matched_and_sent(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Combien la robe jasmine svp ?")

    why = why_of(client, owner, log)

    assert (why["language"], why["threshold"], why["answered"], why["reason"], why["reasonText"]) == \
        ("fr", pytest.approx(0.45), True, None, None)
    best = why["intents"][0]
    assert (best["intent"], best["inAgent"], best["aboveThreshold"]) == ("price", True, True)
    assert best["score"] >= why["threshold"] > why["intents"][1]["score"]
    [product] = why["products"]
    assert (product["product"], product["category"], product["matchedBy"], product["synonym"], product["words"]) == \
        ("Robe Jasmin", "Robes", "robe jasmine", True, "robe jasmine")
    assert (why["intent"], why["product"]) == ("price", "Robe Jasmin")
    [reply] = why["actions"]
    assert (reply["kind"], reply["state"], reply["manual"], reply["error"]) == ("private_reply", "done", False, None)
    assert reply["text"] == "Bonjour Nour, la Robe Jasmin est à 129 DT, du S au XL."
    assert reply["sentAt"] and reply["resultId"] == \
        sandbox.admin.comment_effects(log.comment_id)["private_replies"][0]["message_id"]


def test_likes_hides_and_public_replies_are_listed_with_their_outcome(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    page = owner.owner.page
    page.likes_comment, page.public_reply_enabled, page.public_reply_message = True, True, "Répondu en privé !"
    session.commit()
    log = owner.comment("Vous livrez à Sousse ?")

    why = why_of(client, owner, log)

    assert [(action["kind"], action["state"]) for action in why["actions"]] == \
        [("private_reply", "done"), ("like", "done"), ("public_reply", "done")]
    assert why["actions"][2]["text"] == "Répondu en privé !"


@pytest.mark.parametrize("message, reason, text", [
    ("Bravo pour la collection 😍😍", "asks_nothing", "The comment asks nothing (praise, thanks, a tag)."),
    ("Quelle taille pour le caftan, je fais du 40 ?", "intent_not_in_agent",
     "The comment is about size, an intent this agent does not have."),
])
def test_an_unanswered_comment_says_why(app, client, sandbox, signed_in, message, reason, text):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment(message)

    why = why_of(client, owner, log)

    assert (why["reason"], why["reasonText"], why["answered"], why["actions"]) == (reason, text, False, [])
    if reason == "intent_not_in_agent":
        assert why["intents"][0] == {"intent": "size", "score": why["intents"][0]["score"], "inAgent": False,
                                     "aboveThreshold": True}
        assert why["products"][0]["product"] == "Caftan Carthage"


def test_a_question_with_a_link_is_answered_when_the_page_does_not_hide_links(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Combien la robe jasmine ? je l'ai vue sur www.boutique-amira.tn/robes")

    why = why_of(client, owner, log)

    assert (why["link"], why["answered"], why["reason"], why["intent"]) == (True, True, None, "price")
    assert [action["kind"] for action in why["actions"]] == ["private_reply"]
    assert sandbox.admin.comment_effects(log.comment_id)["is_hidden"] is False


def test_a_comment_with_a_link_hidden_by_the_anti_spam_switch_is_not_answered(app, client, sandbox, signed_in):
    owner = shop_where(app, client, sandbox, signed_in, spam=True)
    log = owner.comment("Combien la robe jasmine ? je l'ai vue sur www.boutique-amira.tn/robes")

    why = why_of(client, owner, log)

    assert (why["reason"], why["reasonText"], why["answered"]) == \
        ("link", "The comment carries a link and the page hides links (anti-spam): hidden, not answered.", False)
    assert why["intents"][0]["intent"] == "price"  # understood, yet not answered: the page hides links
    assert [(action["kind"], action["state"]) for action in why["actions"]] == [("hide", "done")]
    effects = sandbox.admin.comment_effects(log.comment_id)
    assert effects["is_hidden"] is True and effects["private_replies"] == []


def test_a_negative_comment_hidden_by_the_page_says_so_with_the_hide(app, client, sandbox, signed_in):
    owner = shop_where(app, client, sandbox, signed_in, hide_comment=True)
    log = owner.comment("Arnaque, vous êtes des voleurs, service nul")

    why = why_of(client, owner, log)

    assert (why["reason"], why["negative"]) == ("negative_hidden", True)
    assert [(action["kind"], action["state"]) for action in why["actions"]] == [("hide", "done")]
    assert sandbox.admin.comment_effects(log.comment_id)["is_hidden"] is True


def test_no_reply_past_the_plan_or_with_the_agent_off_or_on_the_pages_own_comment(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    session.execute(update(Subscription).where(Subscription.user_id == owner.owner.user.id)
                    .values(expires_at=utcnow() - timedelta(days=1)))
    session.commit()
    expired = owner.comment("Vous livrez à Sousse ?")
    # Through the row: the drain closed the session the agent object came from.
    session.execute(update(Agent).where(Agent.id == owner.agent.id).values(live=False))
    session.commit()
    off = owner.comment("Vous livrez à Sfax ?")
    own = owner.comment("Vous livrez à Bizerte ?", author={"id": owner.owner.page_id, "name": "Boutique Amira"})

    reasons = {log.id: why_of(client, owner, log) for log in (expired, off, own)}

    assert reasons[expired.id]["reason"] == "plan_expired"
    assert reasons[expired.id]["intents"][0]["intent"] == "delivery"  # it was understood, not sent
    assert (reasons[off.id]["reason"], reasons[off.id]["reasonText"]) == \
        ("agent_not_live", "The agent is not live (Draft or Not Active): it answers nothing.")
    assert reasons[own.id]["reason"] == "own_comment"
    for log in (expired, off, own):
        assert reasons[log.id]["actions"] == [] and not reasons[log.id]["answered"]
        assert sandbox.admin.comment_effects(log.comment_id)["private_replies"] == []


def test_a_live_agent_being_edited_keeps_answering_with_its_current_answers(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    # As a wizard edit leaves it: a newer version, untrained until the owner's "update now", still live.
    session.execute(update(Agent).where(Agent.id == owner.agent.id).values(trained=False,
                                                                           version=Agent.version + 1))
    session.commit()

    log = owner.comment("Vous livrez à Sousse ?")

    assert log.treated and log.skip_reason is None and log.answer
    assert sandbox.admin.comment_effects(log.comment_id)["private_replies"] != []


def test_a_live_agent_never_trained_answers_nothing_and_says_so(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    session.execute(update(Agent).where(Agent.id == owner.agent.id).values(trained=False, trained_version=None))
    session.commit()

    log = owner.comment("Vous livrez à Sousse ?")

    assert not log.treated and log.skip_reason == "agent_not_live"
    assert sandbox.admin.comment_effects(log.comment_id)["private_replies"] == []


def test_the_monthly_reply_limit_is_the_reason_past_it(app, client, sandbox, signed_in):
    from app.models import Plan, ReplyUsage

    owner = shop(app, client, sandbox, signed_in)
    limit = session.query(Plan).filter_by(name="Agencies").one().number_auto_replies
    session.add(ReplyUsage(owner_id=owner.owner.user.id, month=utcnow().strftime("%Y-%m"), used=limit))
    session.commit()
    log = owner.comment("Vous livrez à Sousse ?")

    why = why_of(client, owner, log)

    assert (why["reason"], why["reasonText"]) == ("plan_limit", "The plan's monthly reply limit is reached.")


def test_a_graph_api_refusal_shows_as_the_actions_error(app, client, sandbox, signed_in):
    owner = shop(app, client, sandbox, signed_in)
    sandbox.admin.fault("permission", scope=owner.owner.page_id, count=1)
    log = owner.comment("Vous livrez à Sousse ?")

    why = why_of(client, owner, log)

    [reply] = why["actions"]
    assert (reply["kind"], reply["state"], reply["sentAt"]) == ("private_reply", "failed", None)
    assert reply["error"].startswith("200 - ")
    assert why["answered"] is False


def test_a_reply_recorded_as_sent_by_an_earlier_attempt_says_so(app, client, sandbox, signed_in):
    """The sweep's record after a crash (tests/workers/test_recovery.py drives the crash itself): done, no id, a note."""
    owner = shop(app, client, sandbox, signed_in)
    log = owner.comment("Vous livrez à Sousse ?")
    assert why_of(client, owner, log)["actions"][0]["note"] is None
    session.execute(update(PlannedAction).where(PlannedAction.comment_id == log.comment_id)
                    .values(error=actions.EARLIER_ATTEMPT, result_id=None))
    session.commit()

    [reply] = why_of(client, owner, log)["actions"]

    assert (reply["state"], reply["error"], reply["resultId"], reply["note"]) == \
        ("done", None, None, actions.EARLIER_ATTEMPT)
    assert why_of(client, owner, log)["answered"] is True
